import { catchError, EMPTY, from, type Observable, of, switchMap, throwError } from 'rxjs';
import { ResponseStreamEndedError, TransportError } from '../../errors/errors.js';
import type { RequestId } from '../../protocol/jsonrpc.js';
import { type HttpResponseDetails, SessionExpiredError } from '../streamable-http-errors.js';
import type { InboundFrame, InboundFrameInfo } from '../types.js';
import { type HttpContext, forgetSession } from './http-context.js';
import type { SentResponse } from './http-request.js';
import { parseJsonFrame } from './json-frame.js';
import { networkReason } from './network-error.js';

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

/** True when the response body is JSON (`application/json` or a `+json` type). */
export function isJson(response: Response): boolean {
  const type = (response.headers.get('content-type') ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

const excerptOf = (body: string): string => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_ERROR_MESSAGE_BODY ? `${flat.slice(0, MAX_ERROR_MESSAGE_BODY)}…` : flat;
};

/**
 * The error for a response that is not what an MCP endpoint sends (an HTML login page, a wrong URL): it names the
 * status, the content type and the first bytes of the body, so the cause is plain.
 */
export function notMcpError(ctx: HttpContext, response: Response, body: string, why: string): TransportError {
  const type = response.headers.get('content-type') ?? 'none';
  const details: HttpResponseDetails = { status: response.status, statusText: response.statusText, body: body.slice(0, MAX_ERROR_BODY), headers: response.headers };
  return new TransportError(`POST ${ctx.url} answered HTTP ${response.status} with Content-Type ${type}, ${why}: ${excerptOf(body) || '(empty body)'}`, {
    status: response.status,
    cause: details,
  });
}

/**
 * The text of a JSON body. For a request, a body that breaks while it is read (the server closed the socket:
 * `terminated`, `other side closed`) loses the request with its response, like an event stream that breaks before
 * the response: `ResponseStreamEndedError` (2026-07-28 re-issues it).
 */
function jsonBodyText(response: Response, requestId: RequestId | undefined): Observable<string> {
  const text$ = from(response.text());
  if (requestId === undefined) return text$;
  return text$.pipe(
    catchError((error: unknown) =>
      throwError(() => new ResponseStreamEndedError(`The response body broke before the response arrived: ${networkReason(error)}`, { cause: error })),
    ),
  );
}

/**
 * The frame of a JSON (non-stream) body; an empty body gives none. For a request, a body that is not a JSON
 * object of the protocol (another content type, text that does not parse) fails it at once with `notMcpError`,
 * and a body that breaks while it is read fails it with `ResponseStreamEndedError`.
 */
export function jsonBodyFrames(ctx: HttpContext, response: Response, info: InboundFrameInfo, requestId: RequestId | undefined): Observable<InboundFrame> {
  return jsonBodyText(response, requestId).pipe(
    switchMap((text) => {
      if (text.trim() === '') return EMPTY;
      if (requestId !== undefined && !isJson(response)) return throwError(() => notMcpError(ctx, response, text, 'not JSON or an event stream'));
      const frame = parseJsonFrame(text, info);
      if (requestId !== undefined && frame.malformed !== undefined) return throwError(() => notMcpError(ctx, response, text, 'a body that is not JSON'));
      return of(frame);
    }),
  );
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

/**
 * A JSON-RPC error response in an HTTP error body that belongs to the request (or to no request). One POST carries
 * one request, so an error with a `null` id (the server could not or did not read the id, as servers do for a
 * request they refuse before parsing it) answers that request: it is given the request's id.
 */
function rpcErrorFrame(body: string, requestId: RequestId | undefined, info: InboundFrameInfo): InboundFrame | undefined {
  const frame = parseJsonFrame(body, info);
  const message = frame.message;
  if (!isObject(message) || message['jsonrpc'] !== '2.0' || !isObject(message['error'])) return undefined;
  if (!Number.isInteger(message['error']['code'])) return undefined;
  if (requestId === undefined) return frame;
  if (message['id'] === null || message['id'] === undefined) return { ...frame, message: { ...message, id: requestId } };
  return message['id'] === requestId ? frame : undefined;
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
