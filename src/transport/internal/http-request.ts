import { defaultIfEmpty, from, Observable, of, switchMap, take } from 'rxjs';
import { McpError } from '../../errors/mcp-error.js';
import { ResponseStreamEndedError, TransportError } from '../../errors/errors.js';
import type { OutboundFrame } from '../types.js';
import { copyHeaders, type HttpContext, reportHealth } from './http-context.js';
import { networkReason } from './network-error.js';

/** One HTTP request of the transport. The session id is read when the request is sent. */
export interface HttpRequestSpec {
  readonly method: 'POST' | 'GET' | 'DELETE';
  readonly accept: string;
  /** The frame of a POST (its serialized message is the body). */
  readonly frame?: OutboundFrame;
  /** `Last-Event-ID` of a resuming GET. */
  readonly lastEventId?: string;
  /** The session id to send instead of the current one (DELETE of a session being closed). */
  readonly sessionId?: string;
}

/** A response, with the session id the request carried (a 404 then means the session expired). */
export interface SentResponse {
  readonly response: Response;
  readonly sentSessionId: string | undefined;
}

const NO_HEADERS = of(undefined);

function extraHeaders(ctx: HttpContext, spec: HttpRequestSpec): Observable<Readonly<Record<string, string>> | undefined> {
  if (ctx.hook === undefined) return NO_HEADERS;
  const hook = ctx.hook;
  return from(hook({ method: spec.method, url: ctx.url, frame: spec.frame })).pipe(take(1), defaultIfEmpty(undefined));
}

function assembleHeaders(
  ctx: HttpContext,
  spec: HttpRequestSpec,
  extra: Readonly<Record<string, string>> | undefined,
  sessionId: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { ...ctx.headers };
  if (extra !== undefined) copyHeaders(headers, extra);
  const frameHeaders = spec.frame?.headers;
  if (frameHeaders !== undefined) copyHeaders(headers, frameHeaders);
  const version = headers['mcp-protocol-version'];
  if (spec.method === 'POST') {
    if (version !== undefined) ctx.protocolVersion = version;
    headers['content-type'] = 'application/json';
  } else if (version === undefined && ctx.protocolVersion !== undefined) {
    headers['mcp-protocol-version'] = ctx.protocolVersion;
  }
  headers['accept'] = spec.accept;
  if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
  if (spec.lastEventId !== undefined) headers['last-event-id'] = spec.lastEventId;
  return headers;
}

/** Codes of a connection that closed after the request went out (`other side closed`, a reset): nothing came back. */
const CLOSED_UNDER_REQUEST = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

/**
 * True when the failure is the connection closing under a sent request, rather than it never being sent. `fetch`
 * puts the code on the cause of its `fetch failed`; undici's `request` on the error itself.
 */
function closedUnderRequest(error: unknown): boolean {
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = failure?.code ?? failure?.cause?.code;
  return typeof code === 'string' && CLOSED_UNDER_REQUEST.has(code);
}

function networkError(ctx: HttpContext, spec: HttpRequestSpec, error: unknown): McpError {
  if (McpError.is(error)) return error;
  // A request whose connection closed under it (a keep-alive connection a proxy or server closed) is lost with its
  // response, like a response stream that broke before the response: 2026-07-28 re-issues it.
  const request = spec.method === 'POST' && spec.frame !== undefined && 'id' in spec.frame.message && 'method' in spec.frame.message;
  if (request && closedUnderRequest(error)) {
    return new ResponseStreamEndedError(`${spec.method} ${ctx.url}: the connection closed before the response arrived: ${networkReason(error)}`, { cause: error });
  }
  return new TransportError(`${spec.method} ${ctx.url} failed: ${networkReason(error)}`, { cause: error });
}

function send(
  ctx: HttpContext,
  spec: HttpRequestSpec,
  extra: Readonly<Record<string, string>> | undefined,
  signal: AbortSignal,
): Promise<SentResponse> {
  const sentSessionId = spec.sessionId ?? ctx.session.value;
  const init: RequestInit = {
    ...ctx.init,
    method: spec.method,
    headers: assembleHeaders(ctx, spec, extra, sentSessionId),
    signal,
  };
  if (spec.frame !== undefined) init.body = JSON.stringify(spec.frame.message);
  return ctx.fetch(ctx.url, init).then((response) => ({ response, sentSessionId }));
}

/**
 * True when nothing of `response` is left to release: its body is absent or has been taken (read to the end
 * or cancelled by the reader). Aborting then would only build an `AbortError` nobody sees.
 */
function isSettled(response: Response | undefined): boolean {
  return response !== undefined && (response.body === null || response.bodyUsed === true);
}

/**
 * Sends one HTTP request and hands its response to `handle`, in the same subscription (like `fromFetch`
 * with a selector), so the body is read before the request can be aborted.
 *
 * - **Temperature:** cold; each subscription sends the request once.
 * - **Emits:** what `handle`'s Observable emits.
 * - **Completes:** when `handle`'s Observable completes.
 * - **Errors:** `TransportError` when the request cannot be sent (network, invalid header); the header
 *   hook's error; `handle`'s errors.
 * - **Teardown:** aborts the request, unless it completed after its body was taken (read or cancelled).
 */
export function httpRequest<T>(
  ctx: HttpContext,
  spec: HttpRequestSpec,
  handle: (sent: SentResponse) => Observable<T>,
): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    let response: Response | undefined;
    let completed = false;
    subscriber.add(() => {
      if (!(completed && isSettled(response))) controller.abort();
    });
    return extraHeaders(ctx, spec)
      .pipe(
        switchMap((extra) => from(send(ctx, spec, extra, controller.signal))),
        switchMap((sent) => {
          response = sent.response;
          // The server answers again: an earlier failure is history.
          if (sent.response.ok && ctx.health.value.lastError !== undefined) reportHealth(ctx, { lastError: undefined });
          return handle(sent);
        }),
      )
      .subscribe({
        next: (value) => subscriber.next(value),
        error: (error: unknown) => {
          const failure = networkError(ctx, spec, error);
          reportHealth(ctx, { lastError: failure });
          subscriber.error(failure);
        },
        complete: () => {
          completed = true;
          subscriber.complete();
        },
      });
  });
}
