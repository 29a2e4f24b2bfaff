import { defaultIfEmpty, firstValueFrom, from, Observable, take, type ObservableInput } from 'rxjs';
import { McpError } from '../errors/mcp-error.js';
import { TransportError } from '../errors/errors.js';
import { networkReason } from './internal/network-error.js';
import { resolveFetch, type FetchLike } from './internal/fetch.js';
import type { OutboundFrame } from './types.js';

/** One HTTP request the legacy SSE transport is about to send, as its header hook sees it. */
export interface LegacySseRequestInfo {
  /** `GET` for the event stream, `POST` for a frame. */
  readonly method: 'GET' | 'POST';
  /** The request's URL: the SSE URL for the GET, the endpoint the server announced for a POST. */
  readonly url: string;
  /** The frame a POST carries; `undefined` for the GET. */
  readonly frame: OutboundFrame | undefined;
}

/**
 * Computes extra headers for one HTTP request (an `Authorization` header, say), just before it is sent; the
 * first value emitted is used (`undefined` or an empty input adds nothing). An error ends the connection with
 * that error (a non-rxmcp error becomes a `TransportError`).
 */
export type LegacySseHeadersHook = (
  request: LegacySseRequestInfo,
) => ObservableInput<Readonly<Record<string, string>> | undefined>;

/** The HTTP side of the legacy SSE transport: which `fetch`, which headers. */
export interface LegacySseHttpOptions {
  readonly fetch?: FetchLike;
  readonly headers?: Readonly<Record<string, string>>;
  readonly requestHeaders?: LegacySseHeadersHook;
}

/** The headers of one request: the static ones, then the hook's (names lower-cased, later ones win). */
export async function requestHeaders(
  options: LegacySseHttpOptions,
  request: LegacySseRequestInfo,
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  copyHeaders(headers, options.headers);
  const hook = options.requestHeaders;
  if (hook !== undefined) {
    copyHeaders(headers, await firstValueFrom(from(hook(request)).pipe(take(1), defaultIfEmpty(undefined))));
  }
  return headers;
}

/** Copies `source` into `target` with lower-cased names. */
export function copyHeaders(target: Record<string, string>, source: Readonly<Record<string, string>> | undefined) {
  for (const [name, value] of Object.entries(source ?? {})) target[name.toLowerCase()] = value;
}

/**
 * POSTs one frame to the endpoint of a legacy HTTP+SSE server.
 *
 * - **Temperature:** cold; each subscription sends the frame once.
 * - **Emits:** nothing.
 * - **Completes:** when the server accepted the frame (any 2xx status; the body is read and dropped).
 * - **Errors:** `TransportError` on a network failure, or with `status` when the server answered otherwise;
 *   the header hook's `McpError` as it is.
 * - **Teardown:** aborts the POST.
 */
export function postFrame(endpoint: URL, frame: OutboundFrame, options: LegacySseHttpOptions): Observable<never> {
  return new Observable<never>((subscriber) => {
    const controller = new AbortController();
    subscriber.add(() => controller.abort());
    sendFrame(endpoint, frame, options, controller.signal).then(
      () => subscriber.complete(),
      (error: unknown) => subscriber.error(postError(endpoint, error)),
    );
  });
}

async function sendFrame(endpoint: URL, frame: OutboundFrame, options: LegacySseHttpOptions, signal: AbortSignal) {
  const headers = await requestHeaders(options, { method: 'POST', url: endpoint.href, frame });
  copyHeaders(headers, frame.headers);
  headers['content-type'] = 'application/json';
  const body = JSON.stringify(frame.message);
  const response = await resolveFetch(options.fetch)(endpoint.href, { method: 'POST', headers, body, signal });
  const text = await response.text();
  if (!response.ok) {
    const detail = text === '' ? '' : `: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
    throw new TransportError(`POST ${endpoint.href} answered ${response.status}${detail}`, {
      status: response.status,
    });
  }
}

function postError(endpoint: URL, error: unknown): McpError {
  if (McpError.is(error)) return error;
  return new TransportError(`POST ${endpoint.href} failed: ${networkReason(error)}`, { cause: error });
}
