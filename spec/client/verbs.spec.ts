import { map, take, toArray } from 'rxjs';
import { PaginationError, UnsupportedMethodError, createClient, type ClientOptions } from '../../src/index.js';
import { marbleTransport, note, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { discoverResult, initializeParams, initializeResult, modernMeta } from '../helpers/mcp-fixtures.js';

const modernStart = { a: res(0, discoverResult()) };
const legacyStart = { a: res(0, initializeResult()) };
const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

function modernClient(hot: (m: string, v?: Record<string, unknown>) => import('rxjs').Observable<unknown>, marbles: string, values: Record<string, unknown>, options: ClientOptions = {}) {
  const { transport, outbound$, frames$ } = marbleTransport(hot(marbles, { ...modernStart, ...values }));
  return { client: createClient(transport, options), outbound$, frames$ };
}

describe('Client verbs (2026-07-28)', () => {
  it('sends every request with the _meta keys and routing headers of the revision', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { client, frames$ } = modernClient(hot, 'a-b', { b: res(1, { tools: [tool('t')], ttlMs: 0, cacheScope: 'public' }) });
      expectObservable(client.listTools().pipe(map((tools) => tools.map((t) => t.name)))).toBe('--(t|)', { t: ['t'] });
      expectObservable(frames$.pipe(map((f) => [f.message, f.headers]))).toBe('(dl)', {
        d: [req(0, 'server/discover', { _meta: modernMeta() }), { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' }],
        l: [req(1, 'tools/list', { _meta: modernMeta() }), { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' }],
      });
    });
  });

  it('calls a tool with Mcp-Name, and decodes the result', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const result = { content: [{ type: 'text', text: '3' }], structuredContent: { sum: 3 } };
      const { client, frames$ } = modernClient(hot, 'a-b', { b: res(1, result) });
      expectObservable(client.callTool('add', { a: 1, b: 2 })).toBe('--(r|)', { r: { ...result, resultType: 'complete' } });
      expectObservable(frames$.pipe(map((f) => f.headers?.['Mcp-Name']))).toBe('(un)', { u: undefined, n: 'add' });
    });
  });

  it('fails at once, sending nothing, for a method the revision lacks or the server does not declare', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('a', { a: res(0, discoverResult({ tools: {} })) }));
      const client = createClient(transport);
      expectObservable(client.ping()).toBe('#', undefined, new UnsupportedMethodError('ping is not part of MCP 2026-07-28'));
      expectObservable(client.listPrompts()).toBe('#', undefined, new UnsupportedMethodError('The server does not declare the prompts capability needed for prompts/list'));
      expectObservable(outbound$).toBe('d', { d: req(0, 'server/discover', { _meta: modernMeta() }) });
    });
  });

  it('walks every page, sending an empty-string cursor back (2026-07-28)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const page = (tools: string[], nextCursor?: string) => ({ tools: tools.map(tool), ttlMs: 0, cacheScope: 'public', ...(nextCursor === undefined ? {} : { nextCursor }) });
      const { client, outbound$ } = modernClient(hot, 'a-b-c', { b: res(1, page(['x'], '')), c: res(2, page(['y'])) });
      expectObservable(client.listTools().pipe(map((tools) => tools.map((t) => t.name)))).toBe('----(t|)', { t: ['x', 'y'] });
      expectObservable(outbound$.pipe(take(3), map((m) => (m as { params?: { cursor?: string } }).params?.cursor), toArray())).toBe('--(c|)', { c: [undefined, undefined, ''] });
    });
  });

  it('fails a list walk with PaginationError on a repeated cursor or past the page cap, never with a short list', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const page = (nextCursor: string) => ({ tools: [tool(nextCursor)], nextCursor, ttlMs: 0, cacheScope: 'public' });
      const looping = modernClient(hot, 'a-b-c-d', { b: res(1, page('p1')), c: res(2, page('p2')), d: res(3, page('p1')) }).client;
      expectObservable(looping.listTools()).toBe('------#', undefined, new PaginationError('tools/list', 'cursor-loop', 'the server sent cursor "p1" twice'));
      const capped = modernClient(hot, 'a-b-c', { b: res(1, page('p1')), c: res(2, page('p2')) }, { maxPages: 2 }).client;
      expectObservable(capped.listTools()).toBe('----#', undefined, new PaginationError('tools/list', 'page-limit', 'more than 2 pages'));
    });
  });

  it('puts the log level set with setLoggingLevel on later requests, sending nothing for it', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const { client, outbound$ } = modernClient(hot, 'a---b', { b: res(1, { prompts: [], ttlMs: 0, cacheScope: 'public' }) });
      expectObservable(client.setLoggingLevel('warning')).toBe('|');
      expectObservable(cold('---x').pipe(map(() => 0)), '^').toBe('---x', { x: 0 });
      expectObservable(client.listPrompts(), '--^').toBe('----(p|)', { p: [] });
      expectObservable(outbound$).toBe('d-l', {
        d: req(0, 'server/discover', { _meta: modernMeta() }),
        l: req(1, 'prompts/list', { _meta: modernMeta({}, { 'io.modelcontextprotocol/logLevel': 'warning' }) }),
      });
    });
  });
});

describe('Client verbs (legacy revisions)', () => {
  it('sends plain requests after initialize, with the MCP-Protocol-Version header from 2025-06-18', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, frames$ } = marbleTransport(hot('a-b', { ...legacyStart, b: res(1, { resources: [{ uri: 'x://1', name: 'one' }] }) }));
      const client = createClient(transport, { protocol: 'legacy' });
      expectObservable(client.listResources().pipe(map((r) => r.map((x) => x.uri)))).toBe('--(r|)', { r: ['x://1'] });
      expectObservable(frames$.pipe(map((f) => [f.message, f.headers]))).toBe('(inl)', {
        i: [req(0, 'initialize', initializeParams()), undefined],
        n: [note('notifications/initialized'), { 'MCP-Protocol-Version': '2025-11-25' }],
        l: [req(1, 'resources/list'), { 'MCP-Protocol-Version': '2025-11-25' }],
      });
    });
  });

  it('treats an empty-string cursor as the end of a legacy list', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport } = marbleTransport(hot('a-b', { ...legacyStart, b: res(1, { prompts: [{ name: 'p' }], nextCursor: '' }) }));
      const client = createClient(transport, { protocol: 'legacy' });
      expectObservable(client.listPrompts().pipe(map((p) => p.length))).toBe('--(n|)', { n: 1 });
    });
  });

  it('pings, sets the log level with logging/setLevel, and notifies root changes', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('a-b----c', { ...legacyStart, b: res(1, {}), c: res(2, {}) }));
      const client = createClient(transport, { protocol: 'legacy' });
      expectObservable(client.ping()).toBe('--|');
      expectObservable(client.setLoggingLevel('debug'), '------^').toBe('-------|');
      expectObservable(client.notifyRootsChanged(), '--------^').toBe('--------|');
      expectObservable(outbound$).toBe('(inp)-s-r', {
        i: req(0, 'initialize', initializeParams()), n: note('notifications/initialized'), p: req(1, 'ping'),
        s: req(2, 'logging/setLevel', { level: 'debug' }), r: note('notifications/roots/list_changed'),
      });
    });
  });

  it('refuses server/discover on a legacy connection without sending it', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const client = createClient(marbleTransport(hot('a', legacyStart)).transport, { protocol: 'legacy' });
      expectObservable(client.discover()).toBe('#', undefined, new UnsupportedMethodError('server/discover is not part of MCP 2025-11-25'));
    });
  });
});

describe('Client on a per-request transport (2026-07-28 Streamable HTTP shape)', () => {
  it('re-issues a request once, with a new id, when its response stream broke before the response', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const streams = [
        cold('-a', { a: res(0, discoverResult()) }),
        cold('--|'),
        cold('--r', { r: res(2, { tools: [tool('t')], ttlMs: 0, cacheScope: 'public' }) }),
      ];
      let n = 0;
      const { transport, outbound$ } = marbleTransport(hot('-'), { exchange: () => streams[n++] ?? cold('-') });
      const client = createClient(transport);
      expectObservable(client.listTools().pipe(map((tools) => tools.length))).toBe('-----(n|)', { n: 1 });
      expectObservable(outbound$.pipe(map((m) => ('id' in m ? m.id : '-')))).toBe('ab-c', { a: 0, b: 1, c: 2 });
    });
  });
});

describe('Client.request (extensions)', () => {
  it("sends an extension's method with the revision's envelope and returns the raw result", () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { client, frames$ } = modernClient(hot, 'a-b', { b: res(1, { skills: [] }) }, { capabilities: { extensions: { 'io.modelcontextprotocol/skills': {} } } });
      expectObservable(client.request('skills/list', {})).toBe('--(r|)', { r: { skills: [] } });
      const caps = { extensions: { 'io.modelcontextprotocol/skills': {} } };
      expectObservable(frames$.pipe(map((f) => [f.message, f.headers]))).toBe('(ds)', {
        d: [req(0, 'server/discover', { _meta: modernMeta(caps) }), { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' }],
        s: [req(1, 'skills/list', { _meta: modernMeta(caps) }), { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'skills/list' }],
      });
    });
  });

  it('refuses core MCP methods, which have verbs, without sending them', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { client, outbound$ } = modernClient(hot, 'a', {});
      expectObservable(client.request('tools/list')).toBe('#', undefined, new UnsupportedMethodError('tools/list is an MCP method: use its verb'));
      expectObservable(outbound$.pipe(map((m) => ('method' in m ? m.method : '')))).toBe('d', { d: 'server/discover' });
    });
  });
});
