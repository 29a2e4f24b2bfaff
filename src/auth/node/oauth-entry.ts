// The Node build of rxmcp/oauth (the `node` export condition): the same names as src/auth/index.ts (checked by
// spec/node/oauth-node-entry.spec.ts), with `oauth()` resolving and pinning host names by default.
import { oauth as universalOAuth } from '../provider.js';
import type { OAuthOptions, OAuthProvider } from '../types.js';
import { nodeUrlGuard } from './url-guard.js';

/**
 * `oauth()` of `rxmcp/oauth` as Node loads it: without a `urlGuard` option the guard is `nodeUrlGuard()`, so
 * every host name the flow follows is resolved once, each address is checked and the request is pinned to it.
 * `urlGuard: false` or an explicit guard are taken as given. Browsers get the universal `oauth()` (literal hosts).
 */
export function oauth(options: OAuthOptions = {}): OAuthProvider {
  return universalOAuth(options.urlGuard === undefined ? { ...options, urlGuard: nodeUrlGuard() } : options);
}

export { AuthError, UrlRefusedError } from '../errors.js';
export { headlessRedirect } from '../redirect.js';
export { browserRedirect, popupRedirect, completePopupRedirect } from '../browser-redirect.js';
export { memoryStorage, webStorage } from '../storage.js';
export { sdkOAuth } from '../sdk-oauth.js';
