import { asyncScheduler } from 'rxjs';
import { resolveFetch, type FetchLike } from '../transport/internal/fetch.js';
import type { AuthorizationServer } from './discovery.js';
import type { DpopSigner } from './dpop.js';
import type { IdentityContext } from './registration.js';
import type { TokenEndpointContext } from './token-endpoint.js';
import { guardedFetch } from './guarded-fetch.js';
import { memoryStorage } from './storage.js';
import { createUrlGuard } from './url-guard.js';
import type { AuthState, AuthStorage, OAuthGrant, OAuthOptions, PreRegisteredClient, RedirectHandler } from './types.js';

/** What the flows of one provider share. */
export interface AuthRuntime {
  readonly fetch: FetchLike;
  readonly storage: AuthStorage;
  readonly grant: OAuthGrant;
  readonly redirect: RedirectHandler | undefined;
  readonly identity: IdentityContext;
  readonly offlineAccess: boolean;
  /** The clock, in ms since the epoch. */
  now(): number;
  /** The DPoP signer for tokens from `server`, when DPoP is in use there. */
  dpopFor(server: AuthorizationServer): Promise<DpopSigner | undefined>;
  /** Publishes a new state. */
  report(state: AuthState): void;
}

/** The token endpoint context of `runtime` for `server`. */
export async function tokenContext(runtime: AuthRuntime, server: AuthorizationServer): Promise<TokenEndpointContext> {
  return {
    fetch: runtime.fetch,
    dpop: await runtime.dpopFor(server),
    nowSeconds: () => Math.floor(runtime.now() / 1000),
  };
}

/** The hooks of a runtime: the provider's own parts, and the MCP server it is bound to (once known). */
export interface RuntimeHooks extends Pick<AuthRuntime, 'dpopFor' | 'report'> {
  /** The MCP server's URL, once the provider is bound to one. */
  serverUrl(): string | undefined;
}

/**
 * The `fetch` of every authorization request: behind the URL guard (unless `urlGuard: false`), which checks each
 * URL and each redirect hop against the MCP server the provider is bound to.
 */
function authFetch(options: OAuthOptions, serverUrl: () => string | undefined): FetchLike {
  const fetch = resolveFetch(options.fetch);
  if (options.urlGuard === false) return fetch;
  return guardedFetch(fetch, createUrlGuard(options.urlGuard ?? {}, serverUrl));
}

/** The runtime of a provider with `options`; `hooks` are the provider's own parts. */
export function createRuntime(options: OAuthOptions, hooks: RuntimeHooks): AuthRuntime {
  const scheduler = options.scheduler ?? asyncScheduler;
  const storage = options.storage ?? memoryStorage();
  const { serverUrl, ...own } = hooks;
  const fetch = authFetch(options, serverUrl);
  const clients: readonly PreRegisteredClient[] =
    options.client === undefined ? [] : Array.isArray(options.client) ? options.client : [options.client as PreRegisteredClient];
  return {
    fetch,
    storage,
    grant: options.grant ?? { type: 'authorization_code' },
    redirect: options.redirect,
    offlineAccess: options.offlineAccess ?? true,
    identity: {
      fetch,
      storage,
      preRegistered: clients,
      clientMetadataUrl: options.clientMetadataUrl,
      clientMetadata: options.clientMetadata,
      applicationType: options.applicationType ?? options.redirect?.applicationType,
      nowSeconds: () => Math.floor(scheduler.now() / 1000),
    },
    now: () => scheduler.now(),
    ...own,
  };
}
