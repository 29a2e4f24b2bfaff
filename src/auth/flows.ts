import {
  authorizationCode,
  callbackParams,
  isPendingAuthorization,
  prepareAuthorization,
  type PendingAuthorization,
} from './authorization-code.js';
import type { AuthorizationServer } from './discovery.js';
import { AuthError } from './errors.js';
import { clientIdentity } from './registration.js';
import { tokenContext, type AuthRuntime } from './runtime.js';
import { readStored, storageKeys } from './storage.js';
import { issuedToken, requestToken } from './token-endpoint.js';
import { saveTokens, storedTokens, type StoredTokens } from './tokens.js';
import { secureUrl } from './urls.js';

/** Where tokens are wanted: for which server and resource, from which authorization server, with what scope. */
export interface FlowTarget {
  readonly serverUrl: string;
  readonly resource: string;
  readonly server: AuthorizationServer;
  readonly scope: string | undefined;
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A pending authorization as stored: with the authorization server it went to (for a later page). */
interface StoredPending extends PendingAuthorization {
  readonly server: AuthorizationServer;
}

const isStoredPending = (value: unknown): value is StoredPending =>
  isPendingAuthorization(value) && typeof (value as StoredPending).server?.issuer === 'string';

function tokenEndpoint(server: AuthorizationServer): string {
  return secureUrl(server.metadata.token_endpoint, 'token endpoint').href;
}

function requireGrant(server: AuthorizationServer, grant: string): void {
  const supported = server.metadata.grant_types_supported;
  if (!server.defaults && supported !== undefined && !supported.includes(grant)) {
    throw new AuthError('unsupported', `${server.issuer} does not support the ${grant} grant`);
  }
}

/** Redeems a token response into stored tokens for `target` (and makes them the server's current ones). */
async function keep(
  runtime: AuthRuntime,
  target: { serverUrl: string; resource: string; server: AuthorizationServer; scope: string | undefined },
  params: Readonly<Record<string, string | undefined>>,
  what: string,
  previous?: StoredTokens,
): Promise<StoredTokens> {
  const ctx = await tokenContext(runtime, target.server);
  const anonymous = runtime.grant.type === 'jwt_bearer' && runtime.identity.preRegistered.length === 0;
  const client = anonymous ? undefined : await clientIdentity(runtime.identity, target.server, () => redirectUri(runtime));
  const response = await requestToken(ctx, tokenEndpoint(target.server), client, params, what);
  const issued = issuedToken(response, ctx.dpop !== undefined, what);
  const jkt = issued.tokenType === 'DPoP' ? await ctx.dpop?.thumbprint() : undefined;
  const tokens = storedTokens(issued, {
    issuer: target.server.issuer,
    resource: target.resource,
    requestedScope: target.scope,
    now: runtime.now(),
    jkt,
    ...(previous === undefined ? {} : { previous }),
  });
  await saveTokens(runtime.storage, target.serverUrl, tokens);
  return tokens;
}

async function redirectUri(runtime: AuthRuntime): Promise<string> {
  if (runtime.redirect === undefined) {
    throw new AuthError('interaction', 'Authorization needs the user, and the provider has no redirect handler');
  }
  return runtime.redirect.redirectUri();
}

async function authorizationCodeFlow(runtime: AuthRuntime, target: FlowTarget): Promise<StoredTokens> {
  requireGrant(target.server, 'authorization_code');
  const uri = await redirectUri(runtime);
  const client = await clientIdentity(runtime.identity, target.server, () => Promise.resolve(uri));
  const { pending, url } = await prepareAuthorization(target.server, client, { ...target, redirectUri: uri });
  const stored: StoredPending = { ...pending, server: target.server };
  await runtime.storage.set(storageKeys.pending(pending.state), JSON.stringify(stored));
  runtime.report({ status: 'waiting-for-user', issuer: target.server.issuer, authorizationUrl: url });
  let callback: string;
  try {
    callback = await (runtime.redirect as NonNullable<AuthRuntime['redirect']>).authorize({
      url,
      state: pending.state,
      redirectUri: uri,
      issuer: target.server.issuer,
    });
  } catch (error) {
    await runtime.storage.delete(storageKeys.pending(pending.state));
    throw error;
  } finally {
    runtime.report({ status: 'authorizing', issuer: target.server.issuer });
  }
  return (await redeemCallback(runtime, callback, pending.state)).tokens;
}

/**
 * Finishes an authorization from its callback URL: the pending request is looked up by `state` (and used
 * once), the callback checked (`state`, `iss`, `error`), and the code redeemed with the PKCE verifier.
 */
export async function redeemCallback(
  runtime: AuthRuntime,
  callbackUrl: string,
  expectedState?: string,
  accept: (serverUrl: string) => void = () => undefined,
): Promise<{ tokens: StoredTokens; serverUrl: string }> {
  const params = callbackParams(callbackUrl);
  const state = expectedState ?? params.get('state') ?? '';
  const key = storageKeys.pending(state);
  const pending = await readStored(runtime.storage, key, isStoredPending);
  await runtime.storage.delete(key);
  if (pending === undefined) throw new AuthError('invalid-response', 'No authorization is pending for this callback');
  accept(pending.serverUrl);
  const code = authorizationCode(pending, params);
  const target = { serverUrl: pending.serverUrl, resource: pending.resource, server: pending.server, scope: pending.scope };
  const tokens = await keep(runtime, target, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: pending.redirectUri,
    code_verifier: pending.verifier,
    resource: pending.resource,
  }, 'The authorization code exchange');
  return { tokens, serverUrl: pending.serverUrl };
}

async function enterpriseAssertion(runtime: AuthRuntime, target: FlowTarget, grant: Extract<AuthRuntime['grant'], { type: 'enterprise' }>): Promise<string> {
  const endpoint = secureUrl(grant.idpTokenEndpoint, 'identity provider token endpoint').href;
  const client =
    grant.idpClientId === undefined
      ? undefined
      : {
          issuer: endpoint,
          clientId: grant.idpClientId,
          ...(grant.idpClientSecret === undefined ? {} : { clientSecret: grant.idpClientSecret }),
          method: grant.idpClientSecret === undefined ? ('none' as const) : ('client_secret_basic' as const),
          source: 'pre-registered' as const,
        };
  const ctx = { fetch: runtime.fetch, dpop: undefined, nowSeconds: () => Math.floor(runtime.now() / 1000) };
  const response = await requestToken(ctx, endpoint, client, {
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: await grant.idToken(),
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    audience: target.server.issuer,
    resource: target.resource,
    scope: target.scope,
  }, 'The token exchange at the identity provider');
  if (response.issued_token_type !== undefined && response.issued_token_type !== 'urn:ietf:params:oauth:token-type:id-jag') {
    throw new AuthError('token', 'The identity provider did not issue an identity assertion grant (ID-JAG)');
  }
  return response.access_token;
}

/** Gets tokens for `target` with the provider's grant, and stores them. */
export async function obtainTokens(runtime: AuthRuntime, target: FlowTarget): Promise<StoredTokens> {
  const grant = runtime.grant;
  const base = { resource: target.resource, scope: target.scope };
  switch (grant.type) {
    case 'authorization_code':
      return authorizationCodeFlow(runtime, target);
    case 'client_credentials':
      requireGrant(target.server, 'client_credentials');
      return keep(runtime, target, { grant_type: 'client_credentials', ...base }, 'The client credentials grant');
    case 'jwt_bearer':
      requireGrant(target.server, JWT_BEARER);
      return keep(runtime, target, { grant_type: JWT_BEARER, assertion: await grant.assertion(), ...base }, 'The JWT bearer grant');
    case 'enterprise': {
      requireGrant(target.server, JWT_BEARER);
      const assertion = await enterpriseAssertion(runtime, target, grant);
      return keep(runtime, target, { grant_type: JWT_BEARER, assertion, ...base }, 'The JWT bearer grant with the ID-JAG');
    }
  }
}

/** Refreshes `tokens` at `server` (same resource; the scope is left as it was). */
export function refreshTokens(runtime: AuthRuntime, server: AuthorizationServer, serverUrl: string, tokens: StoredTokens): Promise<StoredTokens> {
  const target = { serverUrl, resource: tokens.resource, server, scope: undefined };
  return keep(runtime, target, {
    grant_type: 'refresh_token',
    refresh_token: tokens.refreshToken,
    resource: tokens.resource,
  }, 'The token refresh', tokens);
}
