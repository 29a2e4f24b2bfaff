import type { Observable, OperatorFunction } from 'rxjs';
import type { JsonRpcNotification } from '../protocol/jsonrpc.js';
import type { InboundFrame, OutboundFrame } from '../transport/types.js';
import { SessionCore, startPolicy } from './core.js';
import type { Connection, Diagnostic, SessionOptions } from './types.js';

/**
 * Options of `multiplex`: those of `createSession` but `idleCloseMs` (the operator holds a connection exactly as
 * long as it is subscribed). Without a transport to ask, cancellation defaults to `notifications/cancelled`.
 */
export type MultiplexOptions = Omit<SessionOptions, 'idleCloseMs'>;

/**
 * The session core as an RxJS operator over one connection's inbound frames: pipe the frames of a duplex through
 * it and it emits that connection, whose `request`s it multiplexes by id; it answers server requests with the
 * handlers and publishes notifications on `notifications$`. What to send goes out on `outbound$`, which the duplex
 * subscribes to when it can write.
 *
 * - **Temperature:** cold: each subscription is one connection (subscribing the frames); one at a time.
 * - **Emits:** the `Connection`, once, as soon as its frames are subscribed.
 * - **Completes:** when the frames complete; requests still in flight on it fail with `ConnectionClosedError`.
 * - **Errors:** `TransportError` when the frames error (requests in flight fail with it too), `ConnectTimeoutError`
 *   when the duplex does not subscribe to `outbound$` within `connectTimeoutMs`, the error given to
 *   `Connection.abort`, and `ConnectionClosedError` after `close()` (at once for a later subscription).
 * - **Teardown:** unsubscribes the frames (closing the duplex) and ends the connection: its requests in flight
 *   fail, its server requests being handled are cancelled.
 */
export interface SessionMultiplex extends OperatorFunction<InboundFrame, Connection> {
  /**
   * The frames to send on the connection the operator opened last: requests, notifications, answers to server
   * requests. Hand it to the duplex whose inbound frames go through the operator.
   *
   * - **Temperature:** cold, bound when subscribed to the connection open then; frames written before are queued.
   * - **Emits:** each outbound frame, in order. **Completes:** when that connection ends; at once when none is open.
   * - **Errors:** never. **Teardown:** stops taking frames (later ones wait in the queue of an open connection).
   */
  readonly outbound$: Observable<OutboundFrame>;
  /**
   * Every inbound notification of every connection, in order.
   * - **Temperature:** hot. **Emits:** each notification. **Completes:** after `close()`.
   * - **Errors:** never. **Teardown:** stops listening.
   */
  readonly notifications$: Observable<JsonRpcNotification>;
  /**
   * Dropped or odd input, handler failures, frames that could not be delivered; never fatal.
   * - **Temperature:** hot. **Emits:** each `Diagnostic`. **Completes:** after `close()`.
   * - **Errors:** never. **Teardown:** stops listening.
   */
  readonly diagnostics$: Observable<Diagnostic>;
  /** Closes for good: the open connection ends with `ConnectionClosedError`, the hot streams complete. */
  close(): void;
}

/**
 * The multiplexing core of a session as an operator: `createSession` is this core over a transport, shared. Use it
 * over a frame duplex of your own; each subscription opens one connection, and request ids stay unique across them.
 * A connection answers only its own requests: a response or progress on one never reaches a request sent on another.
 *
 * @example
 * ```ts
 * const mux = multiplex({ handlers: { 'roots/list': () => ({ roots: [] }) } });
 * transport.connect(mux.outbound$)
 *   .pipe(mux, switchMap((connection) => connection.request('tools/list')), take(1))   // take(1) then closes the duplex
 *   .subscribe((result) => console.log(result));
 * ```
 */
export function multiplex(options: MultiplexOptions = {}): SessionMultiplex {
  const core = new SessionCore(options, { exchange: undefined, policy: () => startPolicy(options) });
  const operator: OperatorFunction<InboundFrame, Connection> = (inbound$) => core.multiplex(inbound$);
  return Object.assign(operator, {
    outbound$: core.outbound$,
    notifications$: core.streams.notifications.asObservable(),
    diagnostics$: core.streams.diagnostics.asObservable(),
    close: () => core.close(),
  });
}
