import type { FetchLike } from '../transport/internal/fetch.js';
import { chooseMethod, isAuthMethod, supportedMethods, type ClientIdentity } from './client-auth.js';
import type { AuthorizationServer } from './discovery.js';
import { AuthError, safeText } from './errors.js';
import { postForJson } from './http.js';
import { importSigningKey } from './jwt.js';
import { authSchemas } from './schemas.js';
import { readStored, storageKeys } from './storage.js';
import type { AuthStorage, ClientMetadata, PreRegisteredClient, TokenEndpointAuthMethod } from './types.js';
import { isLoopbackHost, parseUrl, secureUrl } from './urls.js';

/** What finding the client's identity needs. */
export interface IdentityContext {
  readonly fetch: FetchLike;
  readonly storage: AuthStorage;
  readonly preRegistered: readonly PreRegisteredClient[];
  readonly clientMetadataUrl: string | undefined;
  readonly clientMetadata: ClientMetadata | undefined;
  readonly applicationType: 'native' | 'web' | undefined;
  /** Seconds since the epoch. */
  readonly nowSeconds: () => number;
}

/** A registration kept in storage (RFC 7591 response members). */
interface StoredRegistration {
  readonly clientId: string;
  readonly clientSecret?: string;
  readonly method: TokenEndpointAuthMethod;
  /** Seconds since the epoch; 0 or absent: never. */
  readonly secretExpiresAt?: number;
}

const isStoredRegistration = (value: unknown): value is StoredRegistration =>
  typeof value === 'object' && value !== null && typeof (value as StoredRegistration).clientId === 'string' &&
  isAuthMethod((value as StoredRegistration).method);

async function preRegisteredFor(ctx: IdentityContext, server: AuthorizationServer): Promise<PreRegisteredClient | undefined> {
  const exact = ctx.preRegistered.find((client) => client.issuer === server.issuer);
  if (exact !== undefined) return exact;
  for (const client of ctx.preRegistered.filter((c) => c.issuer === undefined)) {
    const key = storageKeys.binding(client.clientId);
    const bound = await ctx.storage.get(key);
    if (typeof bound === 'string' && bound !== server.issuer) continue;
    if (bound !== server.issuer) await ctx.storage.set(key, server.issuer);
    return client;
  }
  return undefined;
}

async function fromPreRegistered(client: PreRegisteredClient, server: AuthorizationServer): Promise<ClientIdentity> {
  const signer = client.privateKey === undefined ? undefined : await importSigningKey(client.privateKey, client.signingAlgorithm);
  const method =
    client.tokenEndpointAuthMethod ??
    chooseMethod(server.metadata, { secret: client.clientSecret !== undefined, key: signer !== undefined });
  return {
    issuer: server.issuer,
    clientId: client.clientId,
    ...(client.clientSecret === undefined ? {} : { clientSecret: client.clientSecret }),
    ...(signer === undefined ? {} : { signer }),
    method,
    source: 'pre-registered',
  };
}

/** `native` for loopback and custom-scheme redirects (desktop, CLI), `web` for https pages elsewhere. */
export function applicationTypeOf(redirectUri: string): 'native' | 'web' {
  const url = parseUrl(redirectUri);
  if (url === undefined) return 'native';
  return url.protocol === 'https:' && !isLoopbackHost(url.hostname) ? 'web' : 'native';
}

/** The method to ask for at registration: `none` (a public client) when the server takes it. */
function requestedMethod(server: AuthorizationServer): TokenEndpointAuthMethod {
  const supported = supportedMethods(server.metadata);
  if (server.defaults || supported.includes('none')) return 'none';
  return supported.includes('client_secret_basic') ? 'client_secret_basic' : 'client_secret_post';
}

async function register(ctx: IdentityContext, server: AuthorizationServer, redirectUri: string): Promise<StoredRegistration> {
  const endpoint = secureUrl(server.metadata.registration_endpoint, 'registration endpoint').href;
  const body = {
    client_name: 'rxmcp',
    ...ctx.clientMetadata,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: requestedMethod(server),
    application_type: ctx.applicationType ?? applicationTypeOf(redirectUri),
  };
  const what = `Client registration at ${endpoint}`;
  const answer = await postForJson(ctx.fetch, endpoint, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, what, 'registration');
  if (!answer.ok) {
    const error = authSchemas().OAuthErrorResponseSchema.safeParse(answer.json);
    const code = error.success ? safeText(error.data.error) : undefined;
    const text = error.success ? [code, safeText(error.data.error_description)].filter(Boolean).join(': ') : `HTTP ${answer.status}`;
    throw new AuthError('registration', `${what} was refused (${text})`, { status: answer.status, ...(code ? { oauthError: code } : {}) });
  }
  const parsed = authSchemas().ClientRegistrationResponseSchema.safeParse(answer.json);
  if (!parsed.success) throw new AuthError('registration', `${what}: the answer is not a registration response`);
  const { client_id, client_secret, token_endpoint_auth_method, client_secret_expires_at } = parsed.data;
  const method = isAuthMethod(token_endpoint_auth_method)
    ? token_endpoint_auth_method
    : chooseMethod(server.metadata, { secret: client_secret !== undefined, key: false });
  return {
    clientId: client_id,
    method,
    ...(client_secret === undefined ? {} : { clientSecret: client_secret }),
    ...(client_secret_expires_at === undefined ? {} : { secretExpiresAt: client_secret_expires_at }),
  };
}

async function registered(ctx: IdentityContext, server: AuthorizationServer, redirectUri: () => Promise<string>): Promise<ClientIdentity | undefined> {
  const key = storageKeys.client(server.issuer);
  let stored = await readStored(ctx.storage, key, isStoredRegistration);
  const expired = stored?.secretExpiresAt !== undefined && stored.secretExpiresAt !== 0 && stored.secretExpiresAt <= ctx.nowSeconds();
  if (stored === undefined || expired) {
    if (server.metadata.registration_endpoint === undefined) return undefined;
    stored = await register(ctx, server, await redirectUri());
    await ctx.storage.set(key, JSON.stringify(stored));
  }
  return {
    issuer: server.issuer,
    clientId: stored.clientId,
    ...(stored.clientSecret === undefined ? {} : { clientSecret: stored.clientSecret }),
    method: stored.method,
    source: 'registered',
  };
}

/**
 * The client's identity at `server`, in the order MCP gives: pre-registered credentials for that issuer; the
 * client ID metadata document URL when the server supports it; a registration made earlier with that issuer;
 * a new dynamic registration (RFC 7591, with `application_type`). Credentials are never used with another
 * issuer: pre-registered ones that belong elsewhere are an error, not a fallback.
 */
export async function clientIdentity(
  ctx: IdentityContext,
  server: AuthorizationServer,
  redirectUri: () => Promise<string>,
): Promise<ClientIdentity> {
  const preRegistered = await preRegisteredFor(ctx, server);
  if (preRegistered !== undefined) return fromPreRegistered(preRegistered, server);
  if (ctx.preRegistered.length > 0) {
    throw new AuthError('no-client', `The pre-registered client credentials are for another authorization server than ${server.issuer}`);
  }
  if (ctx.clientMetadataUrl !== undefined && server.metadata.client_id_metadata_document_supported === true) {
    const url = secureUrl(ctx.clientMetadataUrl, 'client metadata document URL');
    if (url.protocol !== 'https:' || url.pathname === '/') {
      throw new AuthError('no-client', 'A client ID metadata document URL must be https with a path');
    }
    return { issuer: server.issuer, clientId: ctx.clientMetadataUrl, method: 'none', source: 'metadata-document' };
  }
  const identity = await registered(ctx, server, redirectUri);
  if (identity !== undefined) return identity;
  throw new AuthError('no-client', `The client has no identity at ${server.issuer}: no pre-registered credentials, no client ID metadata document support, no registration endpoint`);
}
