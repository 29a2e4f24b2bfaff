// /__rxmcp/legacy-sse/*: legacy HTTP+SSE (2024-11-05) servers for the legacy-sse and auto-http specs.
// /sse is a real MCP server (the v1 SDK's SSEServerTransport and Server, one session per GET; a POST to it
// answers the status of its `post` query parameter, 405 by default, as a GET-only endpoint does); the other
// streams are hand-written to provoke one behaviour each. /streamable serves the same MCP server over
// Streamable HTTP (the v1 SDK's StreamableHTTPServerTransport, stateless). `observer` reports server-side
// events to Node specs.
'use strict';
const { EventEmitter } = require('node:events');
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { SSEServerTransport } = require('@modelcontextprotocol/sdk/server/sse.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { CallToolRequestSchema, ListToolsRequestSchema } = require('@modelcontextprotocol/sdk/types.js');

const PREFIX = '/__rxmcp/legacy-sse';
const observer = new EventEmitter();
const sessions = new Map();
const echoStreams = new Map();
let nextEchoId = 1;

const ECHO_TOOL = {
  name: 'echo',
  description: 'Answers with its text, after a log notification',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};

function createMcpServer() {
  const server = new Server(
    { name: 'rxmcp-legacy-sse-fixture', version: '1.0.0' },
    { capabilities: { tools: {}, logging: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [ECHO_TOOL] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const text = String(request.params.arguments?.text ?? '');
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: `echo: ${text}` } });
    return { content: [{ type: 'text', text }] };
  });
  return server;
}

async function openMcpStream(req, res) {
  const transport = new SSEServerTransport(`${PREFIX}/messages`, res);
  sessions.set(transport.sessionId, transport);
  transport.onclose = () => sessions.delete(transport.sessionId);
  watchClose(req, res, '/sse');
  await createMcpServer().connect(transport);
}

async function postMcpMessage(req, res, url) {
  const transport = sessions.get(url.searchParams.get('sessionId'));
  if (!transport) return void res.writeHead(404).end('Unknown session');
  await transport.handlePostMessage(req, res);
}

async function serveStreamable(req, res) {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  await createMcpServer().connect(transport);
  await transport.handleRequest(req, res);
}

function refusePost(req, res, url) {
  req.resume();
  observer.emit('post-refused', { url: req.url });
  res.writeHead(Number(url.searchParams.get('post') ?? 405), { 'content-type': 'text/plain' }).end('Use GET');
}

function openStream(req, res, endpoint, name) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(`event: endpoint\ndata: ${endpoint}\n\n`);
  watchClose(req, res, name);
}

function watchClose(req, res, name) {
  res.on('close', () => observer.emit('stream-closed', { name, url: req.url }));
}

function message(value, id) {
  return `${id === undefined ? '' : `id: ${id}\n`}event: message\ndata: ${JSON.stringify(value)}\n\n`;
}

function openEchoStream(req, res) {
  const id = String(nextEchoId++);
  echoStreams.set(id, res);
  res.on('close', () => echoStreams.delete(id));
  openStream(req, res, `${PREFIX}/echo?stream=${id}`, '/sse-echo');
  res.write(message({ jsonrpc: '2.0', method: 'test/request', params: { method: 'GET', headers: req.headers } }));
}

async function echoPost(req, res, url) {
  const stream = echoStreams.get(url.searchParams.get('stream') ?? '');
  if (!stream) return void res.writeHead(404).end('Unknown stream');
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  res.writeHead(202).end('Accepted');
  stream.write(message({ jsonrpc: '2.0', method: 'test/request', params: { method: 'POST', headers: req.headers, body } }));
}

function hangPost(req, res) {
  req.resume();
  res.on('close', () => observer.emit('post-aborted', { url: req.url }));
  observer.emit('post-received', { url: req.url });
}

const GET_ROUTES = {
  '/sse': openMcpStream,
  '/sse-echo': openEchoStream,
  '/sse-endpoint': (req, res, url) => openStream(req, res, url.searchParams.get('endpoint') ?? '', '/sse-endpoint'),
  '/sse-closing': (req, res) => {
    openStream(req, res, `${PREFIX}/messages`, '/sse-closing');
    res.end();
  },
  '/sse-malformed': (req, res) => {
    openStream(req, res, `${PREFIX}/messages`, '/sse-malformed');
    res.write(': keep-alive\n\nid: 6\ndata:\n\n');
    res.write('event: message\ndata: {not json\n\n');
    res.write(message({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'after' } }, 7));
  },
  '/sse-rejecting': (req, res) => openStream(req, res, `${PREFIX}/reject`, '/sse-rejecting'),
  '/sse-hanging': (req, res) => openStream(req, res, `${PREFIX}/hang`, '/sse-hanging'),
  '/status': (req, res, url) => res.writeHead(Number(url.searchParams.get('code') ?? 500)).end('refused'),
  '/streamable': serveStreamable,
};

const POST_ROUTES = {
  '/sse': refusePost,
  '/sse-echo': refusePost,
  '/streamable': serveStreamable,
  '/messages': postMcpMessage,
  '/echo': echoPost,
  '/reject': (req, res) => {
    req.resume();
    res.writeHead(500).end('boom');
  },
  '/hang': hangPost,
};

exports.observer = observer;
exports.route = (req, res, next) => {
  if (!req.url.startsWith(`${PREFIX}/`)) return next();
  const url = new URL(req.url, 'http://localhost');
  const table = req.method === 'GET' ? GET_ROUTES : req.method === 'POST' ? POST_ROUTES : {};
  const handler = table[url.pathname.slice(PREFIX.length)];
  if (!handler) return next();
  return handler(req, res, url);
};
