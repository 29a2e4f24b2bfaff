import { AsyncSubject, Subject, asyncScheduler, type Observable } from 'rxjs';
import { ConnectionClosedError } from '../errors/errors.js';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcNotification, RequestId } from '../protocol/jsonrpc.js';
import type { CancellationMode } from '../transport/types.js';
import { OutboundQueue } from './outbound-queue.js';
import { RequestRegistry } from './request-registry.js';

/** How a connection ended. */
export interface ConnectionEnd {
  /** Why it failed (the transport's error, or what the session or client ended it with); `undefined` when clean. */
  readonly error: McpError | undefined;
  /** True when `close()` of the session ended it. */
  readonly closed: boolean;
}

/**
 * How requests travel and are cancelled on one connection. The session starts from the transport's defaults; the
 * client sets what the negotiated revision says (its wire policy) once negotiation is done.
 */
export interface ConnectionPolicy {
  /** `abort` (close the request's own stream) or `notification` (`notifications/cancelled`). */
  readonly cancellation: CancellationMode;
  /** Send requests through the transport's `exchange` (one stream per request) rather than the connection. */
  readonly exchange: boolean;
  /** Headers of a cancellation frame; never those of the request it cancels (a cancel is not a `tools/call`). */
  readonly cancelHeaders?: Readonly<Record<string, string>>;
}

/** One server→client request being handled on a connection. */
export interface RunningHandler {
  cancel(): void;
}

/**
 * The error a request in flight fails with when its connection ends: the connection's own failure when it failed
 * (a `ProcessExitError` with its exit code and stderr, an HTTP status, ...), so the caller sees what happened.
 */
export function endError(end: ConnectionEnd): McpError {
  if (end.error !== undefined) return end.error;
  return new ConnectionClosedError(end.closed ? 'The session was closed' : 'The connection closed before the response arrived');
}

/**
 * The state of one physical connection: everything scoped to it lives here and ends with it, once, in `finish()`:
 * the outbound queue, the server requests being handled, its requests in flight (their ids and progress tokens, in
 * one registry: only frames of this connection answer them), its notifications. A new connection starts from
 * nothing; nothing of an ended one is reused.
 */
export class ConnectionRuntime {
  readonly queue: OutboundQueue;
  readonly running = new Map<RequestId, RunningHandler>();
  /** Our requests sent on this connection and waiting for their responses. */
  readonly requests = new RequestRegistry<ConnectionEnd>();
  readonly notifications = new Subject<JsonRpcNotification>();
  /** When the connection was opened, in scheduler time. */
  readonly openedAt = asyncScheduler.now();
  /** When the transport subscribed to the outbound queue (it can write), in scheduler time; `undefined` before. */
  writableAt: number | undefined;
  /** The session id the server gave on this connection (an inbound frame's `info.sessionId`), once it gave one. */
  sessionId: string | undefined;
  private ending: ConnectionEnd | undefined;
  private readonly ended = new AsyncSubject<ConnectionEnd>();
  /** Ends the transport subscription with an error (set by the session when it opens the connection). */
  private abortHook: ((error: McpError) => void) | undefined;

  constructor(
    readonly id: number,
    public policy: ConnectionPolicy,
    onWritable: () => void,
  ) {
    this.queue = new OutboundQueue(onWritable);
  }

  /** How it ended; `undefined` while open. */
  get end(): ConnectionEnd | undefined {
    return this.ending;
  }

  /** Emits how it ended, once (replayed to late subscribers), then completes. */
  get ended$(): Observable<ConnectionEnd> {
    return this.ended;
  }

  setAbortHook(hook: (error: McpError) => void): void {
    this.abortHook = hook;
  }

  /** Ends the connection with `error`: the transport is closed and everything in flight fails with `error`. */
  abort(error: McpError): void {
    if (this.ending !== undefined) return;
    if (this.abortHook === undefined) this.finish({ error, closed: false });
    else this.abortHook(error);
  }

  /** Ends everything scoped to the connection, once: queue, handlers, requests in flight, notifications. */
  finish(end: ConnectionEnd): void {
    if (this.ending !== undefined) return;
    this.ending = end;
    this.queue.end();
    const handlers = [...this.running.values()];
    this.running.clear();
    for (const handler of handlers) handler.cancel();
    this.requests.endAll(end);
    this.notifications.complete();
    this.ended.next(end);
    this.ended.complete();
  }
}
