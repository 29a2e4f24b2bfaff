import { NEVER, Observable, Subject, map, switchMap, timer } from 'rxjs';
import { ConnectTimeoutError, ConnectionClosedError, TransportError } from '../../src/index.js';
import { createSession, type InboundFrame, type OutboundFrame } from '../../src/session/index.js';
import { marbleTransport, note, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

describe('Session connection lifecycle', () => {
  it('opens lazily on first use, and reports connecting then open in state$', () => {
    createTestScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const inbound = hot('------a', { a: res(0) });
      const session = createSession(marbleTransport(inbound).transport);
      expectObservable(session.state$.pipe(map((s) => s.status))).toBe('i--(co)', { i: 'idle', c: 'connecting', o: 'open' });
      expectObservable(session.request('x'), '---^').toBe('------(r|)', { r: {} });
      expectSubscriptions(inbound.subscriptions).toBe('---^');
    });
  });

  it('stays open between requests until close(), then completes every stream and refuses new requests', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const inbound = hot('-a---b', { a: res(0), b: res(1) });
      const session = createSession(marbleTransport(inbound).transport);
      expectObservable(session.request('x')).toBe('-(r|)', { r: {} });
      expectObservable(session.request('y'), '---^').toBe('-----(r|)', { r: {} });
      cold('-------x').subscribe(() => session.close());
      expectSubscriptions(inbound.subscriptions).toBe('^------!');
      expectObservable(session.state$.pipe(map((s) => s.status))).toBe('o------(c|)', { o: 'open', c: 'closed' });
      expectObservable(session.notifications$).toBe('-------|');
      expectObservable(session.request('z'), '--------^').toBe('--------#', undefined, new ConnectionClosedError('The session was closed'));
    });
  });

  it('errors pending requests with ConnectionClosedError on close()', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const session = createSession(marbleTransport(hot('-')).transport);
      cold('---x').subscribe(() => session.close());
      expectObservable(session.request('x')).toBe('---#', undefined, new ConnectionClosedError('The session was closed'));
    });
  });

  it('reports a transport failure as disconnected with the error, and reconnects on next use', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const attempts: Observable<InboundFrame>[] = [cold<InboundFrame>('--#', undefined, new TransportError('reset')), cold<InboundFrame>('--a', { a: { message: res(1, { again: true }) } })];
      let n = 0;
      const session = createSession({ kind: 'flaky', connect: (outbound$) => (outbound$.subscribe(), attempts[n++] ?? NEVER) });
      expectObservable(session.state$.pipe(map((s) => (s.status === 'disconnected' ? `${s.status}:${s.error?.message}` : s.status))), '-^').toBe(
        '-ab--(cd)', { a: 'open', b: 'disconnected:reset', c: 'connecting', d: 'open' },
      );
      expectObservable(session.request('x')).toBe('--#', undefined, new TransportError('reset'));
      expectObservable(session.request('y'), '-----^').toBe('-------(r|)', { r: { again: true } });
    });
  });

  it('closes an idle connection after idleCloseMs when configured', () => {
    createTestScheduler().run(({ hot, expectSubscriptions }) => {
      const inbound = hot('--a', { a: res(0) });
      const session = createSession(marbleTransport(inbound).transport, { idleCloseMs: 5 });
      session.request('x').subscribe();
      expectSubscriptions(inbound.subscriptions).toBe('^------!');
    });
  });

  it('queues frames written before the transport can write, and flushes them in order', () => {
    const writable = new Subject<void>();
    const written: OutboundFrame[] = [];
    const session = createSession({
      kind: 'slow-start',
      connect: (outbound$) => {
        writable.subscribe(() => outbound$.subscribe((f) => written.push(f)));
        return NEVER;
      },
    });
    session.request('a', {}, { timeout: false }).subscribe();
    session.notify('b').subscribe();
    expect(session.state.status).toBe('connecting');
    writable.next();
    expect(session.state.status).toBe('open');
    expect(written.map((f) => f.message)).toEqual([req(0, 'a', {}), note('b')]);
  });
});

describe('Session.frames$', () => {
  it('taps every inbound and outbound frame with its direction', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--a', { a: res(0, { ok: true }) });
      const session = createSession(marbleTransport(inbound).transport);
      expectObservable(session.frames$).toBe('o-i', {
        o: { direction: 'out', frame: { message: req(0, 'x') } },
        i: { direction: 'in', frame: { message: res(0, { ok: true }) } },
      });
      expectObservable(session.request('x')).toBe('--(r|)', { r: { ok: true } });
    });
  });
});

describe('Session connect timeout', () => {
  it('fails a connection that does not become writable in time, closing it, and errors what waits on it', () => {
    createTestScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const inbound = hot<InboundFrame>('----------');
      const session = createSession({ kind: 'never-opens', connect: () => inbound }, { connectTimeoutMs: 4 });
      expectObservable(session.request('x', {}, { timeout: false })).toBe('----#', undefined, new ConnectTimeoutError(4));
      expectObservable(session.state$.pipe(map((s) => (s.status === 'disconnected' ? `${s.status}: ${s.error?.message}` : s.status))), '-^').toBe('-c--d', {
        c: 'connecting', d: 'disconnected: The connection was not established within 4 ms',
      });
      expectSubscriptions(inbound.subscriptions).toBe('^---!');
    });
  });

  it('lets a connection that became writable in time live on', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot<InboundFrame>('--------a', { a: { message: res(0, { ok: true }) } });
      const session = createSession(
        { kind: 'slow-open', connect: (outbound$) => new Observable<InboundFrame>((s) => { const t = setTimeoutLike(outbound$); const i = inbound.subscribe(s); return () => (t.unsubscribe(), i.unsubscribe()); }) },
        { connectTimeoutMs: 4 },
      );
      expectObservable(session.request('x', {}, { timeout: false })).toBe('--------(r|)', { r: { ok: true } });
    });
  });
});

/** Subscribes to `outbound$` two frames after connect, like a socket that takes a moment to open. */
function setTimeoutLike(outbound$: Observable<OutboundFrame>) {
  return timer(2).pipe(switchMap(() => outbound$)).subscribe();
}
