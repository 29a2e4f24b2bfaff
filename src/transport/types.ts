import type { Observable } from 'rxjs';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcMessage, RequestId } from '../protocol/jsonrpc.js';

/** One message on its way to the server, with what the transport needs to route it. */
export interface OutboundFrame {
  readonly message: JsonRpcMessage;
  /** For responses and notifications that belong to an inbound request (legacy Streamable HTTP routing). */
  readonly relatedRequestId?: RequestId;
  /** Per-frame HTTP headers (2026-07-28 routing headers: `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What the transport knows about where an inbound frame came from. */
export interface InboundFrameInfo {
  readonly httpStatus?: number;
  readonly sessionId?: string;
  /** SSE event id, when the frame came from an event stream. */
  readonly eventId?: string;
}

/** Inbound bytes that are not one JSON value: dropped, reported, and the connection goes on. */
export interface MalformedInput {
  /** The text (for an oversized message: only its start). */
  readonly raw: string;
  readonly reason: string;
  /** Set when the message was skipped for its size: how many bytes it had, and the limit. */
  readonly tooLarge?: { readonly size: number; readonly limit: number };
}

/**
 * A failure of one outbound frame that does not end the connection (a POST answered 503, say). When it was a
 * request (`requestId`), that request fails with `error`; otherwise the failure is a diagnostic (a lost answer to
 * a server request, a lost notification, an optional stream that gave up).
 */
export interface FrameFailure {
  readonly error: McpError;
  /** The frame was this request of ours: it fails with `error`. */
  readonly requestId?: RequestId;
  /** The method of the frame that failed, when it had one. */
  readonly method?: string;
  /** The frame was our answer to this server request: the answer is lost. */
  readonly answering?: RequestId;
  /** An optional stream of the transport failed (the HTTP GET stream): it degrades, nothing else fails. */
  readonly stream?: string;
}

/**
 * One event from the server side of a connection. `message` is the parsed JSON value, not yet checked to be
 * JSON-RPC (an array is a batch). When the bytes were not JSON, `malformed` is set instead; when sending one frame
 * failed without ending the connection, `failure` is set. Either way the connection goes on.
 */
export interface InboundFrame {
  readonly message?: unknown;
  readonly malformed?: MalformedInput;
  readonly failure?: FrameFailure;
  readonly info?: InboundFrameInfo;
}

/** A transport's own view of its health, without sending anything. */
export interface TransportHealth {
  /** False when the transport knows the server cannot be reached as things stand. */
  readonly ok: boolean;
  /** What it knows: `process 4711 is running`, `GET stream open`, `last request failed: HTTP 503`, ... */
  readonly detail: string;
  /** The failure behind `ok: false`, when there is one. */
  readonly error?: McpError;
}

/** How a transport cancels a request: a `notifications/cancelled` frame, or closing that request's stream. */
export type CancellationMode = 'notification' | 'abort';

/**
 * A connection to an MCP server, as an Observable duplex of JSON-RPC frames.
 *
 * `connect(outbound$)`:
 * - **Temperature:** cold; each subscription opens one connection.
 * - **Emits:** every inbound frame, in arrival order.
 * - **Completes:** when the server closes the connection cleanly.
 * - **Errors:** `TransportError` when the connection fails (never for one bad frame).
 * - **Teardown:** closes the connection. The transport subscribes to `outbound$` once it can write, and
 *   unsubscribes from it when it closes.
 *
 * `exchange(frame)` (optional; transports with one underlying request per outbound request):
 * - **Temperature:** cold; each subscription sends `frame` once.
 * - **Emits:** every inbound frame of that request's response stream (the response and anything sent before it).
 * - **Completes:** when that response stream ends. **Errors:** `TransportError`.
 * - **Teardown:** aborts that one request.
 */
export interface Transport {
  /** A name for dashboards: `stdio`, `streamable-http`, `legacy-sse`, `in-memory`, `websocket`, ... */
  readonly kind: string;
  connect(outbound$: Observable<OutboundFrame>): Observable<InboundFrame>;
  exchange?(frame: OutboundFrame): Observable<InboundFrame>;
  /** How requests are cancelled on this transport; default: `abort` when `exchange` exists, else `notification`. */
  readonly cancellation?: CancellationMode;
  /**
   * Whether `exchange` can be used for the connection opening now (a transport that first detects what the server
   * speaks answers only after detection). Read once per connection, and again when the client sets the connection's
   * policy after negotiation. Default: true when `exchange` exists.
   */
  exchangeable?(): boolean;
  /**
   * Whether a connection that ended may be opened again without surprising the server (default true). An in-memory
   * pair says false: its other end does not reconnect. The client's reconnect policy is off for such transports.
   */
  readonly reconnectable?: boolean;
  /** The transport's cheap check of itself (a process alive, the last request's outcome), sending nothing. */
  checkHealth?(): TransportHealth;
}
