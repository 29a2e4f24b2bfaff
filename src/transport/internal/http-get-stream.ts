import {
  catchError,
  defer,
  distinctUntilChanged,
  EMPTY,
  finalize,
  from,
  type Observable,
  switchMap,
  throwError,
} from 'rxjs';
import { TransportError } from '../../errors/errors.js';
import { SessionExpiredError } from '../streamable-http-errors.js';
import type { InboundFrame } from '../types.js';
import { type HttpContext, reportHealth } from './http-context.js';
import type { SentResponse } from './http-request.js';
import { isEventStream, statusError } from './http-response.js';
import { eventStreamFrames, newCursor, reconnectingStream, type StreamCursor } from './http-stream.js';

function getFrames(ctx: HttpContext, sent: SentResponse, cursor: StreamCursor): Observable<InboundFrame> {
  const { response } = sent;
  // 405: the server offers no GET stream. 404 to the session's id: the server forgot the session. That ends the
  // connection, so that a client that only listens (and sends nothing that would be refused) starts a new session.
  if (response.status === 405) {
    cursor.done = true;
    reportHealth(ctx, { getStream: 'unsupported' });
    return EMPTY;
  }
  if (response.status === 404 && sent.sentSessionId !== undefined) {
    cursor.done = true;
    reportHealth(ctx, { getStream: 'off' });
    return throwError(() => new SessionExpiredError('The MCP session has expired (HTTP 404 to the GET stream)'));
  }
  if (!response.ok) return from(response.text()).pipe(switchMap((body) => throwError(() => statusError(response, body))));
  if (!isEventStream(response)) {
    return throwError(() => new TransportError('The GET stream is not an event stream', { status: response.status }));
  }
  cursor.failures = 0;
  reportHealth(ctx, { getStream: 'open' });
  return eventStreamFrames(response, cursor, undefined, sent.sentSessionId).pipe(
    finalize(() => {
      if (!cursor.done) reportHealth(ctx, { getStream: 'retrying' });
    }),
  );
}

function sessionStream(ctx: HttpContext): Observable<InboundFrame> {
  return defer(() => {
    const cursor = newCursor();
    reportHealth(ctx, { getStream: 'connecting' });
    return reconnectingStream(ctx, cursor, (sent) => getFrames(ctx, sent, cursor), false);
  }).pipe(
    catchError((error: unknown) => {
      reportHealth(ctx, { getStream: 'failed' });
      return throwError(() => error);
    }),
    finalize(() => {
      const state = ctx.health.value.getStream;
      if (state !== 'unsupported' && state !== 'failed') reportHealth(ctx, { getStream: 'off' });
    }),
  );
}

/**
 * The GET stream for server-initiated messages, opened once the session is established: the server issued
 * a session id and then accepted a request carrying it (in practice the `notifications/initialized` POST,
 * so the stream carries the negotiated `MCP-Protocol-Version`). Reopened for a new session; reconnects with
 * `Last-Event-ID` after the server's `retry` delay.
 *
 * - **Temperature:** cold; follows the transport's session from subscription on.
 * - **Emits:** every frame of the GET stream.
 * - **Completes:** never on its own (405 only stops the stream of that session).
 * - **Errors:** `SessionExpiredError` on a 404 to the session's id; `TransportError` once reconnection gives up.
 * - **Teardown:** aborts the GET.
 */
export function getStream(ctx: HttpContext): Observable<InboundFrame> {
  return ctx.established.pipe(
    distinctUntilChanged(),
    switchMap((sessionId) => (sessionId === undefined ? EMPTY : sessionStream(ctx))),
  );
}
