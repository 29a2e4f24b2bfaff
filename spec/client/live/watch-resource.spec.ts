import { map } from 'rxjs';
import { createClient } from '../../../src/index.js';
import { eraCase, serveResourceContents } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';

const text = (r: { contents: readonly unknown[] }) => (r.contents[0] as { text: string }).text;
const legacy = eraCase('2025-11-25');

describe('Client.watchResource', () => {
  it('legacy: one resources/subscribe for several watchers, a re-read per update, one resources/unsubscribe at the end', () => {
    const server = legacy.run(createTestScheduler(), (server, { cold, expectObservable }) => {
      const served = serveResourceContents(server, 'x://a', 'v1');
      const client = createClient(server.transport);
      cold('------u').subscribe(() => served.update('v2'));
      expectObservable(client.watchResource('x://a').pipe(map(text)), '^---------!').toBe('1-----2', { 1: 'v1', 2: 'v2' });
      expectObservable(client.watchResource('x://a').pipe(map(text)), '--^---------!').toBe('--1---2', { 1: 'v1', 2: 'v2' });
      cold('-----------x').subscribe(() => server.expectNoRequest('resources/unsubscribe'));
    });
    expect(server.requests.map((r) => r.method)).toEqual(['resources/read', 'resources/subscribe', 'resources/read', 'resources/unsubscribe']);
  });

  it('2026-07-28: asks the listen stream for the URI and re-reads on each update', () => {
    const server = eraCase('2026-07-28').run(createTestScheduler(), (server, { cold, expectObservable }) => {
      const served = serveResourceContents(server, 'x://a', 'v1');
      cold('------u').subscribe(() => expect(served.update('v2')).withContext('listen streams asking for x://a').toBe(1));
      expectObservable(createClient(server.transport).watchResource('x://a').pipe(map(text))).toBe('1-----2', { 1: 'v1', 2: 'v2' });
    });
    expect(server.requests.map((r) => r.method)).toEqual(['resources/read', 'resources/read']);
  });
});

describe('Client.watchResource when the server refuses the subscription', () => {
  it('still gives the contents, and says on diagnostics$ that no updates will come', () => {
    legacy.run(createTestScheduler(), (server, { expectObservable }) => {
      serveResourceContents(server, 'x://a', 'v1');
      server.whenRequest('resources/subscribe').error(-32603, 'subscriptions are full');
      const client = createClient(server.transport);
      expectObservable(client.diagnostics$.pipe(map((d) => `${d.kind}: ${d.message}`))).toBe('d', {
        d: 'subscription-failed: No update subscription for x://a (subscriptions are full): the watch gets no updates',
      });
      expectObservable(client.watchResource('x://a').pipe(map(text))).toBe('1', { 1: 'v1' });
    });
  });
});
