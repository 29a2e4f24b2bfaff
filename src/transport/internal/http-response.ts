import { EMPTY, from, type Observable, of, switchMap, throwError } from 'rxjs';
import { TransportError } from '../../errors/errors.js';
import type { RequestId } from '../../protocol/jsonrpc.js';
import { type HttpResponseDetails, SessionExpiredError } from '../streamable-http-errors.js';
import type { InboundFrame, InboundFrameInfo } from '../types.js';
import { type HttpContext, forgetSession } from './http-context.js';
import type { SentResponse } from './http-request.js';
import { parseJsonFrame } from './json-frame.js';

const MAX_ERROR_BODY = 4096;
const MAX_ERROR_MESSAGE_BODY = 300;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** True when `message` (or, for a batch, one of its members) is the response to request `id`. */
export function answers(message: unknown, id: RequestId): boolean {
  if (Array.isArray(message)) return message.some((member) => answers(member, id));
  return isObject(message) && message['id'] === id && !('method' in message) && ('result' in message || 'error' in message);
}

/** The request id of an outbound frame, when it is a request. */
export function requestIdOf(message: unknown): RequestId | undefined {
  if (!isObject(message) || typeof message['method'] !== 'string') return undefined;
  const id = message['id'];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** True when the response body is an event stream. */
export function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
}

/** The frame of a JSON (non-stream) body; an empty body gives none. */
export function jsonBodyFrames(response: Response, info: InboundFrameInfo): Observable<InboundFrame> {
  return from(response.text()).pipe(switchMap((text) => (text.trim() === '' ? EMPTY : of(parseJsonFrame(text, info)))));
}

/** A `TransportError` for an HTTP failure status, with the start of the body in its message. */
export function statusError(response: Response, body: string): TransportError {
  const details: HttpResponseDetails = {
    status: response.status,
    statusText: response.statusText,
    body: body.length > MAX_ERROR_BODY ? body.slice(0, MAX_ERROR_BODY) : body,
    headers: response.headers,
  };
  const excerpt = body.length > MAX_ERROR_MESSAGE_BODY ? `${body.slice(0, MAX_ERROR_MESSAGE_BODY)}…` : body;
  const label = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new TransportError(excerpt ? `${label}: ${excerpt}` : label, { status: response.status, cause: details });
}

/** A JSON-RPC error response in an HTTP error body that belongs to the request (or to no request). */
function rpcErrorFrame(body: string, requestId: RequestId | undefined, info: InboundFrameInfo): InboundFrame | undefined {
  const frame = parseJsonFrame(body, info);
  const message = frame.message;
  if (!isObject(message) || message['jsonrpc'] !== '2.0' || !isObject(message['error'])) return undefined;
  if (!Number.isInteger(message['error']['code'])) return undefined;
  if (requestId !== undefined && message['id'] !== requestId) return undefined;
  return frame;
}

/**
 * The outcome of a non-2xx response to a POST: `SessionExpiredError` for a 404 to a request that carried a
 * session id (and the session is forgotten); the JSON-RPC error frame the body holds, when it answers the
 * request (so the client sees `-32022`, `-32601`, ...); else a `TransportError` with the status.
 */
export function failedPostFrames(
  ctx: HttpContext,
  sent: SentResponse,
  requestId: RequestId | undefined,
): Observable<InboundFrame> {
  const { response, sentSessionId } = sent;
  if (response.status === 404 && sentSessionId !== undefined) {
    forgetSession(ctx, sentSessionId);
    return throwError(() => new SessionExpiredError());
  }
  return from(response.text()).pipe(
    switchMap((body) => {
      const frame = rpcErrorFrame(body, requestId, { httpStatus: response.status });
      return frame === undefined ? throwError(() => statusError(response, body)) : of(frame);
    }),
  );
}
