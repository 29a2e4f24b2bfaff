import { Observable, type MonoTypeOperatorFunction } from 'rxjs';
import { ConnectionClosedError } from '../../src/index.js';
import { createSession } from '../../src/session/index.js';
import { marbleTransport, note, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const closed = new ConnectionClosedError('The session was closed');

/** Passes each value on, then runs `act` in the same `next` call (as a subscriber's handler that closes does). */
function after<T>(act: (value: T) => void): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) =>
      source.subscribe({
        next: (value) => {
          subscriber.next(value);
          act(value);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    );
}

describe('Session: close() inside the handler of a result', () => {
  it('completes the request whose result was delivered and fails only the one still waiting', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const session = createSession(marbleTransport(hot('---a', { a: res(0, { done: true }) })).transport);
      expectObservable(session.request('x').pipe(after(() => session.close()))).toBe('---(r|)', { r: { done: true } });
      expectObservable(session.request('y')).toBe('---#', undefined, closed);
    });
  });

  it('completes requestEvents after its progress and result, when the handler of the result closes', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('-p-a', { p: note('notifications/progress', { progressToken: 0, progress: 1 }), a: res(0, { done: true }) });
      const session = createSession(marbleTransport(inbound).transport);
      const events$ = session.requestEvents('x', {}, { progress: true }).pipe(after((event) => event.type === 'result' && session.close()));
      expectObservable(events$).toBe('-p-(r|)', { p: { type: 'progress', progress: 1 }, r: { type: 'result', result: { done: true } } });
    });
  });

  it('fails a request whose progress handler closes: it is still waiting for its result', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('-p-a', { p: note('notifications/progress', { progressToken: 0, progress: 1 }), a: res(0) });
      const session = createSession(marbleTransport(inbound).transport);
      const events$ = session.requestEvents('x', {}, { progress: true }).pipe(after(() => session.close()));
      expectObservable(events$).toBe('-(p#)', { p: { type: 'progress', progress: 1 } }, closed);
    });
  });

  it('completes a request answered on its own exchange (one stream per request, as over HTTP)', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const { transport } = marbleTransport(cold('-'), { exchange: (frame) => ((frame.message as { id: number }).id === 0 ? cold('--a', { a: res(0, { done: true }) }) : cold('-')) });
      const session = createSession(transport);
      expectObservable(session.request('x').pipe(after(() => session.close()))).toBe('--(r|)', { r: { done: true } });
      expectObservable(session.request('y')).toBe('--#', undefined, closed);
    });
  });

  it('aborting the connection inside the handler of a result leaves that request completed and fails the waiting one with the reason', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const session = createSession(marbleTransport(hot('--a', { a: res(0, { done: true }) })).transport);
      const reason = new ConnectionClosedError('Given up');
      expectObservable(session.request('x').pipe(after(() => session.current?.abort(reason)))).toBe('--(r|)', { r: { done: true } });
      expectObservable(session.request('y')).toBe('--#', undefined, reason);
    });
  });
});
