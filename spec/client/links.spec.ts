import { map, of, tap } from 'rxjs';
import {
  ConnectionClosedError, RequestTimeoutError, RpcError, SchemaError, TransportError, createClient, isRetryable, retryDelay, retryLink, type Link,
} from '../../src/index.js';
import { eraCase, itInEachEra, serveTools, tool, toolResult } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { recording } from '../helpers/recording-transport.js';
import { ResponseStreamEndedError } from '../../src/session/index.js';

describe('ClientOptions.links', () => {
  itInEachEra('sees every request the client sends, negotiation included, with the connection it goes on', (server, { flush }) => {
    serveTools(server, [tool('echo')]);
    server.whenRequest('tools/call').respond(toolResult('hi'));
    const seen: string[] = [];
    const watcher: Link = (call, next) => {
      seen.push(`${call.method}@${call.connection.id}:${call.connection.server === undefined ? 'negotiating' : call.connection.server.era}`);
      return next(call);
    };
    const client = createClient(server.transport, { links: [watcher] });
    client.callTool('echo', {}).subscribe();
    client.listTools().subscribe();
    flush();
    const era = server.revision === '2026-07-28' ? 'modern' : 'legacy';
    // Legacy: the server/discover probe first, then initialize.
    const handshake = era === 'modern' ? ['server/discover@1:negotiating'] : ['server/discover@1:negotiating', 'initialize@1:negotiating'];
    expect(seen.slice(0, handshake.length)).toEqual(handshake);
    expect(seen).toContain(`tools/call@1:${era}`);
    expect(seen).toContain(`tools/list@1:${era}`);
    client.close();
  });

  it('sees the listen stream and the health check too (modern 2026-07-28)', () => {
    eraCase('2026-07-28').run(createTestScheduler(), (server, { flush }) => {
      serveTools(server, [tool('echo')]);
      const seen = new Set<string>();
      const watcher: Link = (call, next) => {
        seen.add(call.method);
        return next(call);
      };
      const client = createClient(server.transport, { links: [watcher] });
      client.tools$.subscribe();
      client.checkHealth().subscribe();
      flush();
      expect([...seen].sort()).toEqual(['server/discover', 'subscriptions/listen', 'tools/list']);
      client.close();
    });
  });

  itInEachEra('lets a link add _meta and rewrite params before the wire', (server, { flush }) => {
    const calls = server.whenRequest('tools/call').respond(toolResult('ok'));
    const tagging: Link = (call, next) =>
      next(call.method === 'tools/call' ? { ...call, params: { ...call.params, arguments: { q: 'rewritten' } }, options: { ...call.options, meta: { 'example.com/tenant': 't1' } } } : call);
    const client = createClient(server.transport, { links: [tagging] });
    client.callTool('search', { q: 'original' }).subscribe();
    flush();
    expect(calls.requests[0]?.arguments).toEqual({ q: 'rewritten' });
    expect(calls.requests[0]?.meta?.['example.com/tenant']).toBe('t1');
    client.close();
  });

  itInEachEra('hands a link\'s trace context and onRequestId to the requests of negotiation too', (server, { flush }) => {
    serveTools(server, [tool('echo')]);
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const ids: unknown[] = [];
    const tracing: Link = (call, next) =>
      next(call.connection.server === undefined ? { ...call, options: { ...call.options, trace: { traceparent }, onRequestId: (id) => ids.push(id) } } : call);
    const wire = recording(server.transport);
    const client = createClient(wire.transport, { links: [tracing] });
    client.listTools().subscribe();
    flush();
    const negotiation = (wire.sent as { method?: string; id?: unknown; params?: { _meta?: Record<string, unknown> } }[])
      .filter((message) => message.method === 'server/discover' || message.method === 'initialize');
    expect(negotiation.length).toBeGreaterThan(0);
    expect(negotiation.map((message) => message.params?._meta?.['traceparent'])).toEqual(negotiation.map(() => traceparent));
    expect(ids).toEqual(negotiation.map((message) => message.id));
    client.close();
  });

  itInEachEra('lets a link answer by itself: nothing reaches the server', (server, { expectObservable }) => {
    const calls = server.whenRequest('tools/call').respond(toolResult('from the server'));
    const canned: Link = (call, next) =>
      call.method === 'tools/call' ? of({ type: 'result' as const, result: { resultType: 'complete', content: [{ type: 'text', text: 'canned' }] } }) : next(call);
    const client = createClient(server.transport, { links: [canned] });
    expectObservable(client.callTool('search', {}).pipe(map((r) => (r.content[0] as { text: string }).text))).toBe('(c|)', { c: 'canned' });
    server.verify();
    expect(calls.requests.length).toBe(0);
  });

  itInEachEra('runs links outermost first, each seeing the events of the ones inside', (server, { flush }) => {
    server.whenRequest('tools/call').respond(toolResult('ok'));
    const order: string[] = [];
    const named = (name: string): Link => (call, next) => {
      if (call.method === 'tools/call') order.push(`${name} in`);
      return next(call).pipe(tap({ complete: () => call.method === 'tools/call' && order.push(`${name} out`) }));
    };
    const client = createClient(server.transport, { links: [named('outer'), named('inner')] });
    client.callTool('search', {}).subscribe();
    flush();
    expect(order).toEqual(['outer in', 'inner in', 'inner out', 'outer out']);
    client.close();
  });
});

describe('retryLink', () => {
  itInEachEra('tries a safe call again after a transient failure, backing off on the scheduler', (server, { expectObservable }) => {
    let failures = 2;
    server.whenRequest('resources/read').handle((request) => {
      if (failures-- > 0) request.error(-32603, 'busy');
      else request.respond({ contents: [{ uri: 'x://r', text: 'v' }] });
    });
    const transientBusy = (error: unknown) => RpcError.is(error);
    const client = createClient(server.transport, { links: [retryLink({ when: transientBusy, initialDelayMs: 10, jitter: 0 })] });
    // Tries at 0, 10 (after 10 ms) and 30 (after 20 ms more).
    expectObservable(client.readResource('x://r').pipe(map(() => 'r'))).toBe('30ms (r|)');
  }, { cacheHints: false });

  itInEachEra('leaves the requests of negotiation alone', (server, { expectObservable }) => {
    server.whenRequest('tools/list').respond({ tools: [] });
    const client = createClient(server.transport, { links: [retryLink({ when: () => true, initialDelayMs: 10, jitter: 0 })] });
    // A legacy server refuses the server/discover probe at once: that is not retried, so the listing is at 0.
    expectObservable(client.listTools().pipe(map((tools) => tools.length))).toBe('(0|)', { 0: 0 });
  });

  itInEachEra('leaves a tool call that is not safe to repeat alone', (server, { expectObservable, flush }) => {
    const calls = server.whenRequest('tools/call').error(-32603, 'busy');
    const client = createClient(server.transport, { links: [retryLink({ when: () => true, initialDelayMs: 10, jitter: 0 })] });
    expectObservable(client.callTool('deploy', {}).pipe(map(() => 'r'))).toBe('#', undefined, new RpcError(-32603, 'busy'));
    flush();
    expect(calls.requests.length).toBe(1);
  });

  itInEachEra('gives up after count retries with the last error', (server, { expectObservable }) => {
    server.whenRequest('resources/read').error(-32603, 'busy');
    const client = createClient(server.transport, { links: [retryLink({ when: () => true, count: 2, initialDelayMs: 5, jitter: 0 })] });
    expectObservable(client.readResource('x://r')).toBe('15ms #', undefined, new RpcError(-32603, 'busy'));
  }, { cacheHints: false });

  it('waits initialDelayMs × 2^(n-1), capped, with the jitter part drawn from random', () => {
    const fixed = { initialDelayMs: 100, maxDelayMs: 1000, jitter: 0 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, fixed))).toEqual([100, 200, 400, 800, 1000]);
    expect(retryDelay(2, { initialDelayMs: 100, jitter: 0.5, random: () => 0 })).toBe(100);
    expect(retryDelay(2, { initialDelayMs: 100, jitter: 1, random: () => 0.5 })).toBe(100);
  });
});

describe('isRetryable', () => {
  it('says yes to timeouts, broken streams, network failures and 408, 429 and 5xx statuses', () => {
    const yes = [
      new RequestTimeoutError('tools/list', 'first', 10), new ResponseStreamEndedError('ended'), new TransportError('fetch failed'),
      new TransportError('HTTP 429', { status: 429 }), new TransportError('HTTP 503', { status: 503 }), new TransportError('HTTP 408', { status: 408 }),
    ];
    expect(yes.map(isRetryable)).toEqual(yes.map(() => true));
  });

  it('says no to answers of the server, bad results, client-side ends, 4xx statuses and non-errors', () => {
    const no: unknown[] = [
      new RpcError(-32603, 'internal'), new SchemaError('bad'), new ConnectionClosedError('closed'), new TransportError('HTTP 400', { status: 400 }),
      new TransportError('HTTP 401', { status: 401 }), new Error('plain'), 'text',
    ];
    expect(no.map(isRetryable)).toEqual(no.map(() => false));
  });
});
