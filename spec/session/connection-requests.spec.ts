import { map, switchMap, take, type Observable } from 'rxjs';
import { ConnectionClosedError, SchemaError, TransportError } from '../../src/index.js';
import { multiplex, type Connection, type SessionMultiplex } from '../../src/session/index.js';
import { failed, marbleTransport, note, oversized, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const progress = (token: number, value: number) => note('notifications/progress', { progressToken: token, progress: value });

/** One connection of `mux` over `inbound$`, and what `use` does with it. */
function over<T>(mux: SessionMultiplex, inbound$: Observable<unknown>, use: (connection: Connection) => Observable<T>): Observable<T> {
  return marbleTransport(inbound$).transport.connect(mux.outbound$).pipe(mux, switchMap(use));
}

describe('multiplex: each connection answers only its own requests', () => {
  it('drops a response that arrives on a newer connection with the id of a request sent on an older one, which its own connection answers', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const mux = multiplex({ timeout: false });
      const a = hot('-----a', { a: res(0, { fromA: true }) });
      const b = hot('---b', { b: res(0, { fromB: true }) });
      expectObservable(over(mux, a, (connection) => connection.request('x')).pipe(take(1))).toBe('-----(r|)', { r: { fromA: true } });
      expectObservable(over(mux, b, (connection) => connection.request('y')), '-^').toBe('-');
      expectObservable(mux.diagnostics$).toBe('---d', {
        d: { kind: 'unknown-response', message: 'Response to request 0, which was sent on connection 1, arrived on connection 2: dropped', value: res(0, { fromB: true }) },
      });
    });
  });

  it('routes a progress notification only to a request of its own connection, though the token matches one elsewhere', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const mux = multiplex({ timeout: false });
      const a = hot('----p-r', { p: progress(0, 2), r: res(0, { done: true }) });
      const b = hot('--q', { q: progress(0, 1) });
      const events$ = over(mux, a, (connection) => connection.requestEvents('x', {}, { progress: true })).pipe(take(2));
      expectObservable(events$).toBe('----p-(r|)', { p: { type: 'progress', progress: 2 }, r: { type: 'result', result: { done: true } } });
      expectObservable(over(mux, b, (connection) => connection.notifications$).pipe(map((n) => n.params?.['progress'])), '-^').toBe('--q', { q: 1 });
    });
  });

  it('fails only the requests of the connection that ended while another one is open', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const mux = multiplex({ timeout: false });
      const a = cold('---|');
      const b = hot('-----b', { b: res(1, { fromB: true }) });
      const closedEarly = new ConnectionClosedError('The connection closed before the response arrived');
      expectObservable(over(mux, a, (connection) => connection.request('x'))).toBe('---#', undefined, closedEarly);
      expectObservable(over(mux, b, (connection) => connection.request('y')).pipe(take(1)), '-^').toBe('-----(r|)', { r: { fromB: true } });
    });
  });

  const foreign: [string, unknown, string][] = [
    ['a response that breaks the protocol', { jsonrpc: '2.0', id: 0, result: {}, error: { code: 1, message: 'x' } }, 'invalid-message'],
    ['an oversized message', oversized('{"jsonrpc":"2.0","id":0,"result":{"text":"aaaa', 5000, 1000), 'oversized-message'],
    ['a frame failure', failed(new TransportError('HTTP 503 Service Unavailable', { status: 503 }), 0, 'tools/call'), 'send-failed'],
  ];
  for (const [what, frame, kind] of foreign) {
    it(`does not fail a request of one connection for ${what} with its id on another`, () => {
      createTestScheduler().run(({ hot, expectObservable }) => {
        const mux = multiplex({ timeout: false });
        const a = hot('-----a', { a: res(0, { fromA: true }) });
        const b = hot('---b', { b: frame });
        expectObservable(over(mux, a, (connection) => connection.request('tools/call')).pipe(take(1))).toBe('-----(r|)', { r: { fromA: true } });
        expectObservable(over(mux, b, () => mux.diagnostics$.pipe(map((d) => d.kind))), '-^').toBe('---k', { k: kind });
      });
    });
  }

  it('still fails a request of its own connection for a response that breaks the protocol', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const mux = multiplex({ timeout: false });
      const a = hot('-----a', { a: res(0, {}) });
      const b = hot('---b', { b: { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } } });
      expectObservable(over(mux, a, (connection) => connection.request('x')).pipe(take(1))).toBe('-----(r|)', { r: {} });
      expectObservable(over(mux, b, (connection) => connection.request('y')), '-^').toBe(
        '---#', undefined, new SchemaError('The response to y (request 1) is not a valid JSON-RPC response: a response needs exactly one of result and error'),
      );
    });
  });

  it('keeps request ids unique across connections open at once', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const mux = multiplex({ timeout: false });
      const ids: number[] = [];
      const sent = (connection: Connection) => connection.request('x', {}, { onRequestId: (id) => ids.push(Number(id)) });
      expectObservable(over(mux, hot('-'), sent)).toBe('-');
      expectObservable(over(mux, hot('-'), sent), '-^').toBe('-');
      hot('--x').subscribe(() => expect(ids).toEqual([0, 1]));
    });
  });
});
