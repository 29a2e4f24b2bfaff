import { asyncScheduler } from 'rxjs';
import { resolveFetch, type FetchLike } from '../transport/internal/fetch.js';
import type { AuthorizationServer } from './discovery.js';
import type { DpopSigner } from './dpop.js';
import type { IdentityContext } from './registration.js';
import type { TokenEndpointContext } from './token-endpoint.js';
import { memoryStorage } from './storage.js';
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

/** The runtime of a provider with `options`; `hooks` are the provider's own parts. */
export function createRuntime(options: OAuthOptions, hooks: Pick<AuthRuntime, 'dpopFor' | 'report'>): AuthRuntime {
  const scheduler = options.scheduler ?? asyncScheduler;
  const storage = options.storage ?? memoryStorage();
  const fetch = resolveFetch(options.fetch);
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
    ...hooks,
  };
}
