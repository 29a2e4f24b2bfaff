import { Observable, merge, mergeMap, of, switchMap, take } from 'rxjs';
import { ConnectionClosedError } from '../../src/index.js';
import { multiplex, type Connection } from '../../src/session/index.js';
import { marbleTransport, note, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const closedEarly = new ConnectionClosedError('The connection closed before the response arrived');
const sessionClosed = new ConnectionClosedError('The session was closed');

describe('multiplex: the session core as an operator over a frame duplex', () => {
  it('emits the connection once its frames flow, routes responses by id and answers a server request with its handler', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--a-b-q', { a: res(1, { y: true }), b: res(0, { x: true }), q: req(7, 'roots/list') });
      const { transport, outbound$ } = marbleTransport(inbound);
      const mux = multiplex({ handlers: { 'roots/list': () => ({ roots: [] }) } });
      const answers$ = transport.connect(mux.outbound$).pipe(
        mux,
        mergeMap((connection) => merge(connection.request('x'), connection.request('y'))),
      );
      expectObservable(answers$).toBe('--y-x', { x: { x: true }, y: { y: true } });
      expectObservable(outbound$).toBe('(ab)--c', { a: req(0, 'x'), b: req(1, 'y'), c: res(7, { roots: [] }) });
    });
  });

  it('completes when the frames complete, failing the request still in flight; the teardown closes the duplex', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inbound = cold('---|');
      const { transport } = marbleTransport(inbound);
      const mux = multiplex();
      const connection$ = transport.connect(mux.outbound$).pipe(mux);
      expectObservable(connection$.pipe(mergeMap((connection) => merge(of(connection.id), connection.request('x'))))).toBe('1--#', { 1: 1 }, closedEarly);
      expectSubscriptions(inbound.subscriptions).toBe('^--!');
    });
  });

  it('opens a new connection per subscription, one at a time, with request ids unique across them', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const frames = [cold('-a|', { a: res(0, { first: true }) }), cold('-b|', { b: res(1, { second: true }) })];
      let opened = 0;
      const mux = multiplex();
      const connect = new Observable<Connection>((subscriber) => marbleTransport(frames[opened++] ?? cold('-')).transport.connect(mux.outbound$).pipe(mux).subscribe(subscriber));
      const once = (connection: Connection) => merge(connection.request('x'), of(`#${connection.id}`));
      expectObservable(connect.pipe(mergeMap(once))).toBe('ab|', { a: '#1', b: { first: true } });
      expectObservable(connect.pipe(mergeMap(once)), '---^').toBe('---ab|', { a: '#2', b: { second: true } });
    });
  });

  it('publishes notifications on a hot notifications$; close() errors the open connection and completes the stream', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const inbound = hot('-n---', { n: note('notifications/tools/list_changed') });
      const mux = multiplex();
      const connection$ = marbleTransport(inbound).transport.connect(mux.outbound$).pipe(mux, switchMap(() => new Observable<never>()));
      cold('---x').subscribe(() => mux.close());
      expectObservable(mux.notifications$).toBe('-n-|', { n: note('notifications/tools/list_changed') });
      expectObservable(connection$).toBe('---#', undefined, sessionClosed);
      expectObservable(marbleTransport(inbound).transport.connect(mux.outbound$).pipe(mux), '----^').toBe('----#', undefined, sessionClosed);
    });
  });

  it('runs the JSDoc example: one request, and take(1) closes the duplex once the result is in', () => {
    createTestScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const inbound = hot('--a', { a: res(0, { tools: [] }) });
      const { transport } = marbleTransport(inbound);
      const mux = multiplex({ handlers: { 'roots/list': () => ({ roots: [] }) } });
      const result$ = transport.connect(mux.outbound$).pipe(mux, switchMap((connection) => connection.request('tools/list')), take(1));
      expectObservable(result$).toBe('--(r|)', { r: { tools: [] } });
      expectSubscriptions(inbound.subscriptions).toBe('^-!');
    });
  });
});
