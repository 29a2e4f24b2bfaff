import type { ClientIdentity } from './client-auth.js';
import type { AuthorizationServer } from './discovery.js';
import { randomToken, sameString, sha256 } from './encoding.js';
import { AuthError, safeText } from './errors.js';
import { secureUrl } from './urls.js';

/** An authorization request in flight: what the callback is checked against and the code redeemed with. */
export interface PendingAuthorization {
  readonly state: string;
  /** The PKCE code verifier (never leaves the client before the token request). */
  readonly verifier: string;
  /** The issuer the request went to, recorded before the user left (RFC 9207). */
  readonly issuer: string;
  /** Whether that issuer's metadata says it sends `iss` (`undefined`: it does not say). */
  readonly issSupported: boolean | undefined;
  readonly serverUrl: string;
  readonly resource: string;
  readonly redirectUri: string;
  readonly clientId: string;
  readonly scope: string | undefined;
}

/** True for a pending authorization read back from storage. */
export function isPendingAuthorization(value: unknown): value is PendingAuthorization {
  if (typeof value !== 'object' || value === null) return false;
  const pending = value as Record<string, unknown>;
  return ['state', 'verifier', 'issuer', 'serverUrl', 'resource', 'redirectUri', 'clientId'].every(
    (key) => typeof pending[key] === 'string',
  );
}

/** A new authorization request: PKCE S256 pair, `state`, and the URL to send the user to. */
export async function prepareAuthorization(
  server: AuthorizationServer,
  client: ClientIdentity,
  target: { readonly serverUrl: string; readonly resource: string; readonly scope: string | undefined; readonly redirectUri: string },
): Promise<{ pending: PendingAuthorization; url: string }> {
  const methods = server.metadata.code_challenge_methods_supported;
  if (!server.defaults && !methods?.includes('S256')) {
    throw new AuthError('unsupported', `${server.issuer} does not advertise PKCE S256 (code_challenge_methods_supported); refusing to authorize`);
  }
  const endpoint = secureUrl(server.metadata.authorization_endpoint, 'authorization endpoint');
  const verifier = randomToken(32);
  const state = randomToken(24);
  const url = new URL(endpoint.href);
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: target.redirectUri,
    code_challenge: await sha256(verifier),
    code_challenge_method: 'S256',
    state,
    scope: target.scope,
    resource: target.resource,
  };
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  const pending: PendingAuthorization = {
    state,
    verifier,
    issuer: server.issuer,
    issSupported: server.metadata.authorization_response_iss_parameter_supported,
    serverUrl: target.serverUrl,
    resource: target.resource,
    redirectUri: target.redirectUri,
    clientId: client.clientId,
    scope: target.scope,
  };
  return { pending, url: url.href };
}

/** The parameters of a callback URL (query, or fragment when the query has none). */
export function callbackParams(callbackUrl: string | URL): URLSearchParams {
  const url = new URL(String(callbackUrl));
  if (url.search !== '') return url.searchParams;
  return new URLSearchParams(url.hash.replace(/^#/, ''));
}

/**
 * Checks an RFC 9207 `iss` against the recorded issuer, by exact string comparison after form-decoding: a
 * server that advertises `iss` must send it, and an `iss` that is sent must match either way.
 */
function checkIss(pending: PendingAuthorization, iss: string | null): void {
  if (iss === null) {
    if (pending.issSupported === true) {
      throw new AuthError('invalid-response', `The authorization response has no iss, though ${pending.issuer} advertises it`);
    }
    return;
  }
  if (iss !== pending.issuer) {
    throw new AuthError('invalid-response', `The authorization response comes from another issuer than ${pending.issuer}`);
  }
}

/**
 * Validates a callback against the pending authorization (`state`, then `iss`, then `error`) and returns the
 * authorization code. The `error` fields of a response that fails the `iss` check are not looked at.
 */
export function authorizationCode(pending: PendingAuthorization, params: URLSearchParams): string {
  const state = params.get('state');
  if (state === null || !sameString(state, pending.state)) {
    throw new AuthError('invalid-response', 'The authorization response does not carry the state of the request');
  }
  checkIss(pending, params.get('iss'));
  const error = params.get('error');
  if (error !== null) {
    const description = safeText(params.get('error_description'));
    const code = safeText(error) ?? 'error';
    throw new AuthError('authorization-denied', `The authorization server refused: ${code}${description ? `: ${description}` : ''}`, {
      oauthError: code,
    });
  }
  const code = params.get('code');
  if (code === null || code === '') throw new AuthError('invalid-response', 'The authorization response has no code');
  return code;
}
