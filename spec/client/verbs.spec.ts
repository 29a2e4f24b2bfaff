import { map } from 'rxjs';
import { PaginationError, UnsupportedMethodError, createClient, type ClientOptions } from '../../src/index.js';
import { eraCase, marbleTransport, note, prompt, req, res, tool, type TestRequest } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { discoverResult, initializeParams, initializeResult, modernMeta } from '../helpers/mcp-fixtures.js';

const modern = eraCase('2026-07-28');
const legacy = eraCase('2025-11-25');
const modernStart = { a: res(0, discoverResult()) };
const legacyStart = { a: res(0, initializeResult()) };

function modernClient(hot: (m: string, v?: Record<string, unknown>) => import('rxjs').Observable<unknown>, marbles: string, values: Record<string, unknown>, options: ClientOptions = {}) {
  const { transport, outbound$, frames$ } = marbleTransport(hot(marbles, { ...modernStart, ...values }));
  return { client: createClient(transport, options), outbound$, frames$ };
}

/** A tools/list page of one tool, pointing to the page `next[cursor]` (none when absent). */
const linked = (next: Record<string, string>) => (request: TestRequest) => {
  const cursor = String(request.params['cursor']);
  return { tools: [tool(`after ${cursor}`)], ...(next[cursor] === undefined ? {} : { nextCursor: next[cursor] }) };
};

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
    modern.run(createTestScheduler(), (server, { expectObservable }) => {
      const client = createClient(server.transport);
      expectObservable(client.ping()).toBe('#', undefined, new UnsupportedMethodError('ping is not part of MCP 2026-07-28'));
      expectObservable(client.listPrompts()).toBe('#', undefined, new UnsupportedMethodError('The server does not declare the prompts capability needed for prompts/list'));
    }, { capabilities: { tools: {} } }).expectNoRequest();
  });

  it('walks every page, sending an empty-string cursor back (2026-07-28)', () => {
    const server = modern.run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('tools/list').respond(linked({ undefined: '' }));
      expectObservable(createClient(server.transport).listTools().pipe(map((tools) => tools.length))).toBe('(n|)', { n: 2 });
    });
    expect(server.requests.map((r) => r.params['cursor'])).toEqual([undefined, '']);
  });

  it('fails a list walk with PaginationError on a repeated cursor or past the page cap, never with a short list', () => {
    const walk = (next: Record<string, string>, options: ClientOptions, error: PaginationError) =>
      modern.run(createTestScheduler(), (server, { expectObservable }) => {
        server.whenRequest('tools/list').respond(linked(next));
        expectObservable(createClient(server.transport, options).listTools()).toBe('#', undefined, error);
      }).requests.length;
    expect(walk({ undefined: 'p1', p1: 'p2', p2: 'p1' }, {}, new PaginationError('tools/list', 'cursor-loop', 'the server sent cursor "p1" twice'))).toBe(3);
    expect(walk({ undefined: 'p1', p1: 'p2' }, { maxPages: 2 }, new PaginationError('tools/list', 'page-limit', 'more than 2 pages'))).toBe(2);
  });

  it('puts the log level set with setLoggingLevel on later requests, sending nothing for it', () => {
    const server = modern.run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('prompts/list').respond({ prompts: [] });
      const client = createClient(server.transport);
      expectObservable(client.setLoggingLevel('warning')).toBe('|');
      expectObservable(client.listPrompts()).toBe('(p|)', { p: [] });
    });
    expect(server.requests.map((r) => [r.method, r.meta?.['io.modelcontextprotocol/logLevel']])).toEqual([['prompts/list', 'warning']]);
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
    legacy.run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('prompts/list', undefined, { times: 1 }).respond({ prompts: [prompt('p')], nextCursor: '' });
      expectObservable(createClient(server.transport).listPrompts().pipe(map((p) => p.length))).toBe('(n|)', { n: 1 });
    });
  });

  it('pings, sets the log level with logging/setLevel, and notifies root changes', () => {
    const server = legacy.run(createTestScheduler(), (server, { expectObservable }) => {
      const client = createClient(server.transport);
      expectObservable(client.ping()).toBe('|');
      expectObservable(client.setLoggingLevel('debug')).toBe('|');
      expectObservable(client.notifyRootsChanged()).toBe('|');
    });
    expect(server.requests.map((r) => [r.method, r.params])).toEqual([['ping', {}], ['logging/setLevel', { level: 'debug' }]]);
    expect(server.logLevel).toBe('debug');
    server.expectNotification('notifications/roots/list_changed');
  });

  it('refuses server/discover on a legacy connection without sending it', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('a', legacyStart));
      const client = createClient(transport, { protocol: 'legacy' });
      expectObservable(client.discover()).toBe('#', undefined, new UnsupportedMethodError('server/discover is not part of MCP 2025-11-25'));
      expectObservable(outbound$.pipe(map((m) => ('method' in m ? m.method : '')))).toBe('(in)', { i: 'initialize', n: 'notifications/initialized' });
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
      const { client, frames$ } = modernClient(hot, 'a-b', { b: res(1, { hits: [] }) }, { capabilities: { extensions: { 'io.modelcontextprotocol/skills': {} } } });
      expectObservable(client.request('acme/search', {})).toBe('--(r|)', { r: { hits: [] } });
      const caps = { extensions: { 'io.modelcontextprotocol/skills': {} } };
      expectObservable(frames$.pipe(map((f) => [f.message, f.headers]))).toBe('(ds)', {
        d: [req(0, 'server/discover', { _meta: modernMeta(caps) }), { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' }],
        s: [req(1, 'acme/search', { _meta: modernMeta(caps) }), { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'acme/search' }],
      });
    });
  });

  it('refuses core MCP methods, which have verbs, without sending them', () => {
    modern.run(createTestScheduler(), (server, { expectObservable }) => {
      expectObservable(createClient(server.transport).request('tools/list')).toBe('#', undefined, new UnsupportedMethodError('tools/list is an MCP method: use its verb'));
    }).expectNoRequest();
  });
});
