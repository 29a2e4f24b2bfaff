import { Subject } from 'rxjs';
import { ConnectionClosedError, RequestTimeoutError, TransportError } from '../../src/index.js';
import { createSession } from '../../src/session/index.js';
import { marbleTransport, note, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const progress = (token: number, value: number) => note('notifications/progress', { progressToken: token, progress: value });

describe('Session with many requests in flight', () => {
  it('subscribes to timeoutPaused$ once for all requests, from the first one until close(), and pauses every clock', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const paused = hot('f--t------f', { t: true, f: false });
      const inbound = hot('-----------------');
      const session = createSession(marbleTransport(inbound).transport, { timeout: { firstMs: 4 }, timeoutPaused$: paused });
      const late = cold('-x').pipe(() => session.request('c'));
      expectObservable(session.request('a')).toBe('--------------#', undefined, new RequestTimeoutError('a', 'first', 4));
      expectObservable(session.request('b')).toBe('--------------#', undefined, new RequestTimeoutError('b', 'first', 4));
      expectObservable(late, '-^').toBe('--------------#', undefined, new RequestTimeoutError('c', 'first', 4));
      cold('----------------x').subscribe(() => session.close());
      expectSubscriptions(paused.subscriptions).toBe('^---------------!');
    });
  });

  it('restarts the idle limit of request() on progress, although request() emits only the result', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--p--p--p--r', { p: progress(0, 1), r: res(0, { done: true }) });
      const session = createSession(marbleTransport(inbound).transport, { timeout: { idleMs: 4 } });
      expectObservable(session.request('slow')).toBe('-----------(r|)', { r: { done: true } });
    });
  });

  it('holds the connection once for all of them: it opens with the first and, with idleCloseMs, closes after the last leaves', () => {
    createTestScheduler().run(({ hot, expectSubscriptions, expectObservable }) => {
      const inbound = hot('--a-b-c', { a: res(0, {}), b: res(1, {}), c: res(2, {}) });
      const session = createSession(marbleTransport(inbound).transport, { idleCloseMs: 3 });
      for (const method of ['x', 'y', 'z']) expectObservable(session.request(method)).toBe(method === 'x' ? '--(r|)' : method === 'y' ? '----(r|)' : '------(r|)', { r: {} });
      expectSubscriptions(inbound.subscriptions).toBe('^--------!');
    });
  });

  it('errors every request in flight with the failure of the connection when it fails', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const failure = new TransportError('reset');
      const inbound = hot('---#', undefined, failure);
      const session = createSession(marbleTransport(inbound).transport);
      for (const method of ['a', 'b', 'c']) expectObservable(session.request(method)).toBe('---#', undefined, failure);
    });
  });

  it('reconnects for a request sent after the connection ended, while the others already failed', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inbound = cold('--|');
      const session = createSession(marbleTransport(inbound).transport);
      const closedEarly = new ConnectionClosedError('The connection closed before the response arrived');
      expectObservable(session.request('a')).toBe('--#', undefined, closedEarly);
      expectObservable(cold('---x').pipe(() => session.request('b')), '---^').toBe('-----#', undefined, closedEarly);
      expectSubscriptions(inbound.subscriptions).toBe(['^-!', '---^-!']);
    });
  });
});
