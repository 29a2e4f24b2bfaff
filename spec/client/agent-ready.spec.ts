import { NEVER, Observable, map, mergeMap, of } from 'rxjs';
import {
  HumanWaitTimeoutError, ToolCallDeniedError, TransportError, createClient, toAsyncClient, unlessReadOnly, type Diagnostic, type ToolHints, type ToolHintsMap, type Transport,
} from '../../src/index.js';
import { DEFAULT_TOOL_HINTS } from '../../src/agent/index.js';
import type { InboundFrame } from '../../src/session/index.js';
import { createTestingController, itInEachEra, serveTools, tool, toolResult } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const readOnly = tool('read', { annotations: { readOnlyHint: true } });
const writes = tool('write', { annotations: { destructiveHint: false } });
const bare = tool('bare');
const names = (hints: ToolHintsMap) => [...hints.keys()].join(',');

describe('Tool hints', () => {
  itInEachEra('reports the trusted hints of the last successful listing, with the defaults where a tool says nothing', (server) => {
    serveTools(server, [readOnly, writes, bare]);
    const client = createClient(server.transport, { trustToolAnnotations: true });
    expect(names(client.toolHints())).toBe('');
    client.listTools().subscribe();
    expect(client.toolHints().get('read')).toEqual({ ...DEFAULT_TOOL_HINTS, readOnlyHint: true });
    expect(client.toolHints().get('write')).toEqual({ ...DEFAULT_TOOL_HINTS, destructiveHint: false });
    expect(client.toolHints().get('bare')).toEqual(DEFAULT_TOOL_HINTS);
  });

  itInEachEra('empties the hints as soon as a listing fails, and after close()', (server) => {
    const served = serveTools(server, [readOnly]);
    const client = createClient(server.transport, { trustToolAnnotations: true });
    client.listTools().subscribe();
    expect(names(client.toolHints())).toBe('read');
    served.remove();
    server.whenRequest('tools/list').error(-32603, 'listing broke');
    client.listTools().subscribe({ error: () => undefined });
    expect(names(client.toolHints())).toBe('');
    server.whenRequest('tools/list').respond({ tools: [readOnly] });
    client.listTools().subscribe();
    expect(names(client.toolHints())).toBe('read');
    client.close();
    expect(names(client.toolHints())).toBe('');
  }, { cacheHints: false }); // a listing answered from the cache could not fail

  itInEachEra('forgets the tools and trusted hints of the last connection once another is negotiated', (server, { flush }) => {
    serveTools(server, [readOnly]);
    const client = createClient(server.transport, { trustToolAnnotations: true, reconnect: false });
    const seen: string[] = [];
    client.toolHints$.subscribe((hints) => seen.push(names(hints)));
    client.listTools().subscribe();
    flush();
    server.drop();
    client.connect().subscribe();
    flush();
    expect(names(client.toolHints())).toBe('');
    expect(seen).toEqual(['', 'read', '']);
    client.close();
  });

  itInEachEra('reports no hints for a client that does not trust the annotations', (server) => {
    serveTools(server, [readOnly]);
    const client = createClient(server.transport);
    client.listTools().subscribe();
    expect(client.toolHints().size).toBe(0);
  });
});

describe('The approval step of tool calls', () => {
  itInEachEra('sends an approved call, and fails a denied one with ToolCallDeniedError, sending nothing', (server, { expectObservable, flush }) => {
    serveTools(server, [writes]);
    server.whenRequest('tools/call').respond(toolResult('done'));
    const asked: string[] = [];
    const approveToolCall = (call: { name: string }, hints: ToolHints) => {
      asked.push(`${call.name}:${hints.readOnlyHint}`);
      return call.name !== 'forbidden';
    };
    const client = createClient(server.transport, { approveToolCall });
    expectObservable(client.callTool('write').pipe(map((r) => r.content.length))).toBe('(n|)', { n: 1 });
    expectObservable(client.callTool('forbidden')).toBe('#', undefined, new ToolCallDeniedError('forbidden'));
    flush();
    server.expectNoRequest('tools/call', { name: 'forbidden' });
    expect(asked).toEqual(['write:false', 'forbidden:false']);
  });

  itInEachEra('unlessReadOnly runs trusted read-only tools at once and asks for the others', (server, { expectObservable, flush }) => {
    serveTools(server, [readOnly, writes]);
    server.whenRequest('tools/call').respond(toolResult('done'));
    const asked: string[] = [];
    const client = createClient(server.transport, { trustToolAnnotations: true, approveToolCall: unlessReadOnly((call) => (asked.push(call.name), of(false))) });
    client.listTools().subscribe();
    expectObservable(client.callTool('read').pipe(map((r) => r.content.length))).toBe('(n|)', { n: 1 });
    expectObservable(client.callTool('write')).toBe('#', undefined, new ToolCallDeniedError('write'));
    flush();
    expect(asked).toEqual(['write']);
  });

  itInEachEra('asks for every call when the annotations are not trusted, read-only ones included', (server) => {
    serveTools(server, [readOnly]);
    const asked: string[] = [];
    const client = createClient(server.transport, { approveToolCall: unlessReadOnly((call) => (asked.push(call.name), false)) });
    client.listTools().subscribe();
    client.callTool('read').subscribe({ error: () => undefined });
    expect(asked).toEqual(['read']);
  });

  itInEachEra('bounds the wait for a decision by humanWaitMs, with no request clock running meanwhile', (server, { expectObservable }) => {
    const client = createClient(server.transport, { approveToolCall: () => NEVER, humanWaitMs: 5000, timeout: { firstMs: 1000 } });
    expectObservable(client.callTool('write')).toBe('5000ms #', undefined, new HumanWaitTimeoutError('tools/call approval', 5000));
    server.expectNoRequest('tools/call');
  });

  it('works the same through toAsyncClient', async () => {
    const server = createTestingController({ revision: '2025-11-25' });
    const client = toAsyncClient(createClient(server.transport, { approveToolCall: () => Promise.resolve(false) }));
    await expectAsync(client.callTool('write')).toBeRejectedWith(jasmine.objectContaining({ name: 'ToolCallDeniedError' }));
  });
});

describe('Health', () => {
  itInEachEra("reports a healthy server with the round trip's latency", (server, { expectObservable }) => {
    const client = createClient(server.transport);
    expectObservable(client.checkHealth().pipe(map((r) => [r.healthy, r.latencyMs, r.error]))).toBe('(r|)', { r: [true, 0, undefined] });
  });

  it('reports a server that answers ping but not in time, without hanging or erroring', () => {
    createTestScheduler().run(({ expectObservable }) => {
      const server = createTestingController({ revision: '2025-11-25' });
      server.whenRequest('ping').never();
      const client = createClient(server.transport);
      client.connect().subscribe();
      expectObservable(client.checkHealth({ timeoutMs: 300 }).pipe(map((r) => [r.healthy, r.error?.name]))).toBe('300ms (r|)', { r: [false, 'RequestTimeoutError'] });
    });
  });

  it('asks the server each time, never a cached discover result: a server that stops answering is reported unhealthy (modern 2026-07-28)', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      // A server of its own: the testing controller answers server/discover itself, whatever the rules say.
      const discovered = {
        resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 60_000, cacheScope: 'public',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
      };
      let answering = true;
      const transport: Transport = {
        kind: 'discover-only',
        connect: (outbound$) => new Observable<InboundFrame>((subscriber) => outbound$.subscribe(({ message }) => {
          if ('id' in message && 'method' in message && message.method === 'server/discover' && answering) subscriber.next({ message: { jsonrpc: '2.0', id: message.id, result: discovered } });
        })),
      };
      const client = createClient(transport);
      const health = () => client.checkHealth({ timeoutMs: 300 }).pipe(map((r) => [r.healthy, r.error?.name]));
      expectObservable(health()).toBe('(r|)', { r: [true, undefined] });
      cold('10ms x').subscribe(() => (answering = false));
      expectObservable(cold('20ms (x|)').pipe(mergeMap(health))).toBe('320ms (r|)', { r: [false, 'RequestTimeoutError'] });
    });
  });

  it('bounds connecting too: a server that never answers is reported unhealthy at the bound', () => {
    createTestScheduler().run(({ expectObservable }) => {
      const client = createClient({ kind: 'silent', connect: () => NEVER });
      expectObservable(client.checkHealth({ timeoutMs: 300 }).pipe(map((r) => [r.healthy, r.error?.name]))).toBe('300ms (r|)', { r: [false, 'RequestTimeoutError'] });
    });
  });

  it('reports the transport check first, without a round trip, when the transport knows it is down', () => {
    createTestScheduler().run(({ expectObservable }) => {
      const down = new TransportError('HTTP 503');
      const transport = { kind: 'down', connect: () => NEVER, checkHealth: () => ({ ok: false, detail: 'the last request failed: HTTP 503', error: down }) };
      const client = createClient(transport);
      expectObservable(client.checkHealth().pipe(map((r) => [r.healthy, r.transport?.detail, r.error?.message]))).toBe('(r|)', {
        r: [false, 'the last request failed: HTTP 503', 'HTTP 503'],
      });
    });
  });

  it('calls onFailure once per connection failure, with the state it shows', () => {
    createTestScheduler().run(({ cold }) => {
      const server = createTestingController({ revision: '2025-11-25' });
      const failures: string[] = [];
      const client = createClient(server.transport, { reconnect: false, onFailure: (error, state) => failures.push(`${state.status}: ${error.message}`) });
      client.connect().subscribe();
      cold('-x').subscribe(() => server.drop(new Error('reset')));
      cold('--x').subscribe(() => expect(failures).toEqual(['disconnected: reset']));
    });
  });
});

describe('Notification callbacks', () => {
  itInEachEra('calls handlers.notifications and client.on with each notification; a throwing callback is a diagnostic', (server) => {
    serveTools(server, [bare]);
    const fromOptions: string[] = [];
    const fromOn: string[] = [];
    const client = createClient(server.transport, {
      handlers: { notifications: { 'notifications/tools/list_changed': () => { fromOptions.push('changed'); throw new Error('oops'); } } },
    });
    const seen: Diagnostic[] = [];
    client.diagnostics$.subscribe((d) => seen.push(d));
    const off = client.on('notifications/tools/list_changed', (_params, n) => fromOn.push(n.method));
    client.tools$.subscribe();
    server.notify('notifications/tools/list_changed');
    server.notify('notifications/tools/list_changed');
    off();
    server.notify('notifications/tools/list_changed');
    expect(fromOptions).toEqual(['changed', 'changed', 'changed']);
    expect(fromOn).toEqual(['notifications/tools/list_changed', 'notifications/tools/list_changed']);
    expect(seen.filter((d) => d.kind === 'handler-error').length).toBe(3);
  });
});
