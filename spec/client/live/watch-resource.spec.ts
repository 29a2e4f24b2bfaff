import { map } from 'rxjs';
import { createClient } from '../../../src/index.js';
import { err, marbleTransport, note, req, res } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { discoverResult, initializeResult, keepIf, methodOf, modernMeta } from '../../helpers/mcp-fixtures.js';

const contents = (text: string) => ({ contents: [{ uri: 'x://a', text }], ttlMs: 0, cacheScope: 'private' });
const text = (r: { contents: readonly unknown[] }) => (r.contents[0] as { text: string }).text;

describe('Client.watchResource', () => {
  it('legacy: one resources/subscribe for several watchers, a re-read per update, one resources/unsubscribe at the end', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('(abc)-u-d---e', {
        a: res(0, initializeResult('2025-11-25', { resources: { subscribe: true } })),
        b: res(1, contents('v1')), c: res(2, {}),
        u: note('notifications/resources/updated', { uri: 'x://a' }),
        d: res(3, contents('v2')),
        e: res(4, {}),
      });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { protocol: 'legacy' });
      expectObservable(client.watchResource('x://a').pipe(map(text)), '^---------!').toBe('1-------2', { 1: 'v1', 2: 'v2' });
      expectObservable(client.watchResource('x://a').pipe(map(text)), '--^---------!').toBe('--1-----2', { 1: 'v1', 2: 'v2' });
      expectObservable(outbound$.pipe(map(methodOf))).toBe('(inrs)R-----U', {
        i: 'initialize', n: 'notifications/initialized', r: 'resources/read', s: 'resources/subscribe', R: 'resources/read', U: 'resources/unsubscribe',
      });
    });
  });

  it('2026-07-28: asks the listen stream for the URI and re-reads on each update', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('(ab)-u-d', {
        a: res(0, discoverResult({ resources: { subscribe: true } })),
        b: res(1, contents('v1')),
        u: note('notifications/resources/updated', { uri: 'x://a', _meta: { 'io.modelcontextprotocol/subscriptionId': 2 } }),
        d: res(3, contents('v2')),
      });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport);
      expectObservable(client.watchResource('x://a').pipe(map(text))).toBe('1------2', { 1: 'v1', 2: 'v2' });
      expectObservable(outbound$.pipe(map(keepIf('subscriptions/listen')))).toBe('(drl)R', {
        d: 'server/discover', r: 'resources/read', R: 'resources/read',
        l: req(2, 'subscriptions/listen', { notifications: { resourceSubscriptions: ['x://a'] }, _meta: modernMeta() }),
      });
    });
  });
});

describe('Client.watchResource when the server refuses the subscription', () => {
  it('still gives the contents, and says on diagnostics$ that no updates will come', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('(abc)', {
        a: res(0, initializeResult('2025-11-25', { resources: { subscribe: true } })),
        b: res(1, contents('v1')),
        c: err(2, -32603, 'subscriptions are full'),
      });
      const client = createClient(marbleTransport(inbound).transport, { protocol: 'legacy' });
      expectObservable(client.watchResource('x://a').pipe(map(text))).toBe('1', { 1: 'v1' });
      expectObservable(client.diagnostics$.pipe(map((d) => `${d.kind}: ${d.message}`))).toBe('d', {
        d: 'subscription-failed: No update subscription for x://a (subscriptions are full): the watch gets no updates',
      });
    });
  });
});
