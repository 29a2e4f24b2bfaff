import { Subject } from 'rxjs';
import { ConnectionClosedError, RequestTimeoutError, RpcError, TransportError } from '../../src/index.js';
import { createSession } from '../../src/session/index.js';
import { err, marbleTransport, note, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { synchronousTransport } from '../helpers/sync-transport.js';

describe('Session.request', () => {
  it('sends one request with a fresh id per subscription and emits the result, then completes', () => {
    createTestScheduler().run(({ cold, hot, expectObservable }) => {
      const inbound = hot('----a--b', { a: res(0, { n: 1 }), b: res(1, { n: 2 }) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const session = createSession(transport);
      const ping$ = session.request('ping');
      expectObservable(ping$).toBe('----(r|)', { r: { n: 1 } });
      expectObservable(cold('--x').pipe(() => ping$), '--^').toBe('-------(r|)', { r: { n: 2 } });
      expectObservable(outbound$).toBe('a-b', { a: req(0, 'ping'), b: req(1, 'ping') });
    });
  });

  it('delivers out-of-order responses to the right requests, concurrently', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--b-a', { a: res(0, { who: 'first' }), b: res(1, { who: 'second' }) });
      const session = createSession(marbleTransport(inbound).transport);
      expectObservable(session.request('tools/list')).toBe('----(a|)', { a: { who: 'first' } });
      expectObservable(session.request('prompts/list')).toBe('--(b|)', { b: { who: 'second' } });
    });
  });

  it('registers the id before writing, so a synchronous answer is not lost', () => {
    const session = createSession(synchronousTransport());
    const results: unknown[] = [];
    session.request('echo', { x: 1 }).subscribe((r) => results.push(r));
    expect(results).toEqual([{ echoed: 'echo' }]);
  });

  it('turns a JSON-RPC error into a typed RpcError with code, message and data', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--e', { e: err(0, -32602, 'Unknown tool', { name: 'x' }) });
      const session = createSession(marbleTransport(inbound).transport);
      expectObservable(session.request('tools/call')).toBe('--#', undefined, new RpcError(-32602, 'Unknown tool', { data: { name: 'x' } }));
    });
    const session = createSession(synchronousTransport(({ id }) => err(id, -32000, 'nope', { why: 1 })));
    let caught: unknown;
    session.request('x').subscribe({ error: (e) => (caught = e) });
    expect(RpcError.is(caught)).toBeTrue();
    expect((caught as RpcError).rpcCode).toBe(-32000);
    expect((caught as RpcError).data).toEqual({ why: 1 });
    expect((caught as RpcError).method).toBe('x');
  });

  it('merges meta into params._meta and passes per-frame headers to the transport', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, frames$ } = marbleTransport(hot('-'));
      const session = createSession(transport);
      session.request('tools/call', { name: 't', _meta: { a: 1 } }, { meta: { b: 2 }, headers: { 'Mcp-Method': 'tools/call' }, timeout: false }).subscribe();
      expectObservable(frames$).toBe('f', {
        f: { message: req(0, 'tools/call', { name: 't', _meta: { a: 1, b: 2 } }), headers: { 'Mcp-Method': 'tools/call' } },
      });
    });
  });

  it('errors pending requests with ConnectionClosedError when the transport completes, and with its error when it fails', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const session = createSession(marbleTransport(hot('---|')).transport);
      expectObservable(session.request('a')).toBe('---#', undefined, new ConnectionClosedError('The connection closed before the response arrived'));
      const reset = new TransportError('reset');
      const failing = createSession(marbleTransport(hot('--#', undefined, reset)).transport);
      expectObservable(failing.request('b')).toBe('--#', undefined, reset);
    });
  });

  it('gives the caller the connection failure itself, typed, so its message names what happened', () => {
    const inbound = new Subject<unknown>();
    const session = createSession(marbleTransport(inbound).transport);
    let caught: unknown;
    session.request('a').subscribe({ error: (e) => (caught = e) });
    inbound.error(new TransportError('Server process "x" exited with code 3'));
    expect(TransportError.is(caught)).toBeTrue();
    expect((caught as Error).message).toBe('Server process "x" exited with code 3');
  });
});

describe('Session timeouts', () => {
  it('errors with RequestTimeoutError after the first-response limit and cancels on the wire', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-'));
      const session = createSession(transport);
      expectObservable(session.request('ping', {}, { timeout: { firstMs: 3 } })).toBe('---#', undefined, new RequestTimeoutError('ping', 'first', 3));
      expectObservable(outbound$).toBe('r--c', {
        r: req(0, 'ping', {}),
        c: note('notifications/cancelled', { requestId: 0, reason: 'Request cancelled by the client' }),
      });
    });
  });

  it('resets the idle limit on each progress event and attaches a progress token', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const progress = (p: number) => note('notifications/progress', { progressToken: 0, progress: p });
      const inbound = hot('--a--b--c------', { a: progress(1), b: progress(2), c: progress(3) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const session = createSession(transport);
      expectObservable(session.requestEvents('tools/call', { name: 'slow' }, { timeout: { idleMs: 4 } })).toBe('--a--b--c---#', {
        a: { type: 'progress', progress: 1 }, b: { type: 'progress', progress: 2 }, c: { type: 'progress', progress: 3 },
      }, new RequestTimeoutError('tools/call', 'idle', 4));
      expectObservable(outbound$).toBe('r-----------c', {
        r: req(0, 'tools/call', { name: 'slow', _meta: { progressToken: 0 } }),
        c: note('notifications/cancelled', { requestId: 0, reason: 'Request cancelled by the client' }),
      });
    });
  });

  it('caps the whole request with totalMs even while progress keeps coming', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const progress = (p: number) => note('notifications/progress', { progressToken: 0, progress: p });
      const inbound = hot('-a-b-c-d-e', { a: progress(1), b: progress(2), c: progress(3), d: progress(4), e: progress(5) });
      const session = createSession(marbleTransport(inbound).transport);
      expectObservable(session.requestEvents('x', {}, { progress: true, timeout: { idleMs: 3, totalMs: 6 } })).toBe('-a-b-c#', {
        a: { type: 'progress', progress: 1 }, b: { type: 'progress', progress: 2 }, c: { type: 'progress', progress: 3 },
      }, new RequestTimeoutError('x', 'total', 6));
    });
  });

  it('applies the session default and lets a request turn it off', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const session = createSession(marbleTransport(hot('-')).transport, { timeout: { firstMs: 5 } });
      expectObservable(session.request('a')).toBe('-----#', undefined, new RequestTimeoutError('a', 'first', 5));
      expectObservable(session.request('b', {}, { timeout: false })).toBe('-------------');
    });
  });
});
