import { map } from 'rxjs';
import { createClient, type CatalogState, type Params, type Tool } from '../../../src/index.js';
import { marbleTransport, note, req, res } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { discoverResult, initializeResult, methodOf, modernMeta } from '../../helpers/mcp-fixtures.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
const tools = (...names: string[]) => ({ tools: names.map(tool), ttlMs: 0, cacheScope: 'public' });
const caps = { tools: { listChanged: true } };
const tag = (id: number, params: Params = {}) => ({ ...params, _meta: { 'io.modelcontextprotocol/subscriptionId': id } });
const summary = (s: CatalogState<Tool>) =>
  `${s.items ? s.items.map((t) => t.name).join('+') : '-'}${s.stale ? ' stale' : ''}${s.refreshing ? ' refreshing' : ''}${s.error ? ' error' : ''}`;

/** The same timeline in both eras: connect and list, a change announced at 5, the refreshed list at 8. */
const INBOUND = '(akb)c--d';
const OUTPUT = '(sl)-cr-m';
const STATES = { s: '- stale refreshing', l: 'x', c: 'x stale', r: 'x stale refreshing', m: 'x+y' };

describe('Client live catalogs', () => {
  it('give the same output from legacy list_changed notifications as from a 2026-07-28 listen stream', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const legacy = marbleTransport(hot(INBOUND, {
        a: res(0, initializeResult('2025-11-25', caps)), k: note('notifications/message', { level: 'info', data: 'hi' }),
        b: res(1, tools('x')), c: note('notifications/tools/list_changed'), d: res(2, tools('x', 'y')),
      }));
      const modern = marbleTransport(hot(INBOUND, {
        a: res(0, discoverResult(caps)), k: note('notifications/subscriptions/acknowledged', tag(1, { notifications: { toolsListChanged: true } })),
        b: res(2, tools('x')), c: note('notifications/tools/list_changed', tag(1)), d: res(3, tools('x', 'y')),
      }));
      const legacyClient = createClient(legacy.transport, { protocol: 'legacy', live: { debounceMs: 1 } });
      const modernClient = createClient(modern.transport, { live: { debounceMs: 1 } });
      expectObservable(legacyClient.toolsState$.pipe(map(summary))).toBe(OUTPUT, STATES);
      expectObservable(modernClient.toolsState$.pipe(map(summary))).toBe(OUTPUT, STATES);
      expectObservable(modern.outbound$.pipe(map(methodOf))).toBe('(dlt)-r', {
        d: 'server/discover', l: 'subscriptions/listen', t: 'tools/list', r: 'tools/list',
      });
    });
  });

  it('replays the latest list to late subscribers without listing again, and emits plain lists on tools$', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('(ab)', { a: res(0, initializeResult('2025-11-25', caps)), b: res(1, tools('x')) }));
      const client = createClient(transport, { protocol: 'legacy' });
      expectObservable(client.tools$.pipe(map((list) => list.map((t) => t.name).join()))).toBe('x', { x: 'x' });
      expectObservable(client.tools$.pipe(map((list) => list.map((t) => t.name).join())), '---^').toBe('---x', { x: 'x' });
      expectObservable(outbound$.pipe(map(methodOf))).toBe('(int)', { i: 'initialize', n: 'notifications/initialized', t: 'tools/list' });
    });
  });

  it('stops listening a grace period after the last subscriber left, and starts again lazily', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('a---------b', { a: res(0, discoverResult(caps)), b: res(4, tools('x')) });
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
