import type { Observable, ObservableInput } from 'rxjs';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcNotification, RequestId } from '../protocol/jsonrpc.js';
import type { CancellationMode, InboundFrame, OutboundFrame } from '../transport/types.js';
import type { ConnectionEnd, ConnectionPolicy } from './connection.js';

export type { ConnectionEnd, ConnectionPolicy } from './connection.js';

/** Params of an MCP request or notification. */
export type Params = Readonly<Record<string, unknown>>;
/** The `result` member of a JSON-RPC success response. */
export type ResultPayload = Readonly<Record<string, unknown>>;
/** A progress token: a string or an integer. */
export type ProgressToken = string | number;

/** Time limits of one request; every value is in milliseconds. */
export interface TimeoutOptions {
  /** Time to the first event (progress or result). */
  readonly firstMs?: number;
  /** Longest silence between two events (progress resets it). */
  readonly idleMs?: number;
  /** Cap on the whole request, whatever progress says. */
  readonly totalMs?: number;
}

/** Options of one outbound request. */
export interface RequestOptions {
  /** Time limits; `false` turns off the session's defaults. */
  readonly timeout?: TimeoutOptions | false;
  /** Attach a progress token (the request id) so the server may report progress. */
  readonly progress?: boolean;
  /** Keys merged into `params._meta`. */
  readonly meta?: Params;
  /** Per-frame transport headers (2026-07-28 HTTP routing headers). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Called with the request's JSON-RPC id just before it is sent (e.g. to match a listen's subscription id). */
  readonly onRequestId?: (id: RequestId) => void;
  /**
   * `false`: never cancel this request on the wire, whether unsubscribed or timed out (`initialize` MUST NOT be
   * cancelled); the caller just stops waiting. Default `true`.
   */
  readonly cancellable?: boolean;
}

/** Progress reported by the server for one request. */
export interface ProgressEvent {
  /** Always `'progress'`. */
  readonly type: 'progress';
  /** How far the work is; it grows with each report. */
  readonly progress: number;
  /** The value `progress` reaches at the end, when known. */
  readonly total?: number;
  /** What is happening, when the server says. */
  readonly message?: string;
}

/** The final answer to one request. */
export interface ResultEvent<R = ResultPayload> {
  /** Always `'result'`. */
  readonly type: 'result';
  /** The result. */
  readonly result: R;
}

/** What `requestEvents` emits: progress events, then one result. */
export type RequestEvent<R = ResultPayload> = ProgressEvent | ResultEvent<R>;

/** What a server→client request handler receives beside the params. */
export interface HandlerContext {
  /** The JSON-RPC id of the server's request. */
  readonly requestId: RequestId;
  /** The method of the server's request. */
  readonly method: string;
  /** Aborted when the server cancels the request or the connection ends. */
  readonly signal: AbortSignal;
  /** `params._meta` of the request, if any. */
  readonly meta: Params | undefined;
  /** Reports progress to the server (sent only when the request carried a progress token). */
  progress(progress: number, total?: number, message?: string): void;
  /**
   * The id of our request this server request belongs to, when the transport says so (it arrived on that request's
   * own response stream, as on Streamable HTTP).
   */
  readonly relatedRequestId?: RequestId;
  /**
   * Stands the clock of the related request still until the returned function is called (a person is answering
   * for it); `undefined` when no request is known to be related.
   */
  pauseRelated(): (() => void) | undefined;
  /** Fails the related request with `error`, cancelling it on the wire; nothing when none is known. */
  failRelated(error: McpError): void;
}

/** Handles one server→client request: returns the result as a value, a Promise or an Observable (first value). */
export type RequestHandler = (params: Params, context: HandlerContext) => ResultPayload | ObservableInput<ResultPayload>;

/** Connection state, for dashboards. */
export type SessionState =
  | {
      /** No connection yet. */
      readonly status: 'idle'
    }
  | {
      /** The transport is connecting. */
      readonly status: 'connecting'
    }
  | {
      /** The transport can write. */
      readonly status: 'open'
    }
  | {
      /** The connection ended; the next use opens a new one. */
      readonly status: 'disconnected';
      /** Why, when it failed. */
      readonly error?: McpError
    }
  | {
      /** `close()` was called. */
      readonly status: 'closed'
    };

/** Kinds of diagnostics: input that was dropped or odd, or work that failed without failing a call; never fatal. */
export type DiagnosticKind =
  | 'malformed-frame'
  | 'oversized-message'
  | 'invalid-message'
  | 'empty-batch'
  | 'unknown-response'
  | 'late-response'
  | 'handler-error'
  | 'send-failed'
  | 'stream-degraded'
  | 'invalid-tool-headers'
  | 'subscription-failed'
  | 'listen-retry'
  | 'global-pause'
  | 'invalid-tool-output'
  | 'task-poll-failed'
  | 'log-level-not-restored'
  | 'warm-store-failed';

/** One dropped or odd inbound input; the session and every other request go on. */
export interface Diagnostic {
  /** What happened. */
  readonly kind: DiagnosticKind;
  /** What happened, for logs. */
  readonly message: string;
  /** The error behind it, when there is one. */
  readonly error?: McpError;
  /** The offending value, when there is one. */
  readonly value?: unknown;
}

/** One frame through the session, for a frame tap. */
export type FrameEvent =
  | {
      /** From the server. */
      readonly direction: 'in';
      /** The frame, as the transport gave it. */
      readonly frame: InboundFrame
    }
  | {
      /** To the server. */
      readonly direction: 'out';
      /** The frame, as handed to the transport. */
      readonly frame: OutboundFrame
    };

/** Options of `createSession`. */
export interface SessionOptions {
  /** Server→client request handlers, by method. Requests without one are answered with -32601. */
  readonly handlers?: Readonly<Record<string, RequestHandler>>;
  /** Default time limits of every request (default: `{ firstMs: 60000 }`); `false` for none. */
  readonly timeout?: TimeoutOptions | false;
  /**
   * How requests are cancelled; a function is read when each connection opens (the client then sets each connection's
   * policy after negotiation).
   * Default: the transport's `cancellation`, else `abort` when it has `exchange`, else `notification`.
   */
  readonly cancellation?: CancellationMode | (() => CancellationMode);
  /**
   * While this says true (the client waits on a human), request time limits stand still. The session subscribes
   * to it once, when the first request with a time limit starts, and holds that subscription until `close()`.
   *
   * - **Temperature:** expected hot, replaying its current value (a `BehaviorSubject`, say).
   * - **Emits:** `true` while waiting, `false` otherwise. **Completes:** any time (the last value holds).
   * - **Errors:** must not (RxJS reports it as unhandled). **Teardown:** the session unsubscribes at `close()`.
   */
  readonly timeoutPaused$?: Observable<boolean>;
  /**
   * How long the transport has to become writable after subscribing (default 30 s); then the connection fails with
   * `ConnectTimeoutError`.
   */
  readonly connectTimeoutMs?: number;
  /** Close the connection this long after its last user left (lazy sessions); default: stay open until `close()`. */
  readonly idleCloseMs?: number;
}

/**
 * One physical connection of a session (one subscription of the transport): a spawned process, a WebSocket, the
 * HTTP exchanges of one server session. Everything scoped to it (its requests in flight, the server requests being
 * handled, its notifications) ends with it, once; nothing of it is used by the next connection. Requests sent
 * through it go on this connection only: once it has ended they fail at once, and never open another.
 */
export interface Connection {
  /** 1 for the session's first connection, 2 for the next, ... */
  readonly id: number;
  /** How it ended; `undefined` while it is open. */
  readonly end: ConnectionEnd | undefined;
  /**
   * How it ended.
   * - **Temperature:** hot, replaying its value. **Emits:** the `ConnectionEnd` once. **Completes:** right after.
   * - **Errors:** never. **Teardown:** none.
   */
  readonly ended$: Observable<ConnectionEnd>;
  /**
   * The notifications that arrived on this connection.
   * - **Temperature:** hot. **Emits:** each inbound notification. **Completes:** when the connection ends.
   * - **Errors:** never. **Teardown:** stops listening.
   */
  readonly notifications$: Observable<JsonRpcNotification>;
  /** How requests travel and are cancelled on it (the transport's defaults until a client sets the revision's). */
  readonly policy: ConnectionPolicy;
  /** When it was opened, in scheduler time (`asyncScheduler.now()`, virtual in marble tests). */
  readonly openedAt: number;
  /** When the transport became writable, in scheduler time (`undefined` while connecting). */
  readonly writableAt: number | undefined;
  /** The session id the server issued on this connection (Streamable HTTP's `Mcp-Session-Id`), once it gave one. */
  readonly sessionId: string | undefined;
  /** Changes the policy for requests sent from now on. */
  setPolicy(change: Partial<ConnectionPolicy>): void;
  /**
   * `Session.request` on this connection only.
   *
   * - **Temperature:** cold; each subscription sends one request.
   * - **Emits:** the result payload, once. **Completes:** right after it.
   * - **Errors:** as `Session.request`; at once, with how the connection ended, when it has ended.
   * - **Teardown:** before the response, cancels on the wire.
   */
  request(method: string, params?: Params, options?: RequestOptions): Observable<ResultPayload>;
  /**
   * `Session.requestEvents` on this connection only.
   *
   * - **Temperature:** cold; each subscription sends one request.
   * - **Emits:** `progress` events, then one `result` event. **Completes:** after the result.
   * - **Errors:** as `request`. **Teardown:** before the response, cancels on the wire.
   */
  requestEvents(method: string, params?: Params, options?: RequestOptions): Observable<RequestEvent>;
  /**
   * `Session.notify` on this connection only.
   *
   * - **Temperature:** cold. **Emits:** nothing. **Completes:** once the frame is handed to the transport.
   * - **Errors:** with how the connection ended, when it has ended. **Teardown:** nothing to undo.
   */
  notify(method: string, params?: Params, options?: Pick<RequestOptions, 'headers'>): Observable<never>;
  /** Ends the connection with `error`: the transport is closed, and what is in flight on it fails with `error`. */
  abort(error: McpError): void;
}

/**
 * A session over one transport: requests multiplexed by id, server requests routed to handlers, notifications
 * published as a hot stream. The connection opens on first use and stays open until `close()` (or, with
 * `idleCloseMs`, until it has been unused that long); after the transport ends, the next use opens a new one.
 * The session itself never reconnects in the background: the client's reconnect policy does.
 */
export interface Session {
  /**
   * Sends one request and emits its result.
   * - **Temperature:** cold; each subscription sends one request with a fresh id.
   * - **Emits:** the result payload, once. **Completes:** right after it.
   * - **Errors:** `RpcError` (peer error), `RequestTimeoutError`, `SchemaError` (a response that breaks the
   *   protocol), `MessageTooLargeError`; when the connection ends first, its own failure (`TransportError` and
   *   subclasses such as `ProcessExitError`), or `ConnectionClosedError` when it closed cleanly or `close()` was called.
   * - **Teardown:** before the response, cancels on the wire (`notifications/cancelled`, or aborting the
   *   request's exchange, as the connection's policy says); never errors.
   */
  request(method: string, params?: Params, options?: RequestOptions): Observable<ResultPayload>;
  /**
   * Like `request`, with the server's progress. A progress token is attached when `options.progress` is set or an
   * idle timeout applies.
   *
   * - **Temperature:** cold; each subscription sends one request with a fresh id.
   * - **Emits:** `progress` events, then one `result` event. **Completes:** right after the result.
   * - **Errors:** as `request`. **Teardown:** before the response, cancels on the wire.
   */
  requestEvents(method: string, params?: Params, options?: RequestOptions): Observable<RequestEvent>;
  /**
   * Sends one notification on the current connection (opened if needed).
   * - **Temperature:** cold. **Emits:** nothing. **Completes:** once the frame is handed to the transport (or queued
   *   until it can write). **Errors:** `ConnectionClosedError` after `close()`. **Teardown:** nothing to undo.
   */
  notify(method: string, params?: Params, options?: Pick<RequestOptions, 'headers'>): Observable<never>;
  /**
   * Every inbound notification of every connection, in arrival order.
   * - **Temperature:** hot; a late subscriber gets only later notifications. Subscribing opens nothing.
   * - **Emits:** each inbound notification.
   * - **Completes:** after `close()` (not when one connection ends: see `Connection.notifications$` for that).
   * - **Errors:** never. **Teardown:** stops listening.
   */
  readonly notifications$: Observable<JsonRpcNotification>;
  /**
   * Connection state.
   *
   * - **Temperature:** hot, replaying the current state. **Emits:** the state, then every change.
   * - **Completes:** after `close()`. **Errors:** never. **Teardown:** stops listening.
   */
  readonly state$: Observable<SessionState>;
  /**
   * Every inbound and outbound frame.
   *
   * - **Temperature:** hot; costs nothing without subscribers. **Emits:** each frame, as it passes.
   * - **Completes:** after `close()`. **Errors:** never. **Teardown:** stops listening.
   */
  readonly frames$: Observable<FrameEvent>;
  /**
   * Input that was dropped (malformed, unknown ids), handler failures, frames that could not be delivered.
   *
   * - **Temperature:** hot. **Emits:** each diagnostic, as it happens.
   * - **Completes:** after `close()`. **Errors:** never. **Teardown:** stops listening.
   */
  readonly diagnostics$: Observable<Diagnostic>;
  /**
   * Every connection, as it opens. **Temperature:** hot. **Emits:** each new `Connection`.
   * **Completes:** after `close()`. **Errors:** never. **Teardown:** stops listening.
   */
  readonly connections$: Observable<Connection>;
  /**
   * The connection, for holding it open and for what is scoped to it.
   * - **Temperature:** shared, replaying the current connection; the first subscriber opens one when none is open.
   * - **Emits:** the `Connection`, once. **Completes:** when it ends cleanly. **Errors:** with its failure
   *   (`TransportError` and subclasses), or `ConnectionClosedError` after `close()`.
   * - **Teardown:** releases the hold (with `idleCloseMs`, the connection closes that long after its last user).
   */
  readonly connection$: Observable<Connection>;
  /** The open connection, if any. */
  readonly current: Connection | undefined;
  /** The current state. */
  readonly state: SessionState;
  /**
   * Closes the connection and the session for good: requests still waiting error with `ConnectionClosedError`, hot
   * streams complete. A request whose result is being delivered (`close()` called in the handler of it) completes.
   */
  close(): void;
}
