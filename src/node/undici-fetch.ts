// The HTTP engine of the transports in Node: undici's `request` API behind the `FetchLike` signature, so the
// transports' own code (sessions, event streams, resumption, every fault) is the same on both engines.
import type { Dispatcher } from 'undici';
import { headerRecord } from '../transport/internal/http-auth.js';
import type { FetchLike } from '../transport/internal/fetch.js';
import { loadUndiciParts, type UndiciParts } from './internal/undici-loader.js';
import { UndiciResponse, type UndiciResponseData } from './internal/undici-response.js';

/**
 * An undici dispatcher (an `Agent`, a `ProxyAgent`, a `MockAgent`, ... of the `undici` package), by the one method
 * the engine calls. Structural, so that rxmcp's declarations do not pull undici's into every type-check.
 */
export interface UndiciDispatcher {
  /** undici's `Dispatcher.dispatch`. */
  dispatch(options: object, handler: object): boolean;
}

/** Options of `undiciFetch`. */
export interface UndiciFetchOptions {
  /**
   * The undici dispatcher the requests go through. Default: one keep-alive `Agent` shared by every `undiciFetch()`
   * without this option, which keeps a pool of connections per origin and follows redirects as `fetch` does (at
   * most 20).
   */
  readonly dispatcher?: UndiciDispatcher;
}

/** Most redirects a request follows (as `fetch`). */
const MAX_REDIRECTIONS = 20;

let loaded: UndiciParts | undefined;
let loading: Promise<UndiciParts> | undefined;
let shared: Dispatcher | undefined;

/** undici, loaded on the first request of the process. */
function undici(): Promise<UndiciParts> {
  loading ??= loadUndiciParts().then((parts) => (loaded = parts));
  return loading;
}

/** The shared keep-alive agent: a pool per origin, redirects followed. */
function sharedDispatcher(parts: UndiciParts): Dispatcher {
  shared ??= parts.agent().compose(parts.redirect(MAX_REDIRECTIONS));
  return shared;
}

/**
 * One request. `maxRedirections` goes only to the shared agent (its redirect interceptor reads it: 0 for
 * `redirect: 'manual'`, as the authorization wrapper asks); a dispatcher of the caller's follows its own rules.
 */
function send(parts: UndiciParts, own: Dispatcher | undefined, input: string, init: RequestInit): Promise<Response> {
  const url = new URL(input);
  const redirects = own === undefined ? { maxRedirections: init.redirect === undefined || init.redirect === 'follow' ? MAX_REDIRECTIONS : 0 } : {};
  const options: Dispatcher.RequestOptions = {
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: (init.method ?? 'GET').toUpperCase() as Dispatcher.HttpMethod,
    headers: headerRecord(init.headers),
    body: (init.body ?? null) as Dispatcher.DispatchOptions['body'],
    signal: init.signal ?? null,
    ...redirects,
  };
  return parts
    .request(own ?? sharedDispatcher(parts), options)
    .then((data) => new UndiciResponse(data as unknown as UndiciResponseData, input) as unknown as Response);
}

/**
 * A `fetch` for the HTTP transports (`streamableHttp`, `httpTransport`) made of undici's `request` API: keep-alive
 * connections pooled per origin, response bodies read as Node streams as they arrive (event streams parsed chunk by
 * chunk, JSON bodies gathered into one buffer of their declared length), none of the WHATWG streams and objects
 * `fetch` builds around each response. The main entry `rxmcp` in Node (its `node` export condition) defaults the
 * Streamable HTTP transports to it; `fetch: globalThis.fetch` picks the platform's `fetch` instead.
 *
 * undici is loaded on the first request (its agent, request API and redirect interceptor only). Bodies are `Readable` streams, not web streams, so this is no
 * `fetch` for the legacy HTTP+SSE transport's event stream (`legacySse`), which keeps the platform's.
 * @example
 * ```ts
 * import { createClient, streamableHttp } from 'rxmcp';
 * import { undiciFetch } from 'rxmcp/node';
 * import { Agent } from 'undici';
 *
 * // In Node, streamableHttp of 'rxmcp' sends through undiciFetch() by default; the platform's fetch instead:
 * const viaFetch = streamableHttp('https://example.com/mcp', { fetch: globalThis.fetch });
 * // undici through an agent of one's own (at most 4 connections per origin):
 * const agent = new Agent({ connections: 4 });
 * const client = createClient(streamableHttp('https://example.com/mcp', { fetch: undiciFetch({ dispatcher: agent }) }));
 * ```
 */
export function undiciFetch(options: UndiciFetchOptions = {}): FetchLike {
  return (input, init) => {
    const own = options.dispatcher as Dispatcher | undefined;
    if (loaded !== undefined) return send(loaded, own, input, init);
    return undici().then((parts) => send(parts, own, input, init));
  };
}
