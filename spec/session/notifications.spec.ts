import { switchMap } from 'rxjs';
import { createSession } from '../../src/session/index.js';
import { marbleTransport, note, req } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

describe('Session.notifications$', () => {
  it('publishes inbound notifications in arrival order, hot, across connections, and completes only after close()', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const a = note('notifications/message', { level: 'info', data: 1 });
      const b = note('notifications/tools/list_changed');
      const c = note('notifications/message', { level: 'info', data: 2 });
      const connections = [cold('-a-b|', { a: { message: a }, b: { message: b } }), cold('-c', { c: { message: c } })];
      let n = 0;
      const session = createSession({ kind: 'two', connect: (out) => (out.subscribe(), connections[n++] ?? cold('-')) });
      cold('x').subscribe(() => session.connection$.subscribe({ error: () => undefined }));
      cold('-----x').subscribe(() => session.connection$.subscribe({ error: () => undefined }));
      cold('--------x').subscribe(() => session.close());
      expectObservable(session.notifications$).toBe('-a-b--c-|', { a, b, c });
      expectObservable(session.notifications$, '--^').toBe('---b--c-|', { b, c });
    });
  });

  it('opens nothing when subscribed: a connection opens with its first user', () => {
    createTestScheduler().run(({ hot, expectSubscriptions }) => {
      const inbound = hot('-a', { a: note('x') });
      const session = createSession(marbleTransport(inbound).transport);
      session.notifications$.subscribe();
      expectSubscriptions(inbound.subscriptions).toBe([]);
    });
  });

  it('gives each connection its own notification stream, which completes when that connection ends', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('-a-|', { a: note('x') });
      const session = createSession(marbleTransport(inbound).transport);
      const connection$ = session.connection$.pipe(switchMap((connection) => connection.notifications$));
      expectObservable(connection$).toBe('-a-|', { a: note('x') });
    });
  });

  it('is exposed as an Observable, not a Subject', () => {
    const session = createSession(marbleTransport(createTestScheduler().createHotObservable('-')).transport);
    expect((session.notifications$ as unknown as { next?: unknown }).next).toBeUndefined();
    expect((session.state$ as unknown as { next?: unknown }).next).toBeUndefined();
    expect((session.diagnostics$ as unknown as { next?: unknown }).next).toBeUndefined();
    expect((session.frames$ as unknown as { next?: unknown }).next).toBeUndefined();
  });

  it('sends outbound notifications with notify(), completing once written', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-'));
      const session = createSession(transport);
      expectObservable(session.notify('notifications/roots/list_changed', { a: 1 })).toBe('|');
      expectObservable(session.notify('notifications/initialized'), '--^').toBe('--|');
      expectObservable(outbound$).toBe('n-i', {
        n: note('notifications/roots/list_changed', { a: 1 }),
        i: note('notifications/initialized'),
      });
    });
  });

  it('routes notifications that arrive inside a batch (2025-03-26) in order', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const batch = [note('a'), note('b'), req(7, 'ping')];
      const { transport, outbound$ } = marbleTransport(hot('-x', { x: batch }));
      const session = createSession(transport);
      session.connection$.subscribe();
      expectObservable(session.notifications$).toBe('-(ab)', { a: note('a'), b: note('b') });
      expectObservable(outbound$).toBe('-e', { e: { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found: ping' } } });
    });
  });
});
