import type { FetchLike } from '../transport/internal/fetch.js';
import { clientAuthentication, type ClientIdentity } from './client-auth.js';
import type { DpopSigner } from './dpop.js';
import { formBody } from './encoding.js';
import { AuthError, safeText } from './errors.js';
import { postForJson, type JsonAnswer } from './http.js';
import { authSchemas, type TokenResponse } from './schemas.js';

/** What a token request needs besides its parameters. */
export interface TokenEndpointContext {
  readonly fetch: FetchLike;
  /** Signs DPoP proofs when tokens are to be DPoP-bound. */
  readonly dpop: DpopSigner | undefined;
  /** The clock, in seconds since the epoch. */
  readonly nowSeconds: () => number;
}

/** A token the client can present, with what it knows about it. */
export interface IssuedToken {
  readonly accessToken: string;
  readonly tokenType: 'Bearer' | 'DPoP';
  readonly expiresIn: number | undefined;
  readonly refreshToken: string | undefined;
  readonly scope: string | undefined;
}

/** Token request parameters whose values are secrets (redacted from error messages). */
const SECRET_PARAMS = ['code', 'code_verifier', 'refresh_token', 'assertion', 'subject_token', 'client_secret', 'client_assertion'];

/** RFC 6750 `b64token` (also RFC 9449 tokens): what may follow `Bearer ` or `DPoP ` in a header. */
const TOKEN_SYNTAX = /^[A-Za-z0-9\-._~+/]+=*$/;

/** True when `token` can be sent in an `Authorization` header as it is. */
export const isPresentableToken = (token: string): boolean => TOKEN_SYNTAX.test(token);

function refusal(answer: JsonAnswer, what: string, secrets: readonly (string | undefined)[]): AuthError {
  const parsed = authSchemas().OAuthErrorResponseSchema.safeParse(answer.json);
  if (!parsed.success) return new AuthError('token', `${what} failed with HTTP ${answer.status}`, { status: answer.status });
  const code = safeText(parsed.data.error, secrets) ?? 'error';
  const description = safeText(parsed.data.error_description, secrets);
  const text = description ? `${code}: ${description}` : code;
  return new AuthError('token', `${what} was refused (${text})`, { status: answer.status, oauthError: code });
}

function isNonceChallenge(answer: JsonAnswer): boolean {
  const body = answer.json as { error?: unknown } | undefined;
  return answer.status === 400 && body?.error === 'use_dpop_nonce' && answer.headers.get('dpop-nonce') !== null;
}

async function send(
  ctx: TokenEndpointContext,
  endpoint: string,
  client: ClientIdentity | undefined,
  params: Readonly<Record<string, string | undefined>>,
  what: string,
): Promise<JsonAnswer> {
  const auth = client === undefined ? { headers: {}, params: {} } : await clientAuthentication(client, ctx.nowSeconds());
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...auth.headers };
  if (ctx.dpop !== undefined) headers['dpop'] = await ctx.dpop.proof('POST', endpoint, ctx.nowSeconds());
  const answer = await postForJson(ctx.fetch, endpoint, { headers, body: formBody({ ...params, ...auth.params }) }, what, 'token');
  ctx.dpop?.rememberNonce(endpoint, answer.headers.get('dpop-nonce'));
  return answer;
}

/**
 * POSTs a token request and returns the token response. The client authenticates as its identity says (a
 * fresh assertion per attempt); with DPoP, a `use_dpop_nonce` answer is retried once with the nonce. A refusal
 * is an `AuthError('token')` whose message quotes the server's `error` and `error_description` with every
 * value of `secrets` (and of the request) redacted.
 */
export async function requestToken(
  ctx: TokenEndpointContext,
  endpoint: string,
  client: ClientIdentity | undefined,
  params: Readonly<Record<string, string | undefined>>,
  what: string,
): Promise<TokenResponse> {
  let answer = await send(ctx, endpoint, client, params, what);
  if (ctx.dpop !== undefined && isNonceChallenge(answer)) answer = await send(ctx, endpoint, client, params, what);
  const secrets = [...SECRET_PARAMS.map((name) => params[name]), client?.clientSecret];
  if (!answer.ok) throw refusal(answer, what, secrets);
  const parsed = authSchemas().TokenResponseSchema.safeParse(answer.json);
  if (!parsed.success) throw new AuthError('token', `${what}: the token response is not a valid token response`, { status: answer.status });
  return parsed.data;
}

/** The access token of a token response, checked: its type is Bearer or DPoP (DPoP only if a proof was sent). */
export function issuedToken(response: TokenResponse, dpopUsed: boolean, what: string): IssuedToken {
  const type = response.token_type.toLowerCase();
  if (type !== 'bearer' && !(type === 'dpop' && dpopUsed)) {
    throw new AuthError('token', `${what}: unsupported token type ${safeText(response.token_type)}`);
  }
  if (!isPresentableToken(response.access_token)) throw new AuthError('token', `${what}: the access token has characters a header cannot carry`);
  if (response.refresh_token !== undefined && response.refresh_token === '') throw new AuthError('token', `${what}: empty refresh token`);
  const expiresIn = typeof response.expires_in === 'number' && response.expires_in > 0 ? response.expires_in : undefined;
  return {
    accessToken: response.access_token,
    tokenType: type === 'dpop' ? 'DPoP' : 'Bearer',
    expiresIn,
    refreshToken: response.refresh_token,
    scope: response.scope,
  };
}
