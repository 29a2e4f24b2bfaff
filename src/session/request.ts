import { Observable, type Subscriber, type Subscription } from 'rxjs';
import { ResponseStreamEndedError, TransportError, type RequestTimeoutError } from '../errors/errors.js';
import { rpcErrorFrom } from '../errors/rpc-errors.js';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcErrorResponse, JsonRpcSuccess, RequestId } from '../protocol/jsonrpc.js';
import type { InboundFrame, OutboundFrame } from '../transport/types.js';
import { endError, type ConnectionEnd, type ConnectionRuntime } from './connection.js';
import type { ConnectionHold } from './connection-hold.js';
import type { PendingRequest } from './request-registry.js';
import type { RequestOrigin, SessionRuntime } from './runtime.js';
import type { DeadlineQueue } from './deadlines.js';
import { RequestClock, type PauseGate, type TimeoutTarget } from './timeouts.js';
import type { Params, ProgressToken, RequestEvent, RequestOptions, ResultPayload, TimeoutOptions } from './types.js';

/** What a request needs from its session. */
export interface RequestHost {
  readonly runtime: SessionRuntime;
  /** Holds the connection open for the requests in flight. */
  readonly hold: ConnectionHold;
  /** The session's pause state for request clocks. */
  readonly pauses: PauseGate;
  /** The deadlines of the session's request clocks. */
  readonly deadlines: DeadlineQueue;
  /** The open connection, if any (after `hold.acquire()`, the one just opened). */
  current(): ConnectionRuntime | undefined;
  /** The error for a request that cannot start: the session is closed, or no connection could be opened. */
  unavailable(): McpError;
  readonly exchange: ((frame: OutboundFrame) => Observable<InboundFrame>) | undefined;
  /** Routes a frame that arrived on a request's own exchange (`origin`: that request). */
  route(connection: ConnectionRuntime, frame: InboundFrame, origin?: RequestOrigin): void;
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
  /** Send on this connection only (fail when it has ended); default: the current one, opened if needed. */
  readonly connection?: ConnectionRuntime;
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
 * One request in flight: its registration, its clock, its frame and its subscriber, in one object. It is the entry
 * of its connection's request registry: what the router answers by id and by progress token, and what the
 * connection fails when it ends.
 */
class Flight implements PendingRequest<ConnectionEnd>, TimeoutTarget, RequestOrigin {
  /** A response arrived, or the request's own stream failed or ended: nothing is left to cancel. */
  private answered = false;
  private held = false;
  private exchange: Subscription | undefined;
  private clock: RequestClock | undefined;
  private connection: ConnectionRuntime | undefined;
  private frame: OutboundFrame | undefined;
  private requestId: RequestId | undefined;
  private token: ProgressToken | undefined;
  private cancellable = true;

  constructor(
    private readonly host: RequestHost,
    readonly method: string,
    private readonly subscriber: Subscriber<RequestEvent | ResultPayload>,
    private readonly resultOnly: boolean,
  ) {}

  start(plan: RequestPlan): void {
    const connection = this.connect(plan.connection);
    if (connection === undefined || this.subscriber.closed) return;
    const { runtime } = this.host;
    const id = runtime.nextId++;
    const existing = existingToken(plan.params);
    const token = existing ?? (plan.wantsProgress ? id : undefined);
    const frame = outboundFrame(id, plan.method, buildParams(plan.params, existing === undefined ? token : undefined, plan.options), plan.options.headers);
    this.connection = connection;
    this.frame = frame;
    this.requestId = id;
    this.token = token;
    this.cancellable = plan.options.cancellable !== false;
    connection.requests.add(id, this, token);
    plan.options.onRequestId?.(id);
    if (plan.limits !== false) {
      this.clock = new RequestClock(plan.method, plan.limits, this, this.host.deadlines);
      this.host.pauses.attach(this.clock);
    }
    this.send(connection, frame);
  }

  respond(message: JsonRpcSuccess | JsonRpcErrorResponse): void {
    // Settled before its subscriber hears of it: what the subscriber does in its handler (close the session, end
    // the connection) concerns the requests still waiting, never this one.
    this.answered = true;
    this.stopClock();
    this.unregister();
    const { subscriber } = this;
    if ('result' in message) {
      subscriber.next(this.resultOnly ? message.result : { type: 'result', result: message.result });
      subscriber.complete();
    } else {
      subscriber.error(this.host.toError(message, this.method));
    }
  }

  /** The request's id (-1 before it is sent). */
  get id(): RequestId {
    return this.requestId ?? -1;
  }

  fail(error: McpError): void {
    this.answered = true;
    this.subscriber.error(error);
  }

  holdClock(): () => void {
    return this.clock?.hold() ?? (() => undefined);
  }

  abandon(error: McpError): void {
    this.subscriber.error(error);
  }

  progress(params: Params): void {
    this.clock?.event();
    if (!this.resultOnly) this.subscriber.next(toProgressEvent(params));
  }

  connectionEnded(end: ConnectionEnd): void {
    this.answered = true;
    this.subscriber.error(endError(end));
  }

  /** Teardown: unregisters, cancels on the wire when unanswered, lets go of the connection. */
  unsubscribe(): void {
    this.stopClock();
    this.unregister();
    const { connection, frame } = this;
    if (connection !== undefined && frame !== undefined) this.cancelOnWire(connection, frame);
    this.exchange?.unsubscribe();
    if (this.held) this.host.hold.release();
  }

  timedOut(error: RequestTimeoutError): void {
    this.clock = undefined;
    this.subscriber.error(error);
  }

  /** The connection to send on: the pinned one while it lasts, else the current one (opened if needed). */
  private connect(pinned: ConnectionRuntime | undefined): ConnectionRuntime | undefined {
    const { host, subscriber } = this;
    if (pinned?.end !== undefined) {
      subscriber.error(endError(pinned.end));
      return undefined;
    }
    this.held = true;
    host.hold.acquire();
    const connection = pinned ?? host.current();
    if (subscriber.closed) return undefined;
    if (connection === undefined || connection.end !== undefined) {
      subscriber.error(connection?.end === undefined ? host.unavailable() : endError(connection.end));
      return undefined;
    }
    return connection;
  }

  /** Takes the request off its connection's books: no response, progress or end reaches it. */
  private unregister(): void {
    const { requestId, connection } = this;
    if (requestId !== undefined) connection?.requests.remove(requestId, this, this.token);
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
    if (!host.exchange || !connection.policy.exchange) {
      if (!host.runtime.write(connection, frame)) subscriber.error(endError(connection.end ?? { error: undefined, closed: false }));
      return;
    }
    host.runtime.tapOut(frame);
    this.exchange = host.exchange(frame).subscribe({
      next: (inbound) => host.route(connection, inbound, this),
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
    if (this.answered || !this.cancellable || !connection.queue.open) return;
    const viaExchange = host.exchange !== undefined && connection.policy.exchange;
    if (viaExchange && connection.policy.cancellation === 'abort') return;
    if (!viaExchange && connection.queue.withdraw(frame)) return;
    const requestId = (frame.message as { id: number }).id;
    const message = { jsonrpc: '2.0' as const, method: 'notifications/cancelled', params: { requestId, reason: 'Request cancelled by the client' } };
    const headers = connection.policy.cancelHeaders;
    host.runtime.write(connection, headers ? { message, headers } : { message });
  }
}

/**
 * One outbound request as a cold Observable: registers the id before writing (no race on synchronous
 * transports), routes progress by token, runs the request's time limits, and cancels on the wire when
 * unsubscribed early (per the connection's policy). Emits `RequestEvent`s, or only the result payload when
 * `plan.resultOnly` is set.
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
