import { timer } from 'rxjs';
import { createClient, type Tool } from '../../src/index.js';
import { createTestingController, tool } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const MODERN = { revision: '2026-07-28' as const, capabilities: { tools: { listChanged: true }, resources: { subscribe: true } } };
const names = (tools: readonly Tool[] | undefined) => (tools ?? []).map((t) => t.name).join(',');

describe('State of one connection', () => {
  it('lists the new server after a reconnect, not the old one from the cache (2026-07-28, ttlMs > 0)', () => {
    createTestScheduler().run(({ cold, flush }) => {
      const server = createTestingController(MODERN);
      let list = [tool('old')];
      server.whenRequest('tools/list').respond(() => ({ tools: list, ttlMs: 60_000, cacheScope: 'public' }));
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 1, jitter: 0 } });
      const seen: string[] = [];
      client.tools$.subscribe((tools) => seen.push(names(tools)));
      cold('--x').subscribe(() => {
        list = [tool('new')];
        server.drop(new Error('reset'));
      });
      flush();
      expect(seen[seen.length - 1]).toBe('new');
      client.close();
    });
  });

  it('reads a watched resource again from the new server after a reconnect, not from the cache', () => {
    createTestScheduler().run(({ cold, flush }) => {
      const server = createTestingController(MODERN);
      let text = 'old';
      server.whenRequest('resources/read').respond(() => ({ contents: [{ uri: 'x://r', text }], ttlMs: 60_000, cacheScope: 'public' }));
      server.whenRequest('resources/subscribe').respond({});
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 1, jitter: 0 } });
      const seen: string[] = [];
      client.watchResource('x://r').subscribe((result) => seen.push((result.contents[0] as { text: string }).text));
      cold('--x').subscribe(() => {
        text = 'new';
        server.drop(new Error('reset'));
      });
      flush();
      expect(seen[seen.length - 1]).toBe('new');
      client.close();
    });
  });

  it('sends the chosen legacy log level again on a new connection', () => {
    createTestScheduler().run(({ cold, flush }) => {
      const server = createTestingController({ revision: '2025-11-25', capabilities: { logging: {}, tools: {} } });
      const levels = server.whenRequest('logging/setLevel').respond({});
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 1, jitter: 0 } });
      client.tools$.subscribe();
      client.setLoggingLevel('debug').subscribe();
      cold('--x').subscribe(() => server.drop(new Error('reset')));
      flush();
      expect(levels.requests.map((r) => r.params['level'])).toEqual(['debug', 'debug']);
      expect(levels.requests.map((r) => r.connection)).toEqual([1, 2]);
      client.close();
    });
  });

  it('does not cut a caller at the limit of another caller of the same request in flight', () => {
    createTestScheduler().run(({ cold, flush }) => {
      const server = createTestingController(MODERN);
      server.whenRequest('resources/read').respond({ contents: [{ uri: 'x://r', text: 'v' }] }, { delayMs: 50 });
      const client = createClient(server.transport);
      const outcomes: string[] = [];
      client.connect().subscribe();
      cold('-x').subscribe(() => {
        client.readResource('x://r', { timeout: { firstMs: 10 } }).subscribe({ next: () => outcomes.push('short: result'), error: (e) => outcomes.push(`short: ${e.name}`) });
        client.readResource('x://r', { timeout: { firstMs: 10_000 } }).subscribe({ next: () => outcomes.push('long: result'), error: (e) => outcomes.push(`long: ${e.name}`) });
      });
      flush();
      expect(outcomes.sort()).toEqual(['long: result', 'short: RequestTimeoutError']);
      client.close();
    });
  });

  it('gives progress to a caller who asked for it even when an identical request without a token is in flight', () => {
    createTestScheduler().run(({ cold, flush }) => {
      const server = createTestingController(MODERN);
      server.whenRequest('resources/read').handle((request) => {
        if (request.progressToken !== undefined) request.progress(1, 2);
        timer(20).subscribe(() => request.respond({ contents: [{ uri: 'x://r', text: 'v' }] }));
      });
      const client = createClient(server.transport);
      const events: string[] = [];
      client.connect().subscribe();
      cold('-x').subscribe(() => {
        client.readResource('x://r').subscribe();
        client.readResourceEvents('x://r').subscribe((event) => events.push(event.type));
      });
      flush();
      expect(events).toEqual(['progress', 'result']);
      client.close();
    });
  });

  it('re-lists the tools from the server, not the cache, after a header mismatch, and sends the new headers (HTTP)', () => {
    createTestScheduler().run(({ flush }) => {
      const server = createTestingController({ ...MODERN, transport: 'per-request' });
      const region = (name: string) => tool('deploy', { inputSchema: { type: 'object', properties: { [name]: { type: 'string', 'x-mcp-header': 'Region' } } } });
      let listed = region('region');
      const lists = server.whenRequest('tools/list').respond(() => ({ tools: [listed], ttlMs: 60_000, cacheScope: 'public' }));
      let calls = 0;
      server.whenRequest('tools/call').handle((call) => {
        calls += 1;
        if (calls === 1) {
          listed = region('zone');
          call.error(-32020, 'Header mismatch');
        } else call.respond({ content: [{ type: 'text', text: 'ok' }] });
      });
      const client = createClient(server.transport);
      const outcomes: string[] = [];
      client.listTools().subscribe();
      flush();
      client.callTool('deploy', { region: 'eu', zone: 'z1' }).subscribe({ next: () => outcomes.push('result'), error: (e) => outcomes.push(e.message) });
      flush();
      expect(outcomes).toEqual(['result']);
      expect(lists.requests.length).toBe(2);
      const second = server.requests.filter((r) => r.method === 'tools/call')[1];
      expect(second?.headers?.['Mcp-Param-Region']).toBe('z1');
      client.close();
    });
  });
});
