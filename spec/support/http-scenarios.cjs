// Hand-written Streamable HTTP endpoints, each provoking one behaviour the official servers do not show on
// demand: HTTP failures, a malformed SSE line, a stream that stops before its response (SEP-1699 resumption,
// as the conformance scenario `sse-retry` does it), a GET stream that drops, a batch body.
'use strict';
const { record } = require('./http-log.cjs');

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
const json = (value) => JSON.stringify(value);
const result = (id, value) => json({ jsonrpc: '2.0', id, result: value });
const note = (method, params) => json({ jsonrpc: '2.0', method, params });
const pending = new Map();

function status(res, code) {
  res.writeHead(code, { 'content-type': 'text/plain' }).end(`server says ${code}`);
}

function rpcError400(res) {
  res.writeHead(400, { 'content-type': 'application/json' });
  res.end(json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: Server not initialized' }, id: null }));
}

function malformed(res, body) {
  res.writeHead(200, SSE_HEADERS);
  res.write(': keep-alive comment\n\n');
  res.write('data: {this is not json\n\n');
  res.write('event: ping\ndata: ignored\n\n');
  res.write(`data: ${note('notifications/message', { level: 'info', data: 'still here' })}\n\n`);
  res.end(`data: ${result(body.id, { ok: true })}\n\n`);
}

/** POST: a priming event with `retry: 500`, then the stream ends; the answer comes on the resuming GET. */
function sseRetry(req, res, key, body) {
  if (req.method === 'POST') {
    pending.set(key, { id: body.id, closedAt: Date.now() });
    res.writeHead(200, SSE_HEADERS);
    res.end(`id: ${key}-0\nretry: 500\ndata: \n\n`);
    record(key, 'post-closed');
    return;
  }
  const waiting = pending.get(key);
  record(key, 'resume', {
    lastEventId: req.headers['last-event-id'] ?? null,
    delayMs: waiting ? Date.now() - waiting.closedAt : null,
  });
  if (req.method !== 'GET' || waiting === undefined) return status(res, 405);
  pending.delete(key);
  res.writeHead(200, SSE_HEADERS);
  res.end(`id: ${key}-1\ndata: ${result(waiting.id, { resumed: true })}\n\n`);
}

/** A stream that ends before its response and carries no event id: nothing to resume from. */
function noIds(res) {
  res.writeHead(200, SSE_HEADERS);
  res.end(`data: ${note('notifications/message', { level: 'info', data: 'then nothing' })}\n\n`);
}

function batch(res, body) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(`[${note('notifications/message', { level: 'info', data: 'in a batch' })},${result(body.id, { batched: true })}]`);
}

/**
 * A session server whose GET stream drops after its first event (`retry: 200`); the reconnecting GET must
 * carry `Last-Event-ID` and gets the second event. The session id is the key.
 */
function getRetry(req, res, key, body) {
  if (req.method === 'POST') {
    res.writeHead(body && body.id !== undefined ? 200 : 202, { 'content-type': 'application/json', 'mcp-session-id': key });
    return res.end(body && body.id !== undefined ? result(body.id, { session: key }) : undefined);
  }
  const lastEventId = req.headers['last-event-id'] ?? null;
  record(key, req.method.toLowerCase(), { lastEventId, session: req.headers['mcp-session-id'] ?? null });
  if (req.method !== 'GET') return status(res, 200);
  res.writeHead(200, SSE_HEADERS);
  if (lastEventId === null) return res.end(`id: ${key}-1\nretry: 200\ndata: ${note('notifications/message', { data: 'first' })}\n\n`);
  res.write(`id: ${key}-2\ndata: ${note('notifications/message', { data: 'second' })}\n\n`);
}

/** Routes `/scenario/<name>[/<key>]`; returns false for unknown names. */
function scenario(req, res, parts, body) {
  const [name, key] = parts;
  switch (name) {
    case 'status':
      return status(res, Number(key)), true;
    case 'rpc-error-400':
      return rpcError400(res), true;
    case 'malformed':
      return malformed(res, body), true;
    case 'sse-retry':
      return sseRetry(req, res, key, body), true;
    case 'no-ids':
      return noIds(res), true;
    case 'batch':
      return batch(res, body), true;
    case 'get-retry':
      return getRetry(req, res, key, body), true;
    default:
      return false;
  }
}

module.exports = { scenario };
