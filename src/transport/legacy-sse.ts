import { catchError, concatMap, Observable, of, throwError, type Subscriber } from 'rxjs';
import { TransportError } from '../errors/errors.js';
import { eventStream, type EventSourceConstructor, type SseEvent } from './internal/event-source.js';
import { frameFailure } from './internal/frame-failure.js';
import { resolveFetch, type FetchLike } from './internal/fetch.js';
import { authorizedFetch } from './internal/http-auth.js';
import { parseJsonFrame } from './internal/json-frame.js';
import { postFrame, requestHeaders, type LegacySseHeadersHook } from './legacy-sse-http.js';
import type { HttpAuth } from './streamable-http-auth.js';
import type { InboundFrame, OutboundFrame, Transport } from './types.js';

export type { EventSourceConstructor, EventSourceInitLike, EventSourceLike } from './internal/event-source.js';
export type { LegacySseHeadersHook, LegacySseRequestInfo } from './legacy-sse-http.js';

/** Options of `legacySse`. */
export interface LegacySseOptions {
  /**
   * The `fetch` for the event stream's GET and for every POST; default `globalThis.fetch`. It must return
   * WHATWG responses with web `ReadableStream` bodies (in Node, the global `fetch`, not `cross-fetch`).
   */
  readonly fetch?: FetchLike;
  /** Headers sent with the GET and every POST. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Per-request headers, computed before the GET and before every POST. */
  readonly requestHeaders?: LegacySseHeadersHook;
  /**
   * Authorization (`oauth(...)`): consulted for the GET and every POST (they share the stream's origin); a
   * 401 or 403 it can answer is retried with new credentials. The GET goes through `fetch` only with the default
   * `EventSource` (the `eventsource` package); a DOM `EventSource` sends no credentials.
   */
  readonly auth?: HttpAuth;
  /** The `EventSource` constructor; default the `eventsource` package's, which can send headers. */
  readonly EventSource?: EventSourceConstructor;
}

/** The legacy HTTP+SSE transport. */
export interface LegacySseTransport extends Transport {
  /** The authorization the transport consults (`options.auth`), if any. */
  readonly auth: HttpAuth | undefined;
}

/**
 * The HTTP with SSE transport of revision 2024-11-05: a GET event stream for everything the server sends,
 * and one POST per client message to the endpoint the stream announces.
 *
 * `connect(outbound$)`:
 * - **Temperature:** cold; each subscription opens one event stream (one server session).
 * - **Emits:** one `InboundFrame` per `message` event (data that is not JSON becomes a `malformed` frame;
 *   events with empty data are skipped). Frames carry the SSE event id when there is one.
 * - **Completes:** never on its own: the protocol has no clean end of stream.
 * - **Errors:** `TransportError` when the GET fails or is refused (with `status`), when the server closes
 *   the stream, when the announced endpoint is on another origin than the stream or is not a URL, or when a
 *   POST fails (with `status` when the server answered).
 * - **Teardown:** closes the event stream and aborts POSTs in flight. `outbound$` is subscribed once the
 *   first `endpoint` event has arrived (later ones are ignored), and its frames are POSTed one after the
 *   other, in order.
 *
 * @param url The SSE URL (absolute, or relative to the page in a browser).
 * @example
 * ```ts
 * import { createClient, legacySse } from 'rxmcp';
 *
 * // A server that still speaks the 2024-11-05 HTTP+SSE transport: GET the event stream, POST to the endpoint it names.
 * const client = createClient(legacySse('https://example.com/sse'));
 * ```
 */
export function legacySse(url: string | URL, options: LegacySseOptions = {}): LegacySseTransport {
  return {
    kind: 'legacy-sse',
    cancellation: 'notification',
    connect: (outbound$) => connectLegacySse(url, options, outbound$),
    auth: options.auth,
  };
}

function connectLegacySse(
  url: string | URL,
  options: LegacySseOptions,
  outbound$: Observable<OutboundFrame>,
): Observable<InboundFrame> {
  return new Observable<InboundFrame>((subscriber) => {
    const sseUrl = toUrl(url);
    if (sseUrl instanceof TransportError) return subscriber.error(sseUrl);
    const http: LegacySseOptions = {
      ...options,
      fetch: authorizedFetch(resolveFetch(options.fetch), options.auth, sseUrl.href),
    };
    let writing = false;
    const events$ = eventStream(sseUrl, {
      types: ['endpoint', 'message'],
      headers: () => requestHeaders(http, { method: 'GET', url: sseUrl.href, frame: undefined }),
      fetch: http.fetch,
      EventSource: options.EventSource,
    });
    subscriber.add(
      events$.subscribe({
        next: (event) => {
          if (event.type !== 'endpoint') return emitMessage(subscriber, event);
          if (writing) return undefined;
          writing = true;
          return startWriting(subscriber, sseUrl, event.data, http, outbound$);
        },
        error: (error: unknown) => subscriber.error(error),
      }),
    );
  });
}

/** Resolves the announced endpoint and, when it is acceptable, POSTs every outbound frame to it. */
function startWriting(
  subscriber: Subscriber<InboundFrame>,
  sseUrl: URL,
  data: string,
  options: LegacySseOptions,
  outbound$: Observable<OutboundFrame>,
): void {
  const endpoint = resolveEndpoint(sseUrl, data);
  if (endpoint instanceof TransportError) return subscriber.error(endpoint);
  // A refused POST is that frame's failure (its request fails, or a lost answer is reported); a 404 means the
  // server forgot this stream's session, and nothing more can be sent on it.
  const post = (frame: OutboundFrame): Observable<InboundFrame> =>
    postFrame(endpoint, frame, options).pipe(
      catchError((error: unknown) => (TransportError.is(error) && error.status === 404 ? throwError(() => error) : of(frameFailure(frame, error)))),
    );
  subscriber.add(
    outbound$.pipe(concatMap(post)).subscribe({
      next: (frame) => subscriber.next(frame),
      error: (error: unknown) => subscriber.error(TransportError.from(error)),
    }),
  );
}

/**
 * The endpoint URL of an `endpoint` event, resolved against the SSE URL. An endpoint on another origin is
 * refused: POSTing there would send the session's messages (and headers) to a server the user did not name.
 */
function resolveEndpoint(sseUrl: URL, data: string): URL | TransportError {
  let endpoint: URL;
  try {
    endpoint = new URL(data.trim(), sseUrl);
  } catch (error) {
    return new TransportError(`The endpoint event of ${sseUrl.href} is not a URL: ${data}`, { cause: error });
  }
  if (endpoint.origin !== sseUrl.origin) {
    return new TransportError(
      `Refusing endpoint ${endpoint.href}: its origin is not the event stream's (${sseUrl.origin})`,
    );
  }
  return endpoint;
}

function emitMessage(subscriber: Subscriber<InboundFrame>, event: SseEvent): void {
  if (event.data === '') return;
  subscriber.next(parseJsonFrame(event.data, event.id === undefined ? undefined : { eventId: event.id }));
}

/** The SSE URL, resolved against the page's URL when there is a page. */
function toUrl(url: string | URL): URL | TransportError {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    return new URL(url, base);
  } catch (error) {
    return new TransportError(`Not a URL: ${String(url)}`, { cause: error });
  }
}
