import type { Observable } from 'rxjs';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcMessage, RequestId } from '../protocol/jsonrpc.js';

/** One message on its way to the server, with what the transport needs to route it. */
export interface OutboundFrame {
  /** The JSON-RPC message to send. */
  readonly message: JsonRpcMessage;
  /** For responses and notifications that belong to an inbound request (legacy Streamable HTTP routing). */
  readonly relatedRequestId?: RequestId;
  /** Per-frame HTTP headers (2026-07-28 routing headers: `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What the transport knows about where an inbound frame came from. */
export interface InboundFrameInfo {
  /** The HTTP status of the response that carried the frame. */
  readonly httpStatus?: number;
  /** The `Mcp-Session-Id` the server gave (legacy Streamable HTTP). */
  readonly sessionId?: string;
  /** SSE event id, when the frame came from an event stream. */
  readonly eventId?: string;
}

/** Inbound bytes that are not one JSON value: dropped, reported, and the connection goes on. */
export interface MalformedInput {
  /** The text (for an oversized message: only its start). */
  readonly raw: string;
  /** Why it is not a message, e.g. the JSON parser's error. */
  readonly reason: string;
  /** Set when the message was skipped for its size: how many bytes it had, and the limit. */
  readonly tooLarge?: {
    /** How many bytes had arrived when the limit was crossed. */
    readonly size: number;
    /** The configured maximum, in bytes. */
    readonly limit: number;
  };
}

/**
 * A failure of one outbound frame that does not end the connection (a POST answered 503, say). When it was a
 * request (`requestId`), that request fails with `error`; otherwise the failure is a diagnostic (a lost answer to
 * a server request, a lost notification, an optional stream that gave up).
 */
export interface FrameFailure {
  /** What went wrong, typed (a `TransportError` for an HTTP status, say). */
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
  /** The parsed JSON value (a message, or an array for a batch). */
  readonly message?: unknown;
  /** Set instead of `message` when the bytes were not one JSON value. */
  readonly malformed?: MalformedInput;
  /** Set instead of `message` when sending one frame failed without ending the connection. */
  readonly failure?: FrameFailure;
  /** Where the frame came from, when the transport knows. */
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
 * A connection to an MCP server, as an Observable duplex of JSON-RPC frames: `connect` opens one connection
 * per subscription, `exchange` (where the transport has it) sends one request over its own underlying request.
 */
export interface Transport {
  /** A name for dashboards: `stdio`, `streamable-http`, `legacy-sse`, `in-memory`, `websocket`, ... */
  readonly kind: string;
  /**
   * Opens a connection that writes every frame of `outbound$` and emits every frame the server sends.
   *
   * - **Temperature:** cold; each subscription opens one connection.
   * - **Emits:** every inbound frame, in arrival order.
   * - **Completes:** when the server closes the connection cleanly.
   * - **Errors:** `TransportError` when the connection fails (never for one bad frame).
   * - **Teardown:** closes the connection. The transport subscribes to `outbound$` once it can write, and
   *   unsubscribes from it when it closes.
   */
  connect(outbound$: Observable<OutboundFrame>): Observable<InboundFrame>;
  /**
   * Sends one frame over its own underlying request (transports with one HTTP request per outbound request).
   *
   * - **Temperature:** cold; each subscription sends `frame` once.
   * - **Emits:** every inbound frame of that request's response stream (the response and anything sent before it).
   * - **Completes:** when that response stream ends.
   * - **Errors:** `TransportError`.
   * - **Teardown:** aborts that one request.
   */
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
  /**
   * Leaves the server's session in place when the connection open now closes: a Streamable HTTP session is not
   * ended with `DELETE`, so another client can join it (a task handed off to another process goes on there).
   * Transports without sessions have none (`Client.close({ keepSession: true })` then closes as usual).
   */
  keepSession?(): void;
}

/** True when requests of the connection opening now can each go on their own exchange (see `Transport.exchangeable`). */
export function canExchange(transport: Transport): boolean {
  return transport.exchange !== undefined && (transport.exchangeable?.() ?? true);
}
