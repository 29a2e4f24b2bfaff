import { defer, map, of } from 'rxjs';
import { DEFAULT_CACHE_MAX_ENTRIES, ResultCache } from '../../src/client/cache.js';
import type { CallEvent } from '../../src/client/input-rounds.js';
import { createClient } from '../../src/index.js';
import { createTestingController, elicitForm, itInEachEra, tool } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const tools = (ttlMs: number, cacheScope = 'public', nextCursor?: string) => ({ tools: [tool('t')], ttlMs, cacheScope, ...(nextCursor === undefined ? {} : { nextCursor }) });
const read = (text: string, ttlMs: number) => ({ contents: [{ uri: 'x://r', text }], ttlMs, cacheScope: 'public' });

describe('Cache hints (2026-07-28)', () => {
  it('serves a listing again from the cache while it is fresh, and asks the server once its ttlMs is over', () => {
    createTestScheduler().run(({ cold, flush }) => {
      const server = createTestingController({ revision: '2026-07-28' });
      const rule = server.whenRequest('tools/list').respond(tools(1000));
      const client = createClient(server.transport);
      client.listTools().subscribe();
      cold('500ms x').subscribe(() => client.listTools().subscribe());
      cold('1500ms x').subscribe(() => client.listTools().subscribe());
      flush();
      expect(rule.requests.length).toBe(2);
    });
  });

  it('keeps nothing without ttlMs, or with 0', () => {
    createTestScheduler().run(({ flush }) => {
      const server = createTestingController({ revision: '2026-07-28' });
      const rule = server.whenRequest('tools/list').respond(tools(0));
      const client = createClient(server.transport);
      client.listTools().subscribe();
      client.listTools().subscribe();
      flush();
      expect(rule.requests.length).toBe(2);
    });
  });

  it('makes entries stale at once on a matching list_changed or resources/updated', () => {
    createTestScheduler().run(({ flush }) => {
      const server = createTestingController({ revision: '2026-07-28', capabilities: { tools: { listChanged: true }, resources: { subscribe: true } } });
      const lists = server.whenRequest('tools/list').respond(tools(60_000));
      const reads = server.whenRequest('resources/read').respond(read('v', 60_000));
      const client = createClient(server.transport);
      client.tools$.subscribe();
      client.watchResource('x://r').subscribe();
      flush();
      client.listTools().subscribe();
      client.readResource('x://r').subscribe();
      flush();
      expect([lists.requests.length, reads.requests.length]).toEqual([1, 1]);
      server.notify('notifications/tools/list_changed');
      server.notify('notifications/resources/updated', { uri: 'x://r' });
      flush();
      expect([lists.requests.length, reads.requests.length]).toEqual([2, 2]);
    });
  });

  it('keeps private results per authorization context, and none while the context is unknown', () => {
    createTestScheduler().run(({ flush }) => {
      const server = createTestingController({ revision: '2026-07-28' });
      const rule = server.whenRequest('tools/list').respond(tools(60_000, 'private'));
      let partition: string | undefined = 'alice';
      const client = createClient(server.transport, { cachePartition: () => partition });
      const list = () => {
        client.listTools().subscribe();
        flush();
      };
      list();
      list();
      expect(rule.requests.length).toBe(1);
      partition = 'bob';
      list();
      expect(rule.requests.length).toBe(2);
      partition = undefined;
      list();
      list();
      expect(rule.requests.length).toBe(4);
    });
  });

  it('shares one request between identical reads in flight at the same moment', () => {
    createTestScheduler().run(({ expectObservable, flush }) => {
      const server = createTestingController({ revision: '2026-07-28' });
      const rule = server.whenRequest('resources/read').respond(read('v', 0), { delayMs: 10 });
      const client = createClient(server.transport);
      const text = client.readResource('x://r').pipe(map((r) => (r.contents[0] as { text: string }).text));
      expectObservable(text).toBe('10ms (v|)', { v: 'v' });
      expectObservable(text).toBe('10ms (v|)', { v: 'v' });
      flush();
      expect(rule.requests.length).toBe(1);
    });
  });

  it('never keeps a result that came after input rounds', () => {
    createTestScheduler().run(({ flush }) => {
      const server = createTestingController({ revision: '2026-07-28' });
      let calls = 0;
      server.whenRequest('resources/read').handle((request) => {
        calls += 1;
        if (request.params['inputResponses'] === undefined) request.inputRequired({ ok: elicitForm('Sure?', {}) });
        else request.respond(read('after rounds', 60_000));
      });
      const client = createClient(server.transport, { handlers: { elicitation: () => ({ action: 'accept', content: {} }) } });
      client.readResource('x://r').subscribe();
      flush();
      client.readResource('x://r').subscribe();
      flush();
      expect(calls).toBe(4);
    });
  });

  it('caches each page on its own, and drops the pages of a list whose cursor the server refused', () => {
    createTestScheduler().run(({ flush }) => {
      const server = createTestingController({ revision: '2026-07-28' });
      let seen = 0;
      server.whenRequest('tools/list').handle((request) => {
        seen += 1;
        if (request.params['cursor'] === undefined) request.respond(tools(60_000, 'public', 'p2'));
        else if (request.params['cursor'] === 'bad') request.error(-32602, 'Invalid cursor');
        else request.respond(tools(60_000));
      });
      const client = createClient(server.transport);
      client.listTools().subscribe();
      flush();
      client.listTools().subscribe();
      flush();
      expect(seen).toBe(2);
      client.listToolsPage('bad').subscribe({ error: () => undefined });
      flush();
      client.listTools().subscribe();
      flush();
      expect(seen).toBe(5);
    });
  });
});

describe('Cache hints in the legacy era', () => {
  itInEachEra('keeps nothing: legacy results carry no cache hints', (server, { flush }) => {
    const rule = server.whenRequest('tools/list').respond({ tools: [tool('t')] });
    const client = createClient(server.transport);
    client.listTools().subscribe();
    flush();
    client.listTools().subscribe();
    flush();
    expect(rule.requests.length).toBe(2);
  }, { revisions: ['2025-11-25'] });
});

describe('ResultCache bounds', () => {
  const result = (ttlMs: number) => ({ resultType: 'complete', contents: [], ttlMs, cacheScope: 'public' });
  const read = (cache: ResultCache, uri: string, ttlMs: number) =>
    cache.through('resources/read', { uri }, {}, of<CallEvent<unknown>>({ type: 'result', result: result(ttlMs) })).subscribe();

  it('keeps at most its bound of entries after 20 000 reads of distinct URIs', () => {
    createTestScheduler().run(() => {
      const cache = new ResultCache(() => '');
      for (let n = 0; n < 20_000; n++) read(cache, `x://r/${n}`, 1);
      expect(cache.size).toBeLessThanOrEqual(DEFAULT_CACHE_MAX_ENTRIES);
    });
  });

  it('drops expired entries before fresh ones when it is full', () => {
    createTestScheduler().run(({ cold, flush }) => {
      const cache = new ResultCache(() => '', 3);
      read(cache, 'x://long', 60_000);
      read(cache, 'x://short-1', 1);
      read(cache, 'x://short-2', 1);
      cold('10ms x').subscribe(() => read(cache, 'x://new', 60_000));
      flush();
      expect(cache.size).toBe(2);
      let sent = 0;
      cache.through('resources/read', { uri: 'x://long' }, {}, defer(() => (sent++, of<CallEvent<unknown>>({ type: 'result', result: result(1) })))).subscribe();
      expect(sent).toBe(0);
    });
  });
});
