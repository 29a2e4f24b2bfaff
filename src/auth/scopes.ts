import type { AuthorizationServer } from './discovery.js';
import type { AuthRuntime } from './runtime.js';
import type { ProtectedResourceMetadata } from './schemas.js';
import { scopeList } from './tokens.js';

/** The scope part of a 401 or 403 challenge. */
export interface ScopeChallenge {
  /** The `scope` of the `WWW-Authenticate` challenge, if any. */
  readonly scope: string | undefined;
}

/**
 * The scope to ask for (MCP 2025-11-25 scope selection): the challenged scope when there is one, else every
 * scope the protected resource metadata lists, else none (`undefined`: the parameter is omitted). A step-up
 * asks for the union of `previous` and the challenge. `offline_access` is added for the authorization code
 * grant when the authorization server lists it and the provider wants refresh tokens.
 */
export function chooseScope(
  challenge: ScopeChallenge,
  metadata: ProtectedResourceMetadata | undefined,
  server: AuthorizationServer,
  runtime: Pick<AuthRuntime, 'grant' | 'offlineAccess'>,
  previous?: string,
): string | undefined {
  const challenged = scopeList(challenge.scope);
  const scopes = new Set([...scopeList(previous), ...(challenged.length > 0 ? challenged : (metadata?.scopes_supported ?? []))]);
  if (scopes.size === 0) return undefined;
  const offline =
    runtime.offlineAccess && runtime.grant.type === 'authorization_code' && server.metadata.scopes_supported?.includes('offline_access');
  if (offline) scopes.add('offline_access');
  return [...scopes].join(' ');
}
