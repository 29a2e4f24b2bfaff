// A real OAuth 2.1 authorization server and the MCP server it protects, one "tenant" per spec, for the auth
// specs (used by 300-auth.cjs; this file only adds the pass-through `route` the karma middleware expects).
// Everything a tenant saw is kept in its log, which the specs read.
//   authorization server  issuer <origin>/__rxmcp/auth/t/<id>/as, metadata at the RFC 8414 path-inserted
//                          location, /authorize (approves at once, or denies), /token (authorization_code with
//                          PKCE S256 checked, refresh_token, client_credentials), /register (RFC 7591)
//   protected MCP server  <origin>/__rxmcp/auth/t/<id>/mcp: the official v2 server behind a Bearer/DPoP check,
//                          with per-method scopes (403 insufficient_scope) and RFC 9728 metadata
'use strict';
const { createHash, randomBytes } = require('node:crypto');

const tenants = new Map();
let nextId = 1;

const DEFAULTS = {
  scopes: {},
  challengeScope: true,
  resourceMetadataInHeader: true,
  scopesSupported: undefined,
  asScopesSupported: undefined,
  tokenLifetime: 3600,
  refreshTokens: true,
  authMethods: ['none'],
  dcr: true,
  cimd: false,
  iss: 'correct',
  issSupported: true,
  deny: false,
  forbidAlways: false,
  metadataIssuer: undefined,
  prmResource: undefined,
  authorizationServers: undefined,
  dpop: false,
  dpopNonce: false,
  refreshFails: false,
  echoSecrets: false,
  redirect: 'none',
};

const token = () => randomBytes(18).toString('base64url');
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const AS_NONCE = 'as-nonce-1';
const RS_NONCE = 'rs-nonce-1';

/** The claims of a DPoP proof (not verified here: the specs verify what the log kept). */
function proofClaims(proof) {
  try {
    return JSON.parse(Buffer.from(String(proof).split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}
const s256 = (verifier) => createHash('sha256').update(verifier).digest('base64url');

/** Creates a tenant with `config` (merged over DEFAULTS); returns its id. */
function createTenant(config) {
  const id = String(nextId++);
  tenants.set(id, {
    id,
    config: { ...DEFAULTS, ...config },
    log: [],
    codes: new Map(),
    access: new Map(),
    refresh: new Map(),
    clients: new Map(),
  });
  return id;
}

const tenantOf = (id) => tenants.get(id);
const record = (tenant, type, details) => tenant.log.push({ type, at: Date.now(), ...details });

/** URLs of a tenant as seen from `origin`. */
function urlsOf(origin, id) {
  const base = `${origin}/__rxmcp/auth/t/${id}`;
  return {
    mcp: `${base}/mcp`,
    issuer: `${base}/as`,
    prm: `${base}/prm`,
    wellKnownPrm: `${origin}/.well-known/oauth-protected-resource/__rxmcp/auth/t/${id}/mcp`,
    asMetadata: `${origin}/.well-known/oauth-authorization-server/__rxmcp/auth/t/${id}/as`,
  };
}

function json(res, status, value, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(value));
}

function protectedResourceMetadata(tenant, origin) {
  const urls = urlsOf(origin, tenant.id);
  const { config } = tenant;
  record(tenant, 'prm', {});
  return {
    resource: config.prmResource ?? urls.mcp,
    authorization_servers: config.authorizationServers ?? [urls.issuer],
    ...(config.scopesSupported ? { scopes_supported: config.scopesSupported } : {}),
  };
}

function authorizationServerMetadata(tenant, origin) {
  const { issuer } = urlsOf(origin, tenant.id);
  const { config } = tenant;
  record(tenant, 'as-metadata', {});
  return {
    issuer: config.metadataIssuer ?? issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    ...(config.dcr ? { registration_endpoint: `${issuer}/register` } : {}),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials', JWT_BEARER],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: config.authMethods,
    ...(config.issSupported == null ? {} : { authorization_response_iss_parameter_supported: config.issSupported }),
    ...(config.cimd ? { client_id_metadata_document_supported: true } : {}),
    ...(config.asScopesSupported ? { scopes_supported: config.asScopesSupported } : {}),
    ...(config.dpop ? { dpop_signing_alg_values_supported: ['ES256'] } : {}),
  };
}

function authorize(tenant, origin, query, res) {
  const { config } = tenant;
  const { issuer } = urlsOf(origin, tenant.id);
  record(tenant, 'authorize', { query });
  const target = new URL(query.redirect_uri);
  if (query.state) target.searchParams.set('state', query.state);
  if (config.iss === 'correct') target.searchParams.set('iss', issuer);
  if (config.iss === 'wrong') target.searchParams.set('iss', 'https://evil.example');
  if (config.deny) {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_description', 'The user said no');
  } else {
    const code = token();
    tenant.codes.set(code, { ...query });
    target.searchParams.set('code', code);
  }
  res.writeHead(302, { location: target.href }).end();
}

/** The client a token request authenticated as, and how. */
function clientOf(headers, body) {
  const basic = headers.authorization?.startsWith('Basic ') ? Buffer.from(headers.authorization.slice(6), 'base64').toString() : undefined;
  if (basic !== undefined) {
    const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
    return { method: 'client_secret_basic', clientId: id, secret };
  }
  if (body.client_assertion) return { method: 'private_key_jwt', clientId: body.client_id };
  if (body.client_secret) return { method: 'client_secret_post', clientId: body.client_id, secret: body.client_secret };
  return { method: 'none', clientId: body.client_id };
}

function issue(tenant, res, grant) {
  const { config } = tenant;
  const accessToken = token();
  const refreshToken = config.refreshTokens ? token() : undefined;
  tenant.access.set(accessToken, { scope: grant.scope, resource: grant.resource, expiresAt: Date.now() + config.tokenLifetime * 1000 });
  if (refreshToken) tenant.refresh.set(refreshToken, grant);
  record(tenant, 'issued', { accessToken, refreshToken, tokenType: grant.dpop ? 'DPoP' : 'Bearer' });
  json(res, 200, {
    access_token: accessToken,
    token_type: grant.dpop ? 'DPoP' : 'Bearer',
    expires_in: config.tokenLifetime,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    ...(grant.scope ? { scope: grant.scope } : {}),
  });
}

function tokenError(tenant, res, error, description) {
  json(res, 400, { error, error_description: description });
}

function tokenEndpoint(tenant, headers, body, res) {
  const { config } = tenant;
  const client = clientOf(headers, body);
  const dpop = typeof headers.dpop === 'string';
  record(tenant, 'token', { grantType: body.grant_type, params: body, clientAuth: client.method, clientId: client.clientId, dpop, dpopProof: headers.dpop });
  if (dpop && config.dpopNonce && proofClaims(headers.dpop).nonce !== AS_NONCE) {
    return json(res, 400, { error: 'use_dpop_nonce', error_description: 'nonce required' }, { 'dpop-nonce': AS_NONCE });
  }
  if (body.grant_type === 'authorization_code') {
    const code = tenant.codes.get(body.code);
    tenant.codes.delete(body.code);
    if (config.echoSecrets) return tokenError(tenant, res, 'invalid_grant', `bad code ${body.code} for verifier ${body.code_verifier}`);
    if (!code) return tokenError(tenant, res, 'invalid_grant', 'unknown or used code');
    if (code.code_challenge_method !== 'S256' || s256(body.code_verifier ?? '') !== code.code_challenge) {
      return tokenError(tenant, res, 'invalid_grant', 'PKCE verification failed');
    }
    if (code.redirect_uri !== body.redirect_uri) return tokenError(tenant, res, 'invalid_grant', 'redirect_uri mismatch');
    return issue(tenant, res, { scope: code.scope, resource: body.resource, dpop });
  }
  if (body.grant_type === 'refresh_token') {
    const grant = tenant.refresh.get(body.refresh_token);
    if (!grant || config.refreshFails) return tokenError(tenant, res, 'invalid_grant', 'refresh token revoked');
    tenant.refresh.delete(body.refresh_token);
    return issue(tenant, res, { ...grant, dpop });
  }
  if (body.grant_type === 'client_credentials' || body.grant_type === JWT_BEARER) {
    if (body.grant_type === JWT_BEARER && !body.assertion) return tokenError(tenant, res, 'invalid_request', 'no assertion');
    return issue(tenant, res, { scope: body.scope, resource: body.resource, dpop });
  }
  return tokenError(tenant, res, 'unsupported_grant_type', String(body.grant_type));
}

function register(tenant, body, res) {
  record(tenant, 'register', { body });
  const method = tenant.config.authMethods.includes(body.token_endpoint_auth_method) ? body.token_endpoint_auth_method : tenant.config.authMethods[0];
  const clientId = `client-${token()}`;
  const secret = method === 'none' ? undefined : token();
  tenant.clients.set(clientId, { secret, method });
  json(res, 201, { ...body, client_id: clientId, ...(secret ? { client_secret: secret } : {}), token_endpoint_auth_method: method });
}

/** The Bearer/DPoP check of the protected MCP server: undefined when the request may go on. */
function refusal(tenant, origin, headers, body) {
  const { config } = tenant;
  const urls = urlsOf(origin, tenant.id);
  const required = config.scopes[body?.method] ?? config.scopes.default ?? [];
  const params = [
    ...(config.resourceMetadataInHeader ? [`resource_metadata="${urls.prm}"`] : []),
    ...(config.challengeScope && required.length > 0 ? [`scope="${required.join(' ')}"`] : []),
  ];
  const [scheme, presented] = (headers.authorization ?? '').split(' ');
  const grant = presented ? tenant.access.get(presented) : undefined;
  record(tenant, 'mcp', { method: body?.method, scheme: scheme || 'none', dpopProof: headers.dpop, known: grant !== undefined });
  if (!grant || grant.expiresAt <= Date.now()) {
    const dpop = config.dpop ? ', DPoP algs="ES256"' : '';
    return { status: 401, header: `Bearer ${[...params, 'error="invalid_token"'].join(', ')}${dpop}` };
  }
  if (scheme === 'DPoP' && config.dpopNonce && proofClaims(headers.dpop).nonce !== RS_NONCE) {
    return { status: 401, header: 'DPoP error="use_dpop_nonce"', nonce: RS_NONCE };
  }
  const granted = (grant.scope ?? '').split(' ');
  if (config.forbidAlways || !required.every((scope) => granted.includes(scope))) {
    return { status: 403, header: `Bearer ${['error="insufficient_scope"', ...params].join(', ')}` };
  }
  return undefined;
}

/** The identity provider's token exchange (RFC 8693): an ID token in, an ID-JAG out. */
function identityProvider(tenant, body, res) {
  record(tenant, 'idp-token', { params: body });
  if (body.grant_type !== 'urn:ietf:params:oauth:grant-type:token-exchange' || !body.subject_token) {
    return tokenError(tenant, res, 'invalid_request', 'token exchange expected');
  }
  json(res, 200, { access_token: `id-jag-${token()}`, issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag', token_type: 'N_A' });
}

/** Revokes every access token of a tenant (the next MCP request gets 401, refresh tokens stay valid). */
function expireAccessTokens(tenant) {
  tenant.access.clear();
}

module.exports = {
  createTenant,
  tenantOf,
  urlsOf,
  json,
  protectedResourceMetadata,
  authorizationServerMetadata,
  authorize,
  tokenEndpoint,
  register,
  refusal,
  expireAccessTokens,
  identityProvider,
  record,
  route: (req, res, next) => next(),
};
