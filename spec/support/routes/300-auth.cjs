// /__rxmcp/auth/*: the OAuth fixtures of the auth specs (see 300-auth-server.cjs for what a tenant is).
//   POST setup                  { config } -> { id, urls } (a new tenant)
//   GET  cors-url               { url } of the same routes on another origin (with CORS), for redirect specs
//   GET  callback               a blank page (the redirect URI of browser popups)
//   GET  t/<id>/log             what the tenant saw
//   POST t/<id>/config          merges { config } into the tenant's
//   POST t/<id>/expire          revokes the tenant's access tokens
//   ...  t/<id>/mcp             the protected MCP server; `redirect: 'cross'` answers 307 to another origin's
//                               t/<id>/sink, `mcp/moved` always answers 307 to t/<id>/mcp
//   ...  t/<id>/sink            records the headers it got and answers the JSON-RPC request (with CORS)
//   plus the RFC 9728 and RFC 8414 well-known locations, t/<id>/as/{authorize,token,register} and the
//   identity provider's token exchange t/<id>/idp/token
'use strict';
const http = require('node:http');
const { applyCors } = require('../http-cors.cjs');
const { modernHandler } = require('../http-mcp-servers.cjs');
const as = require('./300-auth-server.cjs');

const PREFIX = '/__rxmcp/auth/';
const PRM_PREFIX = '/.well-known/oauth-protected-resource/__rxmcp/auth/t/';
const ASM_PREFIX = '/.well-known/oauth-authorization-server/__rxmcp/auth/t/';
const mcp = modernHandler('auto');
const CALLBACK_PAGE = '<!doctype html><meta charset="utf-8"><title>callback</title><p>callback</p>';

function readBody(req) {
  if (req.method !== 'POST') return Promise.resolve({ text: '', value: undefined });
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const type = req.headers['content-type'] ?? '';
      try {
        if (type.includes('application/x-www-form-urlencoded')) resolve({ text, value: Object.fromEntries(new URLSearchParams(text)) });
        else resolve({ text, value: text === '' ? undefined : JSON.parse(text) });
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

const originOf = (req) => `http://${req.headers.host}`;

async function protectedMcp(tenant, req, res, origin, crossOrigin) {
  const { value } = await readBody(req);
  if (tenant.config.redirect === 'cross' && req.method === 'POST') {
    as.record(tenant, 'redirected', { authorization: req.headers.authorization !== undefined });
    return void res.writeHead(307, { location: `${crossOrigin}/__rxmcp/auth/t/${tenant.id}/sink` }).end();
  }
  const refused = as.refusal(tenant, origin, req.headers, value);
  if (refused) {
    return as.json(res, refused.status, { error: refused.status === 401 ? 'invalid_token' : 'insufficient_scope' }, {
      'www-authenticate': refused.header,
      ...(refused.nonce ? { 'dpop-nonce': refused.nonce } : {}),
    });
  }
  return mcp(req, res, value);
}

async function sink(tenant, req, res) {
  if (applyCors(req, res)) return;
  const { value } = await readBody(req);
  as.record(tenant, 'sink', { authorization: req.headers.authorization, dpop: req.headers.dpop, method: value?.method });
  as.json(res, 200, { jsonrpc: '2.0', id: value?.id ?? null, result: {} });
}

async function tenantRoute(tenant, rest, req, res, origin, crossOrigin) {
  const query = Object.fromEntries(new URL(req.url, origin).searchParams);
  switch (rest) {
    case 'log':
      return as.json(res, 200, tenant.log);
    case 'config':
      Object.assign(tenant.config, (await readBody(req)).value ?? {});
      return as.json(res, 200, { ok: true });
    case 'expire':
      as.expireAccessTokens(tenant);
      return as.json(res, 200, { ok: true });
    case 'prm':
      return as.json(res, 200, as.protectedResourceMetadata(tenant, origin));
    case 'as/authorize':
      return as.authorize(tenant, origin, query, res);
    case 'as/token':
      return as.tokenEndpoint(tenant, req.headers, (await readBody(req)).value ?? {}, res);
    case 'idp/token':
      return as.identityProvider(tenant, (await readBody(req)).value ?? {}, res);
    case 'as/register':
      return as.register(tenant, (await readBody(req)).value ?? {}, res);
    case 'mcp':
      return protectedMcp(tenant, req, res, origin, crossOrigin);
    case 'mcp/moved':
      return void res.writeHead(307, { location: `${origin}/__rxmcp/auth/t/${tenant.id}/mcp` }).end();
    case 'sink':
      return sink(tenant, req, res);
    default:
      return as.json(res, 404, { error: 'not_found' });
  }
}

/** Dispatches one request to the auth fixtures; `crossOrigin` is the other origin's base URL. */
async function dispatch(req, res, next, crossOrigin) {
  const origin = originOf(req);
  const path = new URL(req.url, origin).pathname;
  if (path.startsWith(PRM_PREFIX) && path.endsWith('/mcp')) {
    const tenant = as.tenantOf(path.slice(PRM_PREFIX.length, -'/mcp'.length));
    return tenant ? as.json(res, 200, as.protectedResourceMetadata(tenant, origin)) : next();
  }
  if (path.startsWith(ASM_PREFIX) && path.endsWith('/as')) {
    const tenant = as.tenantOf(path.slice(ASM_PREFIX.length, -'/as'.length));
    return tenant ? as.json(res, 200, as.authorizationServerMetadata(tenant, origin)) : next();
  }
  if (!path.startsWith(PREFIX)) return next();
  const rest = path.slice(PREFIX.length);
  if (rest === 'setup') {
    const id = as.createTenant((await readBody(req)).value?.config ?? {});
    return as.json(res, 200, { id, urls: as.urlsOf(origin, id) });
  }
  if (rest === 'cors-url') return as.json(res, 200, { url: await crossOrigin() });
  if (rest === 'callback') return void res.writeHead(200, { 'content-type': 'text/html' }).end(CALLBACK_PAGE);
  const match = /^t\/([^/]+)\/(.+)$/.exec(rest);
  const tenant = match ? as.tenantOf(match[1]) : undefined;
  if (!tenant) return as.json(res, 404, { error: 'no such tenant' });
  return tenantRoute(tenant, match[2], req, res, origin, await crossOrigin());
}

// The other origin: the same routes on a node:http server of its own (127.0.0.1, a port of its own).
let other;
function crossOriginUrl() {
  other ??= new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      dispatch(req, res, () => res.writeHead(404).end(), crossOriginUrl).catch((error) => res.writeHead(500).end(String(error)));
    });
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` }));
  });
  return other.then(({ url }) => url);
}

exports.route = (req, res, next) => dispatch(req, res, next, crossOriginUrl);
exports.crossOriginUrl = crossOriginUrl;
exports.close = async () => {
  if (other === undefined) return;
  const { server } = await other;
  other = undefined;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(() => resolve()));
};
