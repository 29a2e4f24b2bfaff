import { NEVER, Observable, concat, of } from 'rxjs';
import { RpcError } from '../../src/index.js';
import { createSession, type HandlerContext } from '../../src/session/index.js';
import { marbleTransport, note, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

describe('Session handlers', () => {
  it('answers a server request with the handler result (value, Promise or Observable)', async () => {
    const { transport, outbound$ } = marbleTransport(concat(of(req(1, 'a'), req(2, 'b'), req(3, 'c')), NEVER));
    const sent: unknown[] = [];
    outbound$.subscribe((m) => sent.push(m));
    const session = createSession(transport, {
      handlers: {
        a: () => ({ from: 'value' }),
        b: async () => ({ from: 'promise' }),
        c: () => of({ from: 'observable' }),
      },
    });
    const hold = session.connection$.subscribe();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([res(1, { from: 'value' }), res(3, { from: 'observable' }), res(2, { from: 'promise' })]);
    hold.unsubscribe();
  });

  it('answers -32601 when no handler is registered, and maps thrown errors', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('-a-b-c-d', { a: req('x', 'roots/list'), b: req(2, 'boom'), c: req(3, 'coded'), d: req(4, 'rpc') });
      const { transport, outbound$ } = marbleTransport(inbound);
      const session = createSession(transport, {
        handlers: {
          boom: () => {
            throw new Error('kaput');
          },
          coded: () => {
            throw Object.assign(new Error('bad params'), { code: -32602, data: { field: 'n' } });
          },
          rpc: () => new Observable<never>((s) => s.error(new RpcError(-1, 'User rejected sampling request'))),
        },
      });
      session.connection$.subscribe();
      expectObservable(outbound$).toBe('-a-b-c-d', {
        a: { jsonrpc: '2.0', id: 'x', error: { code: -32601, message: 'Method not found: roots/list' } },
        b: { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'kaput' } },
        c: { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'bad params', data: { field: 'n' } } },
        d: { jsonrpc: '2.0', id: 4, error: { code: -1, message: 'User rejected sampling request' } },
      });
    });
  });

  it('runs handlers concurrently: a slow one does not hold back a fast one', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const inbound = hot('-s-f', { s: req(1, 'slow'), f: req(2, 'fast') });
      const { transport, outbound$ } = marbleTransport(inbound);
      const session = createSession(transport, {
        handlers: { slow: () => cold('-----(r|)', { r: { n: 1 } }), fast: () => cold('-(r|)', { r: { n: 2 } }) },
      });
      session.connection$.subscribe();
      expectObservable(outbound$).toBe('----f-s', { f: res(2, { n: 2 }), s: res(1, { n: 1 }) });
    });
  });

  it('unsubscribes a handler on notifications/cancelled, aborts its signal and sends no response', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const work = cold('--------(r|)', { r: {} });
      let signal: AbortSignal | undefined;
      const inbound = hot('-r--c', { r: req(9, 'sampling/createMessage'), c: note('notifications/cancelled', { requestId: 9 }) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const session = createSession(transport, {
        handlers: {
          'sampling/createMessage': (_params, context: HandlerContext) => {
            signal = context.signal;
            return work;
          },
        },
      });
      session.connection$.subscribe();
      expectSubscriptions(work.subscriptions).toBe('-^--!');
      expectObservable(outbound$).toBe('-');
      hot('-----x').subscribe(() => expect(signal?.aborted).toBeTrue());
    });
  });

  it('unsubscribes running handlers when the connection ends', () => {
    createTestScheduler().run(({ hot, cold, expectSubscriptions }) => {
      const work = cold('--------(r|)', { r: {} });
      const session = createSession(marbleTransport(hot('-r--|', { r: req(1, 'elicitation/create') })).transport, {
        handlers: { 'elicitation/create': () => work },
      });
      session.connection$.subscribe({ complete: () => undefined });
      expectSubscriptions(work.subscriptions).toBe('-^--!');
    });
  });

  it('reports progress to the server when the request carried a progress token', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('-r', { r: req(5, 'sampling/createMessage', { _meta: { progressToken: 'p1' } }) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const session = createSession(transport, {
        handlers: {
          'sampling/createMessage': (_params, context) => {
            context.progress(1, 2, 'half');
            return NEVER;
          },
        },
      });
      session.connection$.subscribe();
      expectObservable(outbound$).toBe('-p', { p: note('notifications/progress', { progressToken: 'p1', progress: 1, total: 2, message: 'half' }) });
    });
  });

  it('answers -32603 when a handler completes without a result or returns a non-object', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-a-b', { a: req(1, 'empty'), b: req(2, 'array') }));
      const session = createSession(transport, {
        handlers: { empty: () => of() as never, array: () => [1, 2] as never },
      });
      session.connection$.subscribe();
      expectObservable(outbound$).toBe('-a-b', {
        a: { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Handler for empty completed without a result' } },
        b: { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Handler for array returned a non-object result' } },
      });
    });
  });
});
