import { resolveFetch, type FetchLike } from '../transport/internal/fetch.js';
import { AuthError, networkFailure } from './errors.js';
import type { AuthorizationRequest, RedirectHandler } from './types.js';

/** Options of `headlessRedirect`. */
export interface HeadlessRedirectOptions {
  /** The redirect URI to register and send (default `http://127.0.0.1/callback`; nothing needs to serve it). */
  readonly redirectUri?: string;
  /** The `fetch` that visits the authorization URL (default `globalThis.fetch`). */
  readonly fetch?: FetchLike;
}

const MAX_HOPS = 10;

/** True when `url` is the redirect URI with something after it (same origin and path). */
function isCallback(url: string, redirectUri: string): boolean {
  const target = new URL(url);
  const expected = new URL(redirectUri);
  return target.origin === expected.origin && target.pathname === expected.pathname;
}

/** In a page, `fetch` hides redirects (`opaqueredirect`): let it follow them and read where it ended. */
async function followInPage(fetch: FetchLike, request: AuthorizationRequest): Promise<string> {
  const followed = await fetch(request.url, { method: 'GET', redirect: 'follow' });
  void followed.arrayBuffer().then(undefined, () => undefined);
  if (followed.url && isCallback(followed.url, request.redirectUri)) return followed.url;
  throw new AuthError('interaction', 'The authorization server did not redirect back without a user (headless redirect)');
}

async function follow(fetch: FetchLike, request: AuthorizationRequest): Promise<string> {
  if ('document' in globalThis) return followInPage(fetch, request);
  let url = request.url;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const response = await fetch(url, { method: 'GET', redirect: 'manual' });
    if (response.type === 'opaqueredirect') return followInPage(fetch, { ...request, url });
    void response.arrayBuffer().then(undefined, () => undefined);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || location === null) break;
    url = new URL(location, url).href;
    if (isCallback(url, request.redirectUri)) return url;
  }
  throw new AuthError('interaction', 'The authorization server did not redirect back without a user (headless redirect)');
}

/**
 * A redirect handler for tests and headless agents whose authorization server approves without a user: it
 * visits the authorization URL itself and follows the server's redirects until they reach the redirect URI
 * (by hand in Node, where nothing needs to serve the redirect URI; by the platform in a page, where the
 * redirect URI must answer, on this origin or with CORS).
 */
export function headlessRedirect(options: HeadlessRedirectOptions = {}): RedirectHandler {
  const redirectUri = options.redirectUri ?? 'http://127.0.0.1/callback';
  const fetch = resolveFetch(options.fetch);
  return {
    applicationType: 'native',
    redirectUri: () => redirectUri,
    authorize: async (request) => {
      try {
        return await follow(fetch, request);
      } catch (error) {
        throw networkFailure('interaction', 'Visiting the authorization URL', error);
      }
    },
  };
}
