import { Observable, type Subscriber, type Subscription } from 'rxjs';
import { ConnectionClosedError, ResponseStreamEndedError, TransportError } from '../errors/errors.js';
import { rpcErrorFrom } from '../errors/rpc-errors.js';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcErrorResponse, JsonRpcSuccess } from '../protocol/jsonrpc.js';
import type { CancellationMode, InboundFrame, OutboundFrame } from '../transport/types.js';
import type { ConnectionRuntime, PendingRequest, SessionRuntime } from './runtime.js';
import type { Params, ProgressToken, RequestEvent, RequestOptions } from './types.js';

/** What a request needs from its session. */
export interface RequestHost {
  readonly runtime: SessionRuntime;
  readonly connection$: Observable<never>;
  current(): ConnectionRuntime | undefined;
  readonly exchange: ((frame: OutboundFrame) => Observable<InboundFrame>) | undefined;
  cancellation(): CancellationMode;
  /** Routes a frame that arrived on a request's own exchange. */
  route(connection: ConnectionRuntime, frame: InboundFrame): void;
  /** Builds the error for a JSON-RPC error response. */
  toError(response: JsonRpcErrorResponse, method: string): McpError;
}

/** Ends of a request that the connection can cause. */
export function connectionEnded(error?: unknown): ConnectionClosedError {
  return new ConnectionClosedError(error === undefined ? 'Connection closed' : 'Connection failed', error === undefined ? {} : { cause: error });
}

function existingToken(params: Params | undefined): ProgressToken | undefined {
  const token = (params?.['_meta'] as Params | undefined)?.['progressToken'];
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

function buildParams(params: Params | undefined, token: ProgressToken | undefined, options: RequestOptions): Params | undefined {
  if (options.meta === undefined && token === undefined) return params;
  const meta = { ...(params?.['_meta'] as Params | undefined), ...options.meta, ...(token === undefined ? {} : { progressToken: token }) };
  return { ...params, _meta: meta };
}

function toProgressEvent(params: Params): RequestEvent {
  const event: { type: 'progress'; progress: number; total?: number; message?: string } = { type: 'progress', progress: Number(params['progress']) };
  if (typeof params['total'] === 'number') event.total = params['total'];
  if (typeof params['message'] === 'string') event.message = params['message'];
  return event;
}

interface Flight {
  /** A response arrived, or the request's own stream failed or ended: nothing is left to cancel. */
  answered: boolean;
  exchange?: Subscription;
}

function pendingEntry(host: RequestHost, method: string, subscriber: Subscriber<RequestEvent>, flight: Flight): PendingRequest {
  return {
    method,
    respond(message: JsonRpcSuccess | JsonRpcErrorResponse) {
      flight.answered = true;
      if ('result' in message) {
        subscriber.next({ type: 'result', result: message.result });
        subscriber.complete();
      } else {
        subscriber.error(host.toError(message, method));
      }
    },
    progress(params) {
      subscriber.next(toProgressEvent(params));
    },
  };
}

function send(host: RequestHost, connection: ConnectionRuntime, frame: OutboundFrame, subscriber: Subscriber<RequestEvent>, flight: Flight): void {
  if (!host.exchange) {
    if (!host.runtime.write(connection, frame)) subscriber.error(connectionEnded());
    return;
  }
  flight.exchange = host.exchange(frame).subscribe({
    next: (inbound) => host.route(connection, inbound),
    error: (error: unknown) => {
      flight.answered = true;
      subscriber.error(TransportError.from(error));
    },
    complete: () => {
      if (flight.answered) return;
      flight.answered = true;
      subscriber.error(new ResponseStreamEndedError());
    },
  });
}

function cancelOnWire(host: RequestHost, connection: ConnectionRuntime, frame: OutboundFrame, flight: Flight): void {
  if (flight.answered || !connection.queue.open) return;
  const viaNotification = host.cancellation() === 'notification' || !host.exchange;
  if (!viaNotification) return;
  if (!host.exchange && connection.queue.withdraw(frame)) return;
  const requestId = (frame.message as { id: number }).id;
  const message = { jsonrpc: '2.0' as const, method: 'notifications/cancelled', params: { requestId, reason: 'Request cancelled by the client' } };
  host.runtime.write(connection, frame.headers ? { message, headers: frame.headers } : { message });
}

/**
 * One outbound request as a cold Observable of its events: registers the id before writing (no race on
 * synchronous transports), routes progress by token, and cancels on the wire when unsubscribed early.
 */
export function requestEvents(host: RequestHost, method: string, params: Params | undefined, options: RequestOptions, wantsProgress: boolean): Observable<RequestEvent> {
  return new Observable<RequestEvent>((subscriber) => {
    const { runtime } = host;
    const hold = host.connection$.subscribe({
      error: (error: unknown) => subscriber.error(connectionEnded(error)),
      complete: () => subscriber.error(connectionEnded()),
    });
    const connection = host.current();
    if (subscriber.closed || !connection) {
      if (!subscriber.closed) subscriber.error(connectionEnded());
      return hold;
    }
    const id = runtime.nextId++;
    const existing = existingToken(params);
    const token = existing ?? (wantsProgress ? id : undefined);
    const message = { jsonrpc: '2.0' as const, id, method, ...withParams(buildParams(params, existing === undefined ? token : undefined, options)) };
    const frame: OutboundFrame = options.headers ? { message, headers: options.headers } : { message };
    const flight: Flight = { answered: false };
    const entry = pendingEntry(host, method, subscriber, flight);
    runtime.pending.set(id, entry);
    options.onRequestId?.(id);
    if (token !== undefined) runtime.progressTokens.set(token, entry);
    send(host, connection, frame, subscriber, flight);
    return () => {
      runtime.pending.delete(id);
      if (token !== undefined && runtime.progressTokens.get(token) === entry) runtime.progressTokens.delete(token);
      cancelOnWire(host, connection, frame, flight);
      flight.exchange?.unsubscribe();
      hold.unsubscribe();
    };
  });
}

function withParams(params: Params | undefined): { params?: Params } {
  return params === undefined ? {} : { params };
}

/** The error for a JSON-RPC error response: the most specific `RpcError` subclass for its code. */
export function defaultRpcError(response: JsonRpcErrorResponse, method: string): McpError {
  return rpcErrorFrom(response.error, method);
}
