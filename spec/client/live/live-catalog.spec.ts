import { map } from 'rxjs';
import { createClient, type CatalogState, type Tool } from '../../../src/index.js';
import { eraCase, itInEachEra, marbleTransport, note, req, res, serveTools, tool } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { discoverResult, modernMeta } from '../../helpers/mcp-fixtures.js';

const tools = (...names: string[]) => ({ tools: names.map((name) => tool(name)), ttlMs: 0, cacheScope: 'public' });
const caps = { tools: { listChanged: true } };
const summary = (s: CatalogState<Tool>) =>
  `${s.items ? s.items.map((t) => t.name).join('+') : '-'}${s.stale ? ' stale' : ''}${s.refreshing ? ' refreshing' : ''}${s.error ? ' error' : ''}`;

describe('Client live catalogs', () => {
  itInEachEra('give the same output from a list change whether legacy list_changed or a 2026-07-28 listen stream announces it', (server, helpers) => {
    const { cold, expectObservable, flush } = helpers;
    const served = serveTools(server, [tool('x')]);
    cold('-----c').subscribe(() => served.set([tool('x'), tool('y')]));
    const client = createClient(server.transport, { live: { debounceMs: 1 } });
    const states = { s: '- stale refreshing', l: 'x', c: 'x stale', r: 'x stale refreshing', m: 'x+y' };
    expectObservable(client.toolsState$.pipe(map(summary))).toBe('(sl)-c(rm)', states);
    flush();
    expect(server.requests.map((r) => r.method)).toEqual(['tools/list', 'tools/list']);
  });

  it('replays the latest list to late subscribers without listing again, and emits plain lists on tools$', () => {
    eraCase('2025-11-25').run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('tools/list', undefined, { times: 1 }).respond({ tools: [tool('x')] });
      const names = createClient(server.transport).tools$.pipe(map((list) => list.map((t) => t.name).join()));
      expectObservable(names).toBe('x', { x: 'x' });
      expectObservable(names, '---^').toBe('---x', { x: 'x' });
    });
  });

  it('stops listening a grace period after the last subscriber left, and starts again lazily', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const acknowledged = note('notifications/subscriptions/acknowledged', { notifications: { toolsListChanged: true }, _meta: { 'io.modelcontextprotocol/subscriptionId': 3 } });
      const inbound = hot('a---------bA', { a: res(0, discoverResult(caps)), b: res(4, tools('x')), A: acknowledged });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { live: { graceMs: 3 } });
      expectObservable(client.toolsState$.pipe(map(() => 'x')), '^-!').toBe('x');
      expectObservable(client.tools$.pipe(map((list) => list.length)), '---------^').toBe('----------n', { n: 1 });
      const listen = (id: number) => req(id, 'subscriptions/listen', { notifications: { toolsListChanged: true }, _meta: modernMeta() });
      const cancel = (id: number) => note('notifications/cancelled', { requestId: id, reason: 'Request cancelled by the client' });
      expectObservable(outbound$).toBe('(dlt)(ab)(LT)', {
        d: req(0, 'server/discover', { _meta: modernMeta() }),
        l: listen(1),
        t: req(2, 'tools/list', { _meta: modernMeta() }),
        a: cancel(1),
        b: cancel(2),
        L: listen(3),
        T: req(4, 'tools/list', { _meta: modernMeta() }),
      });
    });
  });
});
