import { Observable, type Subscriber, type Subscription } from 'rxjs';
import { ConnectionClosedError, ResponseStreamEndedError, TransportError, type RequestTimeoutError } from '../errors/errors.js';
import { rpcErrorFrom } from '../errors/rpc-errors.js';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcErrorResponse, JsonRpcSuccess, RequestId } from '../protocol/jsonrpc.js';
import type { CancellationMode, InboundFrame, OutboundFrame } from '../transport/types.js';
import type { ConnectionHold, ConnectionUser } from './connection-hold.js';
import type { ConnectionRuntime, PendingRequest, SessionRuntime } from './runtime.js';
import type { DeadlineQueue } from './deadlines.js';
import { RequestClock, type PauseGate, type TimeoutTarget } from './timeouts.js';
import type { Params, ProgressToken, RequestEvent, RequestOptions, ResultPayload, TimeoutOptions } from './types.js';

/** What a request needs from its session. */
export interface RequestHost {
  readonly runtime: SessionRuntime;
  readonly connection$: Observable<never>;
  /** Holds the connection open for the requests in flight. */
  readonly hold: ConnectionHold;
  /** The session's pause state for request clocks. */
  readonly pauses: PauseGate;
  /** The deadlines of the session's request clocks. */
  readonly deadlines: DeadlineQueue;
  current(): ConnectionRuntime | undefined;
  readonly exchange: ((frame: OutboundFrame) => Observable<InboundFrame>) | undefined;
  cancellation(): CancellationMode;
  /** Routes a frame that arrived on a request's own exchange. */
  route(connection: ConnectionRuntime, frame: InboundFrame): void;
  /** Builds the error for a JSON-RPC error response. */
  toError(response: JsonRpcErrorResponse, method: string): McpError;
}

/** What one request sends and how it behaves. */
export interface RequestPlan {
  readonly method: string;
  readonly params: Params | undefined;
  readonly options: RequestOptions;
  /** Attach a progress token (the request id) when the params carry none. */
  readonly wantsProgress: boolean;
  readonly limits: TimeoutOptions | false;
  /** Emit the bare result payload instead of events (progress still restarts the idle limit). */
  readonly resultOnly: boolean;
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
  const meta: Record<string, unknown> = { ...(params?.['_meta'] as Params | undefined), ...options.meta };
  if (token !== undefined) meta['progressToken'] = token;
  return { ...params, _meta: meta };
}

function toProgressEvent(params: Params): RequestEvent {
  const event: { type: 'progress'; progress: number; total?: number; message?: string } = { type: 'progress', progress: Number(params['progress']) };
  if (typeof params['total'] === 'number') event.total = params['total'];
  if (typeof params['message'] === 'string') event.message = params['message'];
  return event;
}

function outboundFrame(id: number, method: string, params: Params | undefined, headers: RequestOptions['headers']): OutboundFrame {
  const message = params === undefined ? { jsonrpc: '2.0' as const, id, method } : { jsonrpc: '2.0' as const, id, method, params };
  return headers ? { message, headers } : { message };
}

/**
 * One request in flight: its registration, its clock, its frame and its subscriber, in one object. It is the
 * pending entry the router answers, the progress target, and the connection user the session notifies.
 */
class Flight implements PendingRequest, ConnectionUser, TimeoutTarget {
  /** A response arrived, or the request's own stream failed or ended: nothing is left to cancel. */
  answered = false;
  private exchange: Subscription | undefined;
  private clock: RequestClock | undefined;
  private connection: ConnectionRuntime | undefined;
  private frame: OutboundFrame | undefined;
  private id: RequestId | undefined;
  private token: ProgressToken | undefined;

  constructor(
    private readonly host: RequestHost,
    readonly method: string,
    private readonly subscriber: Subscriber<RequestEvent | ResultPayload>,
    private readonly resultOnly: boolean,
  ) {}

  start(plan: RequestPlan): void {
    const { host } = this;
    host.hold.acquire(this);
    const connection = host.current();
    if (this.subscriber.closed) return;
    if (!connection) {
      this.subscriber.error(connectionEnded());
      return;
    }
    const { runtime } = host;
    const id = runtime.nextId++;
    const existing = existingToken(plan.params);
    const token = existing ?? (plan.wantsProgress ? id : undefined);
    const frame = outboundFrame(id, plan.method, buildParams(plan.params, existing === undefined ? token : undefined, plan.options), plan.options.headers);
    this.connection = connection;
    this.frame = frame;
    this.id = id;
    this.token = token;
    runtime.pending.set(id, this);
    plan.options.onRequestId?.(id);
    if (token !== undefined) runtime.progressTokens.set(token, this);
    if (plan.limits !== false) {
      this.clock = new RequestClock(plan.method, plan.limits, this, host.deadlines);
      host.pauses.attach(this.clock);
    }
    this.send(connection, frame);
  }

  respond(message: JsonRpcSuccess | JsonRpcErrorResponse): void {
    this.answered = true;
    this.stopClock();
    const { subscriber } = this;
    if ('result' in message) {
      subscriber.next(this.resultOnly ? message.result : { type: 'result', result: message.result });
      subscriber.complete();
    } else {
      subscriber.error(this.host.toError(message, this.method));
    }
  }

  progress(params: Params): void {
    this.clock?.event();
    if (!this.resultOnly) this.subscriber.next(toProgressEvent(params));
  }

  connectionEnded(error?: unknown): void {
    this.subscriber.error(connectionEnded(error));
  }

  /** Teardown: unregisters, cancels on the wire when unanswered, lets go of the connection. */
  unsubscribe(): void {
    const { runtime } = this.host;
    this.stopClock();
    if (this.id !== undefined) runtime.pending.delete(this.id);
    const { token } = this;
    if (token !== undefined && runtime.progressTokens.get(token) === this) runtime.progressTokens.delete(token);
    if (this.connection !== undefined && this.frame !== undefined) this.cancelOnWire(this.connection, this.frame);
    this.exchange?.unsubscribe();
    this.host.hold.release(this);
  }

  timedOut(error: RequestTimeoutError): void {
    this.clock = undefined;
    this.subscriber.error(error);
  }

  private stopClock(): void {
    const { clock } = this;
    if (clock === undefined) return;
    this.clock = undefined;
    clock.stop();
    this.host.pauses.detach(clock);
  }

  private send(connection: ConnectionRuntime, frame: OutboundFrame): void {
    const { host, subscriber } = this;
    if (!host.exchange) {
      if (!host.runtime.write(connection, frame)) subscriber.error(connectionEnded());
      return;
    }
    this.exchange = host.exchange(frame).subscribe({
      next: (inbound) => host.route(connection, inbound),
      error: (error: unknown) => {
        this.answered = true;
        subscriber.error(TransportError.from(error));
      },
      complete: () => {
        if (this.answered) return;
        this.answered = true;
        subscriber.error(new ResponseStreamEndedError());
      },
    });
  }

  private cancelOnWire(connection: ConnectionRuntime, frame: OutboundFrame): void {
    const { host } = this;
    if (this.answered || !connection.queue.open) return;
    const viaNotification = host.cancellation() === 'notification' || !host.exchange;
    if (!viaNotification) return;
    if (!host.exchange && connection.queue.withdraw(frame)) return;
    const requestId = (frame.message as { id: number }).id;
    const message = { jsonrpc: '2.0' as const, method: 'notifications/cancelled', params: { requestId, reason: 'Request cancelled by the client' } };
    host.runtime.write(connection, frame.headers ? { message, headers: frame.headers } : { message });
  }
}

/**
 * One outbound request as a cold Observable: registers the id before writing (no race on synchronous
 * transports), routes progress by token, runs the request's time limits, and cancels on the wire when
 * unsubscribed early. Emits `RequestEvent`s, or only the result payload when `plan.resultOnly` is set.
 */
export function requestEvents(host: RequestHost, plan: RequestPlan): Observable<RequestEvent | ResultPayload> {
  return new Observable<RequestEvent | ResultPayload>((subscriber) => {
    const flight = new Flight(host, plan.method, subscriber, plan.resultOnly);
    flight.start(plan);
    return flight;
  });
}

/** The error for a JSON-RPC error response: the most specific `RpcError` subclass for its code. */
export function defaultRpcError(response: JsonRpcErrorResponse, method: string): McpError {
  return rpcErrorFrom(response.error, method);
}
