// A tiny MCP-over-WebSocket server for the websocket specs: one JSON-RPC message per text frame.
// `startWsFixture()` listens on 127.0.0.1 port 0: ws://.../mcp speaks the `mcp` subprotocol, ws://.../bare
// accepts the upgrade without any subprotocol, and GET /closes?tag=T (CORS open) long-polls for how the
// connection that sent `test/tag { tag: T }` was closed. The karma route GET /__rxmcp/ws-url starts one
// fixture on first use and answers its URLs.
'use strict';
const http = require('node:http');
const { WebSocketServer } = require('ws');

const CLOSE_WAIT_MS = 3000;

function result(id, value) {
  return JSON.stringify({ jsonrpc: '2.0', id, result: value });
}

function serveConnection(ws, req, closes) {
  const state = { tag: undefined };
  ws.on('message', (data, isBinary) => {
    let msg;
    try {
      msg = JSON.parse(isBinary ? '' : data.toString('utf8'));
    } catch {
      return ws.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
    }
    if (typeof msg.method === 'string' && msg.id !== undefined) handleRequest(ws, req, msg, state);
  });
  ws.on('close', (code, reason) => {
    if (state.tag !== undefined) closes.record(state.tag, { code, reason: reason.toString('utf8') });
  });
}

function handleRequest(ws, req, { id, method, params = {} }, state) {
  switch (method) {
    case 'initialize':
      return ws.send(result(id, {
        protocolVersion: params.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {}, logging: {} },
        serverInfo: { name: 'rxmcp-ws-fixture', version: '1.0.0' },
      }));
    case 'tools/list':
      return ws.send(result(id, { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }));
    case 'tools/call': {
      const text = String(params.arguments?.text ?? '');
      ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `echo: ${text}` } }));
      return ws.send(result(id, { content: [{ type: 'text', text }] }));
    }
    case 'test/handshake':
      return ws.send(result(id, { protocol: ws.protocol, requested: req.headers['sec-websocket-protocol'] ?? null }));
    case 'test/tag':
      state.tag = String(params.tag);
      return ws.send(result(id, {}));
    case 'test/malformed':
      ws.send('{not json');
      ws.send(Buffer.from('binary'), { binary: true });
      return ws.send(result(id, {}));
    case 'test/close':
      return ws.close(Number(params.code), String(params.reason ?? ''));
    case 'test/drop':
      return ws.terminate();
    default:
      return ws.send(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: `Unknown method ${method}` } }));
  }
}

/** Close records by tag, with long-poll waiters. */
function closeBook() {
  const records = new Map();
  const waiters = new Map();
  return {
    record(tag, value) {
      records.set(tag, value);
      for (const wake of waiters.get(tag) ?? []) wake(value);
      waiters.delete(tag);
    },
    wait(tag) {
      if (records.has(tag)) return Promise.resolve(records.get(tag));
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), CLOSE_WAIT_MS);
        const wake = (value) => {
          clearTimeout(timer);
          resolve(value);
        };
        waiters.set(tag, [...(waiters.get(tag) ?? []), wake]);
      });
    },
  };
}

function httpHandler(closes) {
  return (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
    if (req.method !== 'GET' || url.pathname !== '/closes') return void res.writeHead(404, headers).end('{}');
    closes.wait(url.searchParams.get('tag') ?? '').then((value) => {
      res.writeHead(value ? 200 : 404, headers).end(JSON.stringify(value ?? {}));
    });
  };
}

/** Starts one fixture; resolves to its URLs and a `close()`. */
function startWsFixture() {
  const closes = closeBook();
  const server = http.createServer(httpHandler(closes));
  const mcp = new WebSocketServer({ noServer: true });
  const bare = new WebSocketServer({ noServer: true, handleProtocols: () => false });
  mcp.on('connection', (ws, req) => serveConnection(ws, req, closes));
  bare.on('connection', (ws, req) => serveConnection(ws, req, closes));
  server.on('upgrade', (req, socket, head) => {
    const wss = { '/mcp': mcp, '/bare': bare }[new URL(req.url, 'http://localhost').pathname];
    if (!wss) return void socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      const { port } = server.address();
      resolve({
        wsUrl: `ws://127.0.0.1:${port}`,
        httpUrl: `http://127.0.0.1:${port}`,
        close: () => closeFixture(server, [mcp, bare]),
      });
    });
  });
}

function closeFixture(server, wssList) {
  for (const wss of wssList) for (const ws of wss.clients) ws.terminate();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

let shared;
exports.startWsFixture = startWsFixture;
exports.route = (req, res, next) => {
  if (req.url !== '/__rxmcp/ws-url') return next();
  shared ??= startWsFixture();
  return shared.then(({ wsUrl, httpUrl }) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ wsUrl, httpUrl }));
  });
};
