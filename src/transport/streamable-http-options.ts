import type { ObservableInput } from 'rxjs';
import type { FetchLike } from './internal/fetch.js';
import type { HttpAuth } from './streamable-http-auth.js';
import type { CancellationMode, OutboundFrame } from './types.js';

/** One HTTP request the Streamable HTTP transport is about to send, as its header hook sees it. */
export interface StreamableHttpRequestInfo {
  /** `POST` for a frame, `GET` for the event stream, `DELETE` to end the session. */
  readonly method: 'POST' | 'GET' | 'DELETE';
  /** The MCP endpoint. */
  readonly url: string;
  /** The frame a POST carries; `undefined` for the GET stream, stream resumption and DELETE. */
  readonly frame: OutboundFrame | undefined;
}

/**
 * Computes extra headers for one HTTP request (an `Authorization` header, say). Called once per request,
 * just before it is sent; the first value emitted is used (`undefined` or an empty input adds nothing). An
 * error fails that request with the error (a non-rxmcp error becomes a `TransportError`).
 */
export type StreamableHttpHeadersHook = (
  request: StreamableHttpRequestInfo,
) => ObservableInput<Readonly<Record<string, string>> | undefined>;

/** `RequestInit` members the transport passes through to every request (`credentials`, `mode`, ...). */
export type StreamableHttpRequestInit = Omit<RequestInit, 'method' | 'headers' | 'body' | 'signal'>;

/** How the transport reconnects event streams (the GET stream, and POST streams it resumes). */
export interface StreamableHttpReconnectOptions {
  /** Delay before reconnecting when the server sent no SSE `retry` field, in ms (default 1000). */
  readonly initialDelayMs?: number;
  /** Upper bound of the growing delay between failed attempts, in ms (default 30000). */
  readonly maxDelayMs?: number;
  /** Factor the delay grows by after each failed attempt (default 1.5). */
  readonly growFactor?: number;
  /** Failed attempts in a row before the stream gives up with a `TransportError` (default 3). */
  readonly maxRetries?: number;
}

/** Options of `streamableHttp`. */
export interface StreamableHttpOptions {
  /**
   * The `fetch` to use. Default: in Node (the Node build of `rxmcp`), `undiciFetch()` of `rxmcp/node`, undici's
   * `request` API on a shared keep-alive agent; elsewhere `globalThis.fetch`, else the `cross-fetch` ponyfill.
   * `fetch: globalThis.fetch` picks the platform's `fetch` in Node.
   */
  readonly fetch?: FetchLike;
  /** Headers sent with every request. The transport's own headers (`Accept`, `Content-Type`, session) win. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Per-request headers, computed asynchronously before each request. */
  readonly requestHeaders?: StreamableHttpHeadersHook;
  /**
   * Authorization (`oauth(...)`): consulted for every request to the server's origin; a 401 or 403 it can
   * answer is retried with new credentials.
   */
  readonly auth?: HttpAuth;
  /** Extra `fetch` options for every request. */
  readonly requestInit?: StreamableHttpRequestInit;
  /** Reconnection of event streams. */
  readonly reconnect?: StreamableHttpReconnectOptions;
  /**
   * Open the GET stream for server-initiated messages once the server has issued a session id
   * (default `true`). Servers that issue no session id (2026-07-28 shape) never get a GET.
   */
  readonly openGetStream?: boolean;
  /** Send `DELETE` with the session id when the connection closes (default `true`). */
  readonly terminateSession?: boolean;
  /**
   * Join a session the server issued earlier, to this process or another (`Mcp-Session-Id`, 2025 revisions): every
   * request carries it from the first, and the GET stream opens at once. The client must then send no `initialize`
   * (`ClientOptions.joinSession` says what was negotiated in it). Not visible ASCII: ignored. Default: none, the
   * server issues one on `initialize`.
   */
  readonly sessionId?: string;
  /** The transport's `cancellation` (default `notification`, the rule of the 2025 revisions). */
  readonly cancellation?: CancellationMode;
}

/** Status of the transport's event streams and session, for dashboards (`health()`). */
export interface StreamableHttpHealth {
  /** The session id the server issued, if any. */
  readonly sessionId: string | undefined;
  /**
   * The GET stream: `off` (no connection, no session or disabled), `connecting`, `open`, `retrying`
   * (waiting to reconnect), `unsupported` (the server answered 405) or `failed` (gave up).
   */
  readonly getStream: 'off' | 'connecting' | 'open' | 'retrying' | 'unsupported' | 'failed';
  /** The last request failure, if any. */
  readonly lastError: Error | undefined;
}
