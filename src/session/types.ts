import type { Observable, ObservableInput } from 'rxjs';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcNotification, RequestId } from '../protocol/jsonrpc.js';
import type { CancellationMode, InboundFrame, OutboundFrame } from '../transport/types.js';

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
}

/** Progress reported by the server for one request. */
export interface ProgressEvent {
  readonly type: 'progress';
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** The final answer to one request. */
export interface ResultEvent<R = ResultPayload> {
  readonly type: 'result';
  readonly result: R;
}

/** What `requestEvents` emits: progress events, then one result. */
export type RequestEvent<R = ResultPayload> = ProgressEvent | ResultEvent<R>;

/** What a server→client request handler receives beside the params. */
export interface HandlerContext {
  readonly requestId: RequestId;
  readonly method: string;
  /** Aborted when the server cancels the request or the connection ends. */
  readonly signal: AbortSignal;
  /** `params._meta` of the request, if any. */
  readonly meta: Params | undefined;
  /** Reports progress to the server (sent only when the request carried a progress token). */
  progress(progress: number, total?: number, message?: string): void;
}

/** Handles one server→client request: returns the result as a value, a Promise or an Observable (first value). */
export type RequestHandler = (params: Params, context: HandlerContext) => ResultPayload | ObservableInput<ResultPayload>;

/** Connection state, for dashboards. */
export type SessionState =
  | { readonly status: 'idle' }
  | { readonly status: 'connecting' }
  | { readonly status: 'open' }
  | { readonly status: 'disconnected'; readonly error?: McpError }
  | { readonly status: 'closed' };

/** Kinds of diagnostics: inbound input that was dropped or odd, never fatal. */
export type DiagnosticKind =
  | 'malformed-frame'
  | 'invalid-message'
  | 'empty-batch'
  | 'unknown-response'
  | 'late-response'
  | 'handler-error'
  | 'invalid-tool-headers'
  | 'subscription-failed';

/** One dropped or odd inbound input; the session and every other request go on. */
export interface Diagnostic {
  readonly kind: DiagnosticKind;
  readonly message: string;
  readonly error?: McpError;
  /** The offending value, when there is one. */
  readonly value?: unknown;
}

/** One frame through the session, for a frame tap. */
export type FrameEvent =
  | { readonly direction: 'in'; readonly frame: InboundFrame }
  | { readonly direction: 'out'; readonly frame: OutboundFrame };

/** Options of `createSession`. */
export interface SessionOptions {
  /** Server→client request handlers, by method. Requests without one are answered with -32601. */
  readonly handlers?: Readonly<Record<string, RequestHandler>>;
  /** Default time limits of every request (default: `{ firstMs: 60000 }`); `false` for none. */
  readonly timeout?: TimeoutOptions | false;
  /**
   * How requests are cancelled; a function is read at each cancellation (the client switches per revision).
   * Default: the transport's `cancellation`, else `abort` when it has `exchange`, else `notification`.
   */
  readonly cancellation?: CancellationMode | (() => CancellationMode);
  /**
   * While this says true (the client waits on a human), request time limits stand still. The session subscribes
   * to it once, when the first request with a time limit starts, and holds that subscription until `close()`.
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
 * A session over one transport: requests multiplexed by id, server requests routed to handlers, notifications
 * published as a hot stream. The connection opens on first use and stays open until `close()` (or, with
 * `idleCloseMs`, until it has been unused that long); after the transport ends, the next use reconnects.
 */
export interface Session {
  /**
   * Sends one request and emits its result.
   * - **Temperature:** cold; each subscription sends one request with a fresh id.
   * - **Emits:** the result payload, once. **Completes:** right after it.
   * - **Errors:** `RpcError` (peer error), `RequestTimeoutError`, `ConnectionClosedError`, `TransportError`.
   * - **Teardown:** before the response, cancels on the wire (`notifications/cancelled`, or aborting the
   *   request's exchange); never errors.
   */
  request(method: string, params?: Params, options?: RequestOptions): Observable<ResultPayload>;
  /**
   * Like `request`, with the server's progress: emits `progress` events, then one `result` event, then completes.
   * A progress token is attached when `options.progress` is set or an idle timeout applies.
   */
  requestEvents(method: string, params?: Params, options?: RequestOptions): Observable<RequestEvent>;
  /**
   * Sends one notification.
   * - **Temperature:** cold. **Emits:** nothing. **Completes:** once the frame is handed to the transport (or queued
   *   until it can write). **Errors:** `ConnectionClosedError` after `close()`. **Teardown:** nothing to undo.
   */
  notify(method: string, params?: Params, options?: Pick<RequestOptions, 'headers'>): Observable<never>;
  /**
   * Every inbound notification, in arrival order.
   * - **Temperature:** hot; a late subscriber gets only later notifications. Subscribing opens the connection.
   * - **Completes:** when the connection ends. **Errors:** never. **Teardown:** stops listening.
   */
  readonly notifications$: Observable<JsonRpcNotification>;
  /** Connection state. Hot, replays the current state; completes after `close()`; never errors. */
  readonly state$: Observable<SessionState>;
  /** Every inbound and outbound frame. Hot, costs nothing without subscribers; completes after `close()`. */
  readonly frames$: Observable<FrameEvent>;
  /** Inbound input that was dropped (malformed, unknown ids, handler failures). Hot; completes after `close()`. */
  readonly diagnostics$: Observable<Diagnostic>;
  /**
   * The connection itself, for holding it open without sending anything.
   * - **Temperature:** shared; the first subscriber opens the connection. **Emits:** nothing.
   * - **Completes:** when the transport closes cleanly. **Errors:** `TransportError` when it fails,
   *   `ConnectionClosedError` after `close()`. **Teardown:** releases the hold (see `idleCloseMs`).
   */
  readonly connection$: Observable<never>;
  /** The current state. */
  readonly state: SessionState;
  /** Closes the connection and the session for good: pending requests error, hot streams complete. */
  close(): void;
}
