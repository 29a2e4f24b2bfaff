import { catchError, concat, defer, EMPTY, type Observable, throwError } from 'rxjs';
import { ResponseStreamEndedError } from '../../errors/errors.js';
import { networkReason } from './network-error.js';
import type { RequestId } from '../../protocol/jsonrpc.js';
import type { InboundFrame, InboundFrameInfo, OutboundFrame } from '../types.js';
import { captureSession, confirmSession, forgetSession, type HttpContext } from './http-context.js';
import { httpRequest, type SentResponse } from './http-request.js';
import { failedPostFrames, isEventStream, jsonBodyFrames, requestIdOf } from './http-response.js';
import { eventStreamFrames, newCursor, reconnectingStream, resumedFrames } from './http-stream.js';

/** `Accept` of every POST: both response shapes a server may choose. */
export const POST_ACCEPT = 'application/json, text/event-stream';

/**
 * A request's response stream that may end before its response: resumed by GET with `Last-Event-ID` after
 * the server's `retry` delay, as long as the stream had event ids; else it fails.
 */
function responseStream(
  ctx: HttpContext,
  response: Response,
  requestId: RequestId,
  sessionId: string | undefined,
): Observable<InboundFrame> {
  const cursor = newCursor();
  const first$ = eventStreamFrames(response, cursor, requestId, sessionId).pipe(
    // A dropped stream is resumable like an ended one, once the server gave it an event id; without one the
    // request is lost with its stream (2026-07-28 re-issues it).
    catchError((error: unknown) =>
      cursor.eventId === undefined
        ? throwError(() => new ResponseStreamEndedError(`The response stream broke before the response arrived: ${networkReason(error)}`, { cause: error }))
        : EMPTY,
    ),
  );
  const resume$ = defer(() => {
    if (cursor.done) return EMPTY;
    if (cursor.eventId === undefined) return throwError(() => new ResponseStreamEndedError('The response stream ended before the response arrived'));
    return reconnectingStream(ctx, cursor, (sent) => resumedFrames(ctx, sent, cursor, requestId), true);
  });
  return concat(first$, resume$);
}

function postResponseFrames(
  ctx: HttpContext,
  sent: SentResponse,
  requestId: RequestId | undefined,
): Observable<InboundFrame> {
  const { response } = sent;
  if (!response.ok) return failedPostFrames(ctx, sent, requestId);
  confirmSession(ctx, sent.sentSessionId);
  captureSession(ctx, response.headers.get('mcp-session-id'));
  if (response.status === 202 || response.status === 204) return EMPTY;
  const sessionId = ctx.session.value;
  if (!isEventStream(response)) {
    const info: InboundFrameInfo =
      sessionId === undefined ? { httpStatus: response.status } : { httpStatus: response.status, sessionId };
    return jsonBodyFrames(ctx, response, info, requestId);
  }
  if (requestId === undefined) return eventStreamFrames(response, newCursor(), undefined, sessionId);
  return responseStream(ctx, response, requestId, sessionId);
}

/**
 * POSTs one frame and emits what its response carries: nothing for 202, the JSON response, or every frame
 * of the event stream (resumed if it breaks before the response). Captures the session id the server issues.
 *
 * - **Temperature:** cold; each subscription sends one POST.
 * - **Emits:** the inbound frames of this POST's response, in order.
 * - **Completes:** after the response to the request (or at the end of the body for other frames).
 * - **Errors:** `SessionExpiredError` (404 to a request with a session id); `ResponseStreamEndedError` when the
 *   response of a request (event stream or JSON body) breaks before the response arrived; `TransportError` for
 *   other network failures and HTTP errors whose body is not the JSON-RPC error answering the request.
 * - **Teardown:** aborts the POST (and any resuming GET).
 */
export function postFrame(ctx: HttpContext, frame: OutboundFrame): Observable<InboundFrame> {
  const requestId = requestIdOf(frame.message);
  return httpRequest(ctx, { method: 'POST', accept: POST_ACCEPT, frame }, (sent) =>
    postResponseFrames(ctx, sent, requestId),
  );
}

/** Ends the session: `DELETE` with its id (fire and forget; 405 and failures are ignored), then forgets it. */
export function terminateSession(ctx: HttpContext): void {
  const sessionId = ctx.session.value;
  if (sessionId === undefined) return;
  httpRequest(ctx, { method: 'DELETE', accept: POST_ACCEPT, sessionId }, () => EMPTY).subscribe({
    error: () => undefined,
  });
  forgetSession(ctx, sessionId);
}
