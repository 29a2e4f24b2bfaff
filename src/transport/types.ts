import type { Observable } from 'rxjs';
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

/**
 * One message from the server. `message` is the parsed JSON value, not yet checked to be JSON-RPC (an array
 * is a batch). When the bytes were not JSON, `malformed` is set instead and the connection goes on.
 */
export interface InboundFrame {
  readonly message?: unknown;
  readonly malformed?: { readonly raw: string; readonly reason: string };
  readonly info?: InboundFrameInfo;
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
}
