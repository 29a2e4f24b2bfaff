import type { FetchLike } from '../transport/internal/fetch.js';
import { AuthError } from './errors.js';
import type { UrlGuard } from './url-guard.js';

/** Redirects followed for one request at most. */
const MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The request after a redirect: 303 (and 301/302 of a POST) becomes a GET without body, as fetch does it. */
function redirectedInit(init: RequestInit, status: number): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  const toGet = status === 303 ? method !== 'GET' && method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST';
  if (!toGet) return init;
  const { body: _body, ...rest } = init;
  return { ...rest, method: 'GET' };
}

async function send(fetch: FetchLike, guard: UrlGuard, url: URL, init: RequestInit): Promise<Response> {
  const addresses = await guard.check(url);
  if (guard.resolver !== undefined && addresses.length > 0) return guard.resolver.request(url, init, addresses);
  return fetch(url.href, init);
}

/**
 * A browser hides a manual redirect (`opaqueredirect`): the request is sent again, following redirects, and its
 * final URL checked, which is all a page can do (only GET and HEAD, which may be repeated).
 */
async function followInBrowser(fetch: FetchLike, guard: UrlGuard, url: URL, init: RequestInit): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') throw new AuthError('discovery', `${url.origin}${url.pathname} redirected a ${method} request`);
  const response = await fetch(url.href, { ...init, redirect: 'follow' });
  if (response.url !== '') await guard.check(new URL(response.url));
  return response;
}

/**
 * `fetch` behind the URL guard: every URL is checked before anything is sent to it, and redirects are followed
 * one hop at a time, each hop checked (at most 5). A request made with `redirect: 'error'` keeps it.
 */
export function guardedFetch(fetch: FetchLike, guard: UrlGuard): FetchLike {
  return async (input, init) => {
    let url = new URL(input);
    let current = init;
    for (let hop = 0; ; hop++) {
      const manual = current.redirect !== 'error';
      const response = await send(fetch, guard, url, manual ? { ...current, redirect: 'manual' } : current);
      if (response.type === 'opaqueredirect') return followInBrowser(fetch, guard, url, current);
      const location = response.headers.get('location');
      if (!manual || !REDIRECTS.has(response.status) || location === null) return response;
      if (hop >= MAX_REDIRECTS) throw new AuthError('discovery', `${url.origin}${url.pathname} redirected more than ${MAX_REDIRECTS} times`);
      await response.body?.cancel().catch(() => undefined);
      url = new URL(location, url);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AuthError('insecure-url', `Refusing a redirect to a ${url.protocol} URL`);
      current = redirectedInit(current, response.status);
    }
  };
}
