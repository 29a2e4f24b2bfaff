import { NEVER, Subject, map } from 'rxjs';
import { RequestTimeoutError, TransportError } from '../../src/index.js';
import { createSession, type OutboundFrame } from '../../src/session/index.js';
import { marbleTransport, note, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const cancelled = (requestId: number) => note('notifications/cancelled', { requestId, reason: 'Request cancelled by the client' });

describe('Session cancellation', () => {
  it('sends notifications/cancelled exactly once when a pending request is unsubscribed (duplex)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-------'));
      const session = createSession(transport);
      expectObservable(session.request('tools/list', {}), '^--!').toBe('---');
      expectObservable(outbound$).toBe('r--c', { r: req(0, 'tools/list', {}), c: cancelled(0) });
    });
  });

  it('sends nothing after the response has arrived', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-a', { a: res(0) }));
      const session = createSession(transport);
      expectObservable(session.request('x', {}), '^---!').toBe('-(r|)', { r: {} });
      expectObservable(outbound$).toBe('r', { r: req(0, 'x', {}) });
    });
  });

  it('sends nothing for a request that was never written (the transport was not writable yet)', () => {
    const writable = new Subject<void>();
    const written: OutboundFrame[] = [];
    const session = createSession({
      kind: 'slow-start',
      connect: (outbound$) => {
        writable.subscribe(() => outbound$.subscribe((f) => written.push(f)));
        return NEVER;
      },
    });
    const subscription = session.request('x', {}, { timeout: false }).subscribe();
    subscription.unsubscribe();
    writable.next();
    expect(written).toEqual([]);
  });

  it('aborts the exchange instead on transports with one stream per request, and sends no notification', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const exchange = cold('-----');
      const { transport, outbound$ } = marbleTransport(hot('-'), { exchange: () => exchange });
      const session = createSession(transport);
      expectObservable(session.request('tools/list', {}), '^--!').toBe('---');
      expectSubscriptions(exchange.subscriptions).toBe('^--!');
      expectObservable(outbound$).toBe('r', { r: req(0, 'tools/list', {}) });
    });
  });

  it('also sends notifications/cancelled on an exchange transport whose revision cancels by notification', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const exchange = cold('-----');
      const { transport, outbound$ } = marbleTransport(hot('-'), { exchange: () => exchange, cancellation: 'notification' });
      const session = createSession(transport);
      expectObservable(session.request('tools/list', {}), '^--!').toBe('---');
      expectSubscriptions(exchange.subscriptions).toBe('^--!');
      expectObservable(outbound$).toBe('r--c', { r: req(0, 'tools/list', {}), c: cancelled(0) });
    });
  });

  it('sends no notifications/cancelled for a request whose own stream failed: nothing is left to cancel', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-'), { exchange: () => cold('--#', undefined, new TransportError('HTTP 404')), cancellation: 'notification' });
      const session = createSession(transport);
      expectObservable(session.request('tools/list', {})).toBe('--#', undefined, new TransportError('HTTP 404'));
      expectObservable(outbound$).toBe('r', { r: req(0, 'tools/list', {}) });
    });
  });

  it('cancels as the policy of the connection says at the moment of cancelling (a client sets it after negotiation)', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-'), { exchange: () => cold('-----') });
      const session = createSession(transport, { cancellation: 'abort' });
      hot('--x').subscribe(() => session.current?.setPolicy({ cancellation: 'notification' }));
      expectObservable(session.request('a', {}), '^!').toBe('-');
      expectObservable(session.request('b', {}), '^---!').toBe('----');
      expectObservable(outbound$).toBe('(ab)c', { a: req(0, 'a', {}), b: req(1, 'b', {}), c: cancelled(1) });
    });
  });

  it('puts the cancel headers of the policy on a cancellation frame, never the headers of the request it cancels', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, frames$ } = marbleTransport(hot('-'));
      const session = createSession(transport);
      session.connection$.subscribe((connection) => connection.setPolicy({ cancelHeaders: { 'MCP-Protocol-Version': '2025-11-25' } }));
      const headers = { 'MCP-Protocol-Version': '2025-11-25', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'slow' };
      expectObservable(session.request('tools/call', { name: 'slow' }, { headers }), '^-!').toBe('--');
      expectObservable(frames$.pipe(map((f) => f.headers))).toBe('a-b', { a: headers, b: { 'MCP-Protocol-Version': '2025-11-25' } });
    });
  });

  it('never cancels a request marked cancellable: false (initialize), whether unsubscribed or timed out', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-'));
      const session = createSession(transport);
      expectObservable(session.request('initialize', {}, { cancellable: false }), '^-!').toBe('--');
      expectObservable(session.request('initialize', {}, { cancellable: false, timeout: { firstMs: 3 } })).toBe('---#', undefined, new RequestTimeoutError('initialize', 'first', 3));
      expectObservable(outbound$).toBe('(ab)', { a: req(0, 'initialize', {}), b: req(1, 'initialize', {}) });
    });
  });

  it('routes the response that arrives on the exchange and completes without cancelling', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const exchange = cold('--p-r', {
        p: note('notifications/progress', { progressToken: 0, progress: 5 }),
        r: res(0, { ok: true }),
      });
      const { transport } = marbleTransport(hot('-'), { exchange: () => exchange });
      const session = createSession(transport);
      expectObservable(session.requestEvents('x', {}, { progress: true })).toBe('--p-(r|)', {
        p: { type: 'progress', progress: 5 },
        r: { type: 'result', result: { ok: true } },
      });
      expectSubscriptions(exchange.subscriptions).toBe('^---!');
    });
  });

  it('never errors on unsubscribe, and ignores the late response of a cancelled request', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('----a', { a: res(0, { late: true }) });
      const session = createSession(marbleTransport(inbound).transport);
      expectObservable(session.request('x'), '^-!').toBe('--');
      expectObservable(session.diagnostics$).toBe('----d', {
        d: { kind: 'late-response', message: 'Response to request 0, which is no longer pending (answered or cancelled): dropped', value: res(0, { late: true }) },
      });
    });
  });
});
