import { catchError, concat, defer, mergeMap, Observable, of, switchMap, throwError, timer } from 'rxjs';
import { SessionExpiredError } from './streamable-http-errors.js';
import { frameFailure, streamFailure } from './internal/frame-failure.js';
import { createHttpContext, type HttpContext } from './internal/http-context.js';
import { getStream } from './internal/http-get-stream.js';
import { postFrame, terminateSession } from './internal/http-post.js';
import type { HttpAuth } from './streamable-http-auth.js';
import type { StreamableHttpHealth, StreamableHttpOptions } from './streamable-http-options.js';
import type { CancellationMode, InboundFrame, OutboundFrame, Transport, TransportHealth } from './types.js';
import { TransportError } from '../errors/errors.js';

/** The Streamable HTTP transport: `Transport` plus its session and health. */
export interface StreamableHttpTransport extends Transport {
  readonly kind: 'streamable-http';
  readonly cancellation: CancellationMode;
  /**
   * POSTs one frame and emits that POST's response stream.
   *
   * - **Temperature:** cold; each subscription POSTs `frame` once.
   * - **Emits:** every frame of the response (progress, server requests, then the response).
   * - **Completes:** once the response has arrived (or the body ended, for frames that are not requests).
   * - **Errors:** `SessionExpiredError` (HTTP 404 to a request with a session id), `TransportError`.
   * - **Teardown:** aborts the POST (the 2026-07-28 cancellation).
   */
  exchange(frame: OutboundFrame): Observable<InboundFrame>;
  /** The session id the server issued, if any (2025 shape). */
  readonly sessionId: string | undefined;
  /** The authorization the transport consults (`options.auth`), if any. */
  readonly auth: HttpAuth | undefined;
  /**
   * The transport's session and GET-stream status.
   *
   * - **Temperature:** hot; replays the current status to each subscriber.
   * - **Emits:** the current status, then every change.
   * - **Completes:** never. **Errors:** never.
   * - **Teardown:** none (only stops listening).
   */
  health(): Observable<StreamableHttpHealth>;
  /** The connection open now closes without `DELETE`: the session stays on the server for another client to join. */
  keepSession(): void;
}

/** What the transport's health state says, as a `TransportHealth`. */
function httpHealth(health: StreamableHttpHealth): TransportHealth {
  const error = health.lastError === undefined ? undefined : TransportError.from(health.lastError);
  const stream = `GET stream ${health.getStream}`;
  if (error !== undefined) return { ok: false, detail: `${stream}; the last request failed: ${error.message}`, error };
  return { ok: true, detail: health.sessionId === undefined ? stream : `${stream}, session ${health.sessionId}` };
}

/**
 * The GET stream is optional: when it gives up it is reported (a `stream` failure frame, a diagnostic for the
 * session) and opened again after the longest reconnect delay; it never fails a call. Only a forgotten session
 * (404) ends the connection, as it does for a POST.
 */
function optionalGetStream(ctx: HttpContext): Observable<InboundFrame> {
  return getStream(ctx).pipe(
    catchError((error: unknown) =>
      SessionExpiredError.is(error)
        ? throwError(() => error)
        : concat(of(streamFailure('GET stream', error)), timer(ctx.reconnect.maxDelayMs).pipe(switchMap(() => optionalGetStream(ctx))))),
  );
}

/**
 * One frame POSTed on the connection. Its failure is its own: a request fails, a lost notification or answer is
 * reported; only a forgotten session (404) ends the connection, since nothing more can be sent on it.
 */
function postContained(ctx: HttpContext, frame: OutboundFrame): Observable<InboundFrame> {
  return postFrame(ctx, frame).pipe(
    catchError((error: unknown) => (SessionExpiredError.is(error) ? throwError(() => error) : of(frameFailure(frame, error)))),
  );
}

function connectHttp(
  ctx: HttpContext,
  options: StreamableHttpOptions,
  outbound$: Observable<OutboundFrame>,
): Observable<InboundFrame> {
  return new Observable<InboundFrame>((subscriber) => {
    subscriber.add(() => {
      const keep = ctx.keepSession;
      ctx.keepSession = false;
      if (options.terminateSession !== false && !keep) terminateSession(ctx);
    });
    if (options.openGetStream !== false) {
      subscriber.add(defer(() => optionalGetStream(ctx)).subscribe({ next: (frame) => subscriber.next(frame), error: (error: unknown) => subscriber.error(error) }));
    }
    subscriber.add(
      outbound$.pipe(mergeMap((frame) => postContained(ctx, frame))).subscribe({
        next: (frame) => subscriber.next(frame),
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    );
  });
}

/**
 * A Streamable HTTP transport to the MCP endpoint `url`, for both shapes of the protocol: the 2025
 * revisions (session id, GET stream, resumable event streams, DELETE at the end) and 2026-07-28
 * (stateless: one POST per request, closing its stream cancels it). The shape follows from what the server
 * does; the transport adds `Accept`, `Content-Type`, the session id and the configured headers to the
 * per-frame headers the client layer sets (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`).
 *
 * `connect(outbound$)`:
 * - **Temperature:** cold; each subscription is one connection of the session.
 * - **Emits:** frames of the GET stream and of the responses to frames POSTed from `outbound$`.
 * - **Completes:** when `outbound$` completes and its POSTs are done.
 * - **Errors:** `SessionExpiredError` when the server forgot the session (HTTP 404). Any other failed POST of
 *   `outbound$` is emitted as a `failure` frame (the request fails, a lost notification or answer is a
 *   diagnostic), an HTTP error whose body is a JSON-RPC error as that frame, and a GET stream that gives up as
 *   a `failure` frame of the stream, which is opened again later: none of them ends the connection.
 * - **Teardown:** aborts the GET stream and pending POSTs, and DELETEs the session (unless `keepSession()` was
 *   called, or `options.terminateSession` is false).
 *
 * `exchange(frame)`:
 * - **Temperature:** cold; each subscription POSTs `frame` once.
 * - **Emits:** every frame of that POST's response (progress, server requests, then the response); an HTTP
 *   error whose body is the JSON-RPC error for this request is emitted as that frame.
 * - **Completes:** once the response has arrived (or the body ended, for frames that are not requests).
 * - **Errors:** `SessionExpiredError` (404 to a request with a session id; the session is forgotten),
 *   `TransportError` (network, other HTTP status, a stream that broke without a way to resume).
 * - **Teardown:** aborts the POST; the server sees the request stream close (2026-07-28 cancellation).
 * @example
 * ```ts
 * import { createClient, streamableHttp } from 'rxmcp';
 *
 * const transport = streamableHttp('https://example.com/mcp', {
 *   headers: { authorization: `Bearer ${token}` },
 * });
 * const client = createClient(transport);
 * ```
 */
export function streamableHttp(url: string | URL, options: StreamableHttpOptions = {}): StreamableHttpTransport {
  const ctx = createHttpContext(url, options);
  return {
    kind: 'streamable-http',
    cancellation: options.cancellation ?? 'notification',
    connect: (outbound$) => connectHttp(ctx, options, outbound$),
    exchange: (frame) => postFrame(ctx, frame),
    get sessionId() {
      return ctx.session.value;
    },
    auth: options.auth,
    health: () => ctx.health.asObservable(),
    checkHealth: () => httpHealth(ctx.health.value),
    keepSession: () => {
      ctx.keepSession = true;
    },
  };
}
