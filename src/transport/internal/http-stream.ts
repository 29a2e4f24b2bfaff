import { defer, EMPTY, Observable, of, repeat, retry, switchMap, throwError, timer } from 'rxjs';
import { TransportError } from '../../errors/errors.js';
import type { RequestId } from '../../protocol/jsonrpc.js';
import { SessionExpiredError } from '../streamable-http-errors.js';
import type { InboundFrame, InboundFrameInfo } from '../types.js';
import { bodyText } from './http-body.js';
import { forgetSession, type HttpContext, reconnectDelay } from './http-context.js';
import { httpRequest, type SentResponse } from './http-request.js';
import { answers, isEventStream } from './http-response.js';
import { parseJsonFrame } from './json-frame.js';
import { parseSse } from './sse.js';

/** Accept header of event-stream GETs. */
export const EVENT_STREAM = 'text/event-stream';
/** Largest server-sent event accepted, in characters. */
const MAX_EVENT_SIZE = 64 * 1024 * 1024;

/** Where one resumable event stream is (each stream has its own cursor). */
export interface StreamCursor {
  /** The last event id seen (`Last-Event-ID` of the next GET). */
  eventId: string | undefined;
  /** The server's last `retry` value, in ms. */
  retryMs: number | undefined;
  /** Failed reconnection attempts in a row. */
  failures: number;
  /** No more reconnection: the awaited response came, or the server offers no stream. */
  done: boolean;
}

/** A fresh cursor. */
export const newCursor = (): StreamCursor => ({ eventId: undefined, retryMs: undefined, failures: 0, done: false });

/**
 * The frames of one `text/event-stream` body. Records event ids and `retry` in `cursor`; events with empty
 * data (priming events) and events of other types carry no frame. When `awaitId` is given, completes as
 * soon as the response to that request has been emitted (and marks the cursor done).
 */
export function eventStreamFrames(
  response: Response,
  cursor: StreamCursor,
  awaitId: RequestId | undefined,
  sessionId: string | undefined,
): Observable<InboundFrame> {
  const info: InboundFrameInfo =
    sessionId === undefined ? { httpStatus: response.status } : { httpStatus: response.status, sessionId };
  return new Observable<InboundFrame>((subscriber) =>
    bodyText(response.body as ReadableStream<Uint8Array> | null)
      .pipe(parseSse({ maxBufferSize: MAX_EVENT_SIZE }))
      .subscribe({
        next: (item) => {
          if (item.type === 'retry') {
            cursor.retryMs = item.ms;
            return;
          }
          if (item.id !== undefined) cursor.eventId = item.id;
          if (item.data === '' || (item.event !== undefined && item.event !== 'message')) return;
          const frame = parseJsonFrame(item.data, item.id === undefined ? info : { ...info, eventId: item.id });
          subscriber.next(frame);
          if (awaitId !== undefined && answers(frame.message, awaitId)) {
            cursor.done = true;
            subscriber.complete();
          }
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
  );
}

/** True for failures that reconnecting cannot fix (client errors other than 408 and 429, session expiry). */
export function isFatal(error: unknown): boolean {
  if (SessionExpiredError.is(error)) return true;
  if (!TransportError.is(error)) return false;
  const status = error.status;
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** What one reconnecting stream does with each GET response. */
export type StreamHandler = (sent: SentResponse) => Observable<InboundFrame>;

/**
 * A reconnecting GET event stream: GET (with `Last-Event-ID` once an event id is known), stream, and when
 * the stream ends or fails, wait (the server's `retry`, else backoff) and GET again, until `cursor.done`.
 *
 * - **Temperature:** cold. **Emits:** the frames `handle` emits, across reconnections.
 * - **Completes:** once `cursor.done` is set at the end of a stream.
 * - **Errors:** fatal failures (see `isFatal`) at once; others after `maxRetries` failed attempts in a row.
 * - **Teardown:** aborts the current GET or cancels the pending wait.
 */
export function reconnectingStream(
  ctx: HttpContext,
  cursor: StreamCursor,
  handle: StreamHandler,
  waitFirst: boolean,
): Observable<InboundFrame> {
  let waiting = waitFirst;
  const attempt$ = defer(() => {
    const wait = waiting ? reconnectDelay(ctx.reconnect, cursor.retryMs, Math.max(cursor.failures - 1, 0)) : 0;
    waiting = true;
    const get$ = httpRequest(ctx, { method: 'GET', accept: EVENT_STREAM, lastEventId: cursor.eventId }, handle);
    return wait > 0 ? timer(wait).pipe(switchMap(() => get$)) : get$;
  });
  return attempt$.pipe(
    retry({
      delay: (error: unknown) => {
        cursor.failures += 1;
        return isFatal(error) || cursor.failures > ctx.reconnect.maxRetries ? throwError(() => error) : of(0);
      },
    }),
    repeat({ delay: () => (cursor.done ? EMPTY : of(0)) }),
  );
}

/** The frames of a resuming GET response; the stream for one request (SEP-1699 resumption). */
export function resumedFrames(
  ctx: HttpContext,
  sent: SentResponse,
  cursor: StreamCursor,
  awaitId: RequestId,
): Observable<InboundFrame> {
  const { response } = sent;
  if (response.status === 404 && sent.sentSessionId !== undefined) {
    forgetSession(ctx, sent.sentSessionId);
    return throwError(() => new SessionExpiredError());
  }
  if (!response.ok || !isEventStream(response)) {
    const reason = response.ok ? 'not an event stream' : `HTTP ${response.status}`;
    return throwError(() => new TransportError(`Resuming the response stream failed: ${reason}`, {
      status: response.status,
    }));
  }
  cursor.failures = 0;
  return eventStreamFrames(response, cursor, awaitId, sent.sentSessionId);
}
