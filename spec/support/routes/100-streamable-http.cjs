// /__rxmcp/streamable-http/*: real Streamable HTTP MCP servers for the streamable-http specs.
//   modern, modern-sse         the official v2 server (2026-07-28 + stateless 2025 fallback), JSON-or-SSE / always SSE
//   sessions, sessions-json    the official v1 server with sessions and resumability, SSE / JSON responses
//   sessions-tasks             the official v1 server with sessions and 2025-11-25 core tasks kept per session
//   sessions/expire?session=   drops a session server-side (its next request gets 404)
//   scenario/<name>/<key>      hand-written endpoints (see http-scenarios.cjs)
//   log?tag=                   what the servers recorded under a tag (see http-log.cjs)
// /__rxmcp/cors-url answers `{ url }` of the same routes on another origin (a node:http server on 127.0.0.1,
// started when this module loads), with CORS headers; its `hidden/` prefix leaves Mcp-Session-Id unexposed.
'use strict';
const http = require('node:http');
const { applyCors } = require('../http-cors.cjs');
const { entriesOf, record } = require('../http-log.cjs');
const { modernHandler, sessionHandler } = require('../http-mcp-servers.cjs');
const { scenario } = require('../http-scenarios.cjs');

const PREFIX = '/__rxmcp/streamable-http/';
const MAX_BODY = 1024 * 1024;
const servers = {
  modern: modernHandler('auto'),
  'modern-sse': modernHandler('sse'),
  sessions: sessionHandler(),
  'sessions-json': sessionHandler({ json: true }),
  'sessions-tasks': sessionHandler({ tasks: true }),
};

function readJson(req) {
  if (req.method !== 'POST') return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

/** Records the request and whether the client went away before the response ended, under the call's tag. */
function watch(req, res, body) {
  const tag = body?.params?.arguments?.tag;
  if (tag === undefined) return;
  record(tag, 'request', { method: body.method });
  res.on('close', () => {
    if (!res.writableFinished) record(tag, 'disconnect');
  });
}

function json(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function dispatch(req, res, path, url) {
  const body = await readJson(req);
  watch(req, res, body);
  const [name, ...rest] = path.split('/');
  if (name === 'scenario' && scenario(req, res, rest, body)) return;
  if (name === 'log') return json(res, 200, entriesOf(url.searchParams.get('tag')));
  if (name === 'sessions' && rest[0] === 'expire') {
    return json(res, 200, { expired: await servers.sessions.expire(url.searchParams.get('session')) });
  }
  const server = servers[name];
  if (server === undefined || rest.length > 0) return json(res, 404, { error: `no route ${path}` });
  if (typeof server === 'function') return server(req, res, body);
  return server.handle(req, res, body);
}

function handle(req, res, next, { cors = false } = {}) {
  const url = new URL(req.url, 'http://localhost');
  let path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : undefined;
  if (path === undefined) return next();
  const hidden = cors && path.startsWith('hidden/');
  if (hidden) path = path.slice('hidden/'.length);
  if (cors && applyCors(req, res, { expose: !hidden })) return undefined;
  return dispatch(req, res, path, url).catch((error) => {
    if (!res.headersSent) json(res, 500, { error: String(error) });
    else res.destroy();
  });
}

const crossOrigin = http.createServer((req, res) =>
  handle(req, res, () => json(res, 404, { error: 'not found' }), { cors: true }),
);
const crossOriginUrl = new Promise((resolve, reject) => {
  crossOrigin.once('error', reject);
  crossOrigin.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${crossOrigin.address().port}`));
});
crossOrigin.unref();

/** Karma middleware entry. */
exports.route = (req, res, next) => {
  if (req.url === '/__rxmcp/cors-url') return crossOriginUrl.then((url) => json(res, 200, { url }));
  return handle(req, res, next);
};

/** The base URL of the cross-origin copy of the routes. */
exports.crossOriginUrl = () => crossOriginUrl;

/** Stops the cross-origin server (Node helper, after the suite). */
exports.close = () =>
  new Promise((resolve) => {
    crossOrigin.closeAllConnections();
    crossOrigin.close(() => resolve());
  });
