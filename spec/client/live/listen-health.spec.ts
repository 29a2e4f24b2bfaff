import { NEVER, filter, map, of, type Observable } from 'rxjs';
import { createClient, type CatalogState, type Tool } from '../../../src/index.js';
import { marbleTransport, note, res, tool } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { discoverResult, methodOf } from '../../helpers/mcp-fixtures.js';

const caps = { tools: { listChanged: true } };
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const ack = (id: number) => note('notifications/subscriptions/acknowledged', { notifications: { toolsListChanged: true }, _meta: { [SUBSCRIPTION_ID]: id } });
const summary = (s: CatalogState<Tool>) => `${s.items ? s.items.map((t) => t.name).join('+') : '-'}${s.stale ? ' stale' : ''}${s.refreshing ? ' refreshing' : ''}`;

/**
 * A 2026-07-28 server with one response stream per request (the Streamable HTTP shape): it answers discovery and
 * `tools/list` at once, and serves the `n`-th listen request (id `id`) with `listenStream(n, id)`.
 */
function perRequestServer(listenStream: (n: number, id: number) => Observable<unknown>) {
  let listens = 0;
  return marbleTransport(NEVER, {
    exchange: (frame) => {
      const { id, method } = frame.message as { id: number; method: string };
      if (method === 'server/discover') return of(res(id, discoverResult(caps)));
      if (method === 'tools/list') return of(res(id, { tools: [tool('x')], ttlMs: 0, cacheScope: 'public' }));
      if (method === 'subscriptions/listen') return listenStream(listens++, id);
      return NEVER;
    },
  });
}

const listensOf = (outbound$: Observable<unknown>) => outbound$.pipe(filter((m) => methodOf(m as never) === 'subscriptions/listen'), map(() => 'L'));

describe('Client listen stream health (2026-07-28)', () => {
  const endings = {
    drops: () => '|',
    'ends it with a result': (id: number) => ['(r|)', { r: res(id, { resultType: 'complete', _meta: { [SUBSCRIPTION_ID]: id } }) }] as const,
    'cancels it': (id: number) => ['c', { c: note('notifications/cancelled', { requestId: id, reason: 'going away' }) }] as const,
  };
  for (const [how, ending] of Object.entries(endings)) {
    it(`backs off exponentially, up to maxMs, when the server acknowledges each listen and ${how} 200 ms later`, () => {
      createTestScheduler().run(({ cold, expectObservable }) => {
        const { transport, outbound$ } = perRequestServer((_, id) => {
          const end = ending(id);
          const [marble, values] = typeof end === 'string' ? [end, {}] : end;
          return cold(`a 199ms ${marble}`, { a: ack(id), ...values });
        });
        const client = createClient(transport, { live: { backoff: { initialMs: 100, maxMs: 400 } } });
        client.toolsState$.subscribe();
        cold('2600ms x').subscribe(() => client.close());
        // Each stream is up 200 ms (short of healthyMs): the delays grow 100, 200, 400, then stay at 400 (opens at 0, 300, 700, 1300, 1900, 2500).
        expectObservable(listensOf(outbound$), '^ 2600ms !').toBe('L 299ms L 399ms L 599ms L 599ms L 599ms L');
      });
    });
  }

  it('starts the backoff over once a stream has stayed acknowledged and open for healthyMs', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      // Streams 0-2 and 4-5 are up 200 ms, stream 3 is up 1000 ms (healthy after 500).
      const { transport, outbound$ } = perRequestServer((n, id) => cold(n === 3 ? 'a 999ms |' : 'a 199ms |', { a: ack(id) }));
      const client = createClient(transport, { live: { backoff: { initialMs: 100, healthyMs: 500 } } });
      client.toolsState$.subscribe();
      cold('3000ms x').subscribe(() => client.close());
      // Opens at 0, 300, 700, 1300 (up until 2300), then 100 ms later again: 2400, and 200 ms after its end: 2800.
      expectObservable(listensOf(outbound$), '^ 3000ms !').toBe('L 299ms L 399ms L 599ms L 1099ms L 399ms L');
    });
  });

  it('gives up a listen stream not acknowledged within listenAckTimeoutMs with a listen-retry diagnostic, marks the catalog stale and re-opens it with backoff; the acknowledgement lists again', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      // The first two listens are never acknowledged; the third is at once.
      const { transport, outbound$ } = perRequestServer((n, id) => (n < 2 ? NEVER : cold('a', { a: ack(id) })));
      const client = createClient(transport, { live: { listenAckTimeoutMs: 1000, debounceMs: 1, backoff: { initialMs: 100 } } });
      const retry = (delay: number, attempt: number) =>
        `listen-retry RequestTimeoutError: The listen stream was not acknowledged within 1000 ms: re-opening in ${delay} ms (attempt ${attempt})`;
      expectObservable(client.diagnostics$.pipe(map((d) => `${d.kind} ${d.error?.name}: ${d.message}`)), '^ 2400ms !').toBe('1000ms a 1099ms b', { a: retry(100, 1), b: retry(200, 2) });
      // Listed at 0; stale at each lapse (1000, 2100) without listing; acknowledged at 2300: listed again, fresh.
      expectObservable(client.toolsState$.pipe(map(summary)), '^ 2400ms !').toBe('(sl) 996ms c 1099ms c 199ms c (rm)', {
        s: '- stale refreshing', l: 'x', c: 'x stale', r: 'x stale refreshing', m: 'x',
      });
      const wire = outbound$.pipe(map((m) => ({ 'server/discover': 'd', 'subscriptions/listen': 'L', 'tools/list': 't' })[methodOf(m)] ?? '?'));
      expectObservable(wire, '^ 2400ms !').toBe('(dLt) 1095ms L 1199ms Lt');
    });
  });
});
