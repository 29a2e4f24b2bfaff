import { defaultIfEmpty, firstValueFrom, from } from 'rxjs';
import { TransportError } from '../../errors/errors.js';
import type { HttpAuth, HttpAuthRequest, HttpAuthResponse, HttpAuthRetry } from '../streamable-http-auth.js';
import type { FetchLike } from './fetch.js';

/** Most times one request is sent again because `challenge` asked for it. */
const MAX_AUTH_RETRIES = 6;
/** Most redirects one authorized request follows. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/** `url` made absolute against the page's URL when there is a page (a transport URL may be relative). */
export function absoluteUrl(url: string): string {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(absoluteUrl(url)).origin;
  } catch {
    return undefined;
  }
}

/** True when `a` and `b` are URLs of the same origin. */
export function sameOrigin(a: string, b: string): boolean {
  const origin = originOf(a);
  return origin !== undefined && origin !== 'null' && origin === originOf(b);
}

/** The headers of a `RequestInit` as a record with lower-cased names. */
export function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers === undefined) return record;
  if (Array.isArray(headers)) {
    for (const [name, value] of headers) if (name !== undefined && value !== undefined) record[name.toLowerCase()] = value;
  } else if (typeof (headers as Headers).forEach === 'function') {
    (headers as Headers).forEach((value, name) => (record[name.toLowerCase()] = value));
  } else {
    for (const [name, value] of Object.entries(headers as Record<string, string>)) record[name.toLowerCase()] = value;
  }
  return record;
}

function discard(response: Response): void {
  void response.arrayBuffer().then(undefined, () => undefined);
}

interface Sent {
  readonly response: Response;
  /** The request as `auth` saw it for the last hop. */
  readonly request: HttpAuthRequest;
  /** Where the response came from. */
  readonly finalUrl: string;
}

interface Hop {
  readonly url: string;
  readonly init: RequestInit;
  readonly headers: Record<string, string>;
}

/** The request after a redirect: 303 (and 301/302 of a POST) become a GET without body, as browsers do. */
function redirected(hop: Hop, status: number, location: string): Hop {
  const url = new URL(location, hop.url).href;
  const method = (hop.init.method ?? 'GET').toUpperCase();
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    const headers = { ...hop.headers };
    delete headers['content-type'];
    const { body: _body, ...rest } = hop.init;
    return { url, init: { ...rest, method: method === 'HEAD' ? 'HEAD' : 'GET' }, headers };
  }
  return { url, init: hop.init, headers: hop.headers };
}

function withoutCredentials(headers: Record<string, string>, credentials: Readonly<Record<string, string>>): Record<string, string> {
  const rest = { ...headers };
  for (const name of Object.keys(credentials)) delete rest[name.toLowerCase()];
  return rest;
}

/**
 * Sends one request that may carry credentials, following redirects by hand: credentials go to `serverUrl`'s
 * origin only, each same-origin hop gets fresh ones (a DPoP proof names its URL), and after the first hop to
 * another origin none are sent again. Where the platform hides redirects (`opaqueredirect` in browsers) the
 * request is sent again without credentials and followed by the platform; a 401 from a same-origin target is
 * then sent there directly, with credentials.
 */
async function sendWithCredentials(
  fetch: FetchLike,
  auth: HttpAuth,
  first: Hop,
  request: HttpAuthRequest,
): Promise<Sent> {
  let hop = first;
  let current = request;
  let credentialed = true;
  for (let hops = 0; ; hops++) {
    const credentials = credentialed ? await credentialHeaders(auth, current) : {};
    if (Object.keys(credentials).length === 0 && hops === 0) {
      const response = await fetch(hop.url, { ...hop.init, headers: hop.headers });
      return { response, request: current, finalUrl: response.redirected && response.url ? response.url : hop.url };
    }
    const headers = { ...hop.headers, ...lowerCased(credentials) };
    const response = await fetch(hop.url, { ...hop.init, headers, redirect: 'manual' });
    if (response.type === 'opaqueredirect') {
      const followed = await fetch(hop.url, { ...hop.init, headers: withoutCredentials(headers, credentials), redirect: 'follow' });
      if (followed.status !== 401 || !followed.redirected || !sameOrigin(followed.url, request.serverUrl) || hops >= MAX_REDIRECTS) {
        return { response: followed, request: current, finalUrl: followed.url || hop.url };
      }
      discard(followed);
      hop = { ...hop, url: followed.url };
      current = { ...current, url: followed.url };
      continue;
    }
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.includes(response.status) || location === null) return { response, request: current, finalUrl: hop.url };
    if (hops >= MAX_REDIRECTS) throw new TransportError(`Too many redirects from ${first.url}`, { status: response.status });
    discard(response);
    hop = redirected(hop, response.status, location);
    if (credentialed && !sameOrigin(hop.url, request.serverUrl)) credentialed = false;
    current = { ...current, method: (hop.init.method ?? 'GET').toUpperCase(), url: hop.url };
  }
}

function lowerCased(headers: Readonly<Record<string, string>>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) record[name.toLowerCase()] = value;
  return record;
}

function credentialHeaders(auth: HttpAuth, request: HttpAuthRequest): Promise<Readonly<Record<string, string>>> {
  return firstValueFrom(from(auth.headers(request)).pipe(defaultIfEmpty({})));
}

function challenge(auth: HttpAuth, request: HttpAuthRequest, response: HttpAuthResponse): Promise<HttpAuthRetry | undefined> {
  return firstValueFrom(from(auth.challenge(request, response)).pipe(defaultIfEmpty(undefined)));
}

/**
 * The `fetch` of an HTTP transport with `auth` in it: requests to `serverUrl`'s origin carry what
 * `auth.headers` gives; a 401 or 403 from that origin goes to `auth.challenge`, and the request is sent again
 * (its body is a string, so it can be) as long as `challenge` asks for it, at most `MAX_AUTH_RETRIES` times.
 * Requests to other origins pass through untouched. Without `auth`, `fetch` itself.
 */
export function authorizedFetch(fetch: FetchLike, auth: HttpAuth | undefined, serverUrl: string): FetchLike {
  if (auth === undefined) return fetch;
  const server = absoluteUrl(serverUrl);
  return async (input, init) => {
    const url = absoluteUrl(String(input));
    if (!sameOrigin(url, server)) return fetch(input, init);
    const headers = headerRecord(init.headers);
    const hop: Hop = { url, init, headers };
    const retries: HttpAuthRetry[] = [];
    for (;;) {
      const request: HttpAuthRequest = {
        method: (init.method ?? 'GET').toUpperCase(),
        url,
        serverUrl: server,
        protocolVersion: headers['mcp-protocol-version'],
        retries: [...retries],
      };
      const sent = await sendWithCredentials(fetch, auth, hop, request);
      const { response } = sent;
      const fromServer = sameOrigin(sent.finalUrl, server);
      if ((response.status !== 401 && response.status !== 403) || !fromServer) {
        if (fromServer) auth.observe?.(sent.request, response);
        return response;
      }
      const retry = retries.length < MAX_AUTH_RETRIES ? await challenge(auth, sent.request, response) : undefined;
      if (retry === undefined) return response;
      discard(response);
      retries.push(retry);
    }
  };
}
