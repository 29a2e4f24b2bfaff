// The HTTP transports as the Node build of the main entry gives them: Streamable HTTP on undici unless the caller
// picks a `fetch`.
import { httpTransport as universalHttpTransport, type HttpTransport, type HttpTransportOptions } from '../transport/auto-http.js';
import type { FetchLike } from '../transport/internal/fetch.js';
import { remoteTransport, type RemoteKind, type RemoteOptions, type WebSocketRefusal } from '../transport/remote.js';
import type { Transport } from '../transport/types.js';
import { streamableHttp as universalStreamableHttp, type StreamableHttpTransport } from '../transport/streamable-http.js';
import type { StreamableHttpOptions } from '../transport/streamable-http-options.js';
import { undiciFetch } from './undici-fetch.js';

let engine: FetchLike | undefined;

/** The engine of every transport made without a `fetch`: one, on the shared keep-alive agent. */
function nodeEngine(): FetchLike {
  engine ??= undiciFetch();
  return engine;
}

/**
 * `streamableHttp` of `rxmcp` as Node loads it (the `node` export condition): without a `fetch` option its requests go
 * through `undiciFetch()` (undici's `request` API, keep-alive connections pooled per origin); `fetch: globalThis.fetch`
 * or any other `fetch` is taken as given. Browsers get the universal `streamableHttp` (the platform `fetch`).
 *
 * `connect(outbound$)` and `exchange(frame)`: as the universal `streamableHttp`.
 * - **Temperature:** cold. **Emits:** the inbound frames. **Completes:** when `outbound$` completes and its POSTs are
 *   done (`exchange`: once the response arrived).
 * - **Errors:** `SessionExpiredError`, `TransportError`. **Teardown:** aborts the requests (and DELETEs the session).
 */
export function streamableHttp(url: string | URL, options: StreamableHttpOptions = {}): StreamableHttpTransport {
  return universalStreamableHttp(url, options.fetch === undefined ? { ...options, fetch: nodeEngine() } : options);
}

/**
 * `httpTransport` of `rxmcp` as Node loads it: its Streamable HTTP requests go through `undiciFetch()` unless a
 * `fetch` is given; the HTTP+SSE fallback keeps the platform `fetch` (its event stream needs web-stream bodies) unless
 * `fetch` or `legacy.fetch` names one.
 *
 * `connect(outbound$)`: as the universal `httpTransport`.
 * - **Temperature:** cold. **Emits:** the inbound frames of the detected transport. **Completes:** as it does.
 * - **Errors:** the detected transport's errors. **Teardown:** that of the detected transport.
 */
export function httpTransport(url: string | URL, options: HttpTransportOptions = {}): HttpTransport {
  if (options.fetch !== undefined) return universalHttpTransport(url, options);
  return universalHttpTransport(url, { ...options, fetch: nodeEngine(), legacy: { fetch: undefined, ...options.legacy } });
}

/**
 * `remoteTransport` with the Node defaults: a Streamable HTTP server (`http`) or one whose transport is detected
 * (`auto`) gets the transport of `streamableHttp`, respectively `httpTransport`, above when no `fetch` is given; any
 * other kind, or a given `fetch`, the registry's transport.
 */
export function nodeRemoteTransport(kind: RemoteKind, url: string, options: RemoteOptions, refuse: (why: WebSocketRefusal) => Error): Transport {
  if (options.fetch !== undefined || (kind !== 'http' && kind !== 'auto')) return remoteTransport(kind, url, options, refuse);
  const { WebSocket: _unused, ...http } = options;
  return kind === 'http' ? streamableHttp(url, http) : httpTransport(url, http);
}
