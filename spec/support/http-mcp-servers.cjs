// Real MCP servers for the Streamable HTTP specs, as node:http handlers:
// - modernHandler: the official v2 server (@modelcontextprotocol/server 2.4.0, createMcpHandler, served with
//   @modelcontextprotocol/node's toNodeHandler): 2026-07-28 per-request serving plus the stateless 2025 fallback.
// - sessionHandler: the official v1 server (@modelcontextprotocol/sdk 1.32.2, StreamableHTTPServerTransport)
//   with sessions and an in-memory event store (resumability), one transport per session; with `tasks`, a server
//   with 2025-11-25 core tasks kept per session (as server-everything keeps them): a `build` tool that runs as a task
//   and completes after `ms` (default 300) with the text `built`.
'use strict';
const { randomUUID } = require('node:crypto');
const { McpServer, createMcpHandler, fromJsonSchema } = require('@modelcontextprotocol/server');
const { toNodeHandler } = require('@modelcontextprotocol/node');
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { InMemoryEventStore } = require('@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js');
const { CallToolRequestSchema, ListToolsRequestSchema, isInitializeRequest } = require('@modelcontextprotocol/sdk/types.js');
const { McpServer: V1McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { InMemoryTaskStore, InMemoryTaskMessageQueue } = require('@modelcontextprotocol/sdk/experimental/tasks');
const { record } = require('./http-log.cjs');

const text = (value) => ({ content: [{ type: 'text', text: String(value) }] });
const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const TOOL_SCHEMAS = {
  echo: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  progress: { type: 'object', properties: { steps: { type: 'integer' } } },
  slow: { type: 'object', properties: { ms: { type: 'integer' }, tag: { type: 'string' } }, required: ['tag'] },
  region: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
  headers: { type: 'object', properties: { names: { type: 'array', items: { type: 'string' } } } },
};

async function slowTool({ ms = 10_000, tag }, signal) {
  record(tag, 'tool-started');
  signal.addEventListener('abort', () => record(tag, 'tool-aborted'), { once: true });
  await sleep(ms, signal);
  return text(signal.aborted ? 'aborted' : 'done');
}

function createModernServer() {
  const server = new McpServer({ name: 'rxmcp-modern-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
  const tool = (name, description, handler) =>
    server.registerTool(name, { description, inputSchema: fromJsonSchema(TOOL_SCHEMAS[name]) }, handler);
  tool('echo', 'Answers with its text', async (args) => text(args.text));
  tool('progress', 'Sends progress notifications, then answers', async ({ steps = 2 }, ctx) => {
    const token = ctx.mcpReq._meta?.progressToken ?? 'progress';
    for (let step = 1; step <= steps; step++) {
      await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: steps } });
    }
    return text(`${steps} steps`);
  });
  tool('slow', 'Waits, until cancelled', (args, ctx) => slowTool(args, ctx.mcpReq.signal));
  tool('region', 'Answers with the Mcp-Param-Region header it received', async (args, ctx) =>
    text(ctx.http?.req?.headers.get('mcp-param-region') ?? '(none)'));
  tool('headers', 'Answers with the request headers it was asked for', async ({ names = [] }, ctx) =>
    text(JSON.stringify(Object.fromEntries(names.map((name) => [name, ctx.http?.req?.headers.get(name) ?? null])))));
  return server;
}

/** The v2 server behind a node:http handler; `responseMode` is `auto` (JSON unless streaming) or `sse`. */
function modernHandler(responseMode = 'auto') {
  return toNodeHandler(createMcpHandler(() => createModernServer(), { responseMode, keepAliveMs: 0 }));
}

const LEGACY_TOOLS = [
  { name: 'echo', description: 'Answers with its text', inputSchema: TOOL_SCHEMAS.echo },
  { name: 'slow', description: 'Waits, until cancelled', inputSchema: TOOL_SCHEMAS.slow },
  { name: 'notify', description: 'Sends a log notification on the GET stream, then answers', inputSchema: { type: 'object', properties: { tag: { type: 'string' } } } },
  { name: 'close-stream', description: 'Closes its own response stream, then answers', inputSchema: { type: 'object', properties: { tag: { type: 'string' } } } },
];

function legacyToolCall(server, request, extra) {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case 'echo':
      return text(args.text);
    case 'slow':
      return slowTool(args, extra.signal);
    case 'notify':
      // No related request: the server sends it on the standalone GET stream.
      setTimeout(() => server.notification({ method: 'notifications/message', params: { level: 'info', data: args.tag } }), 20);
      return text('scheduled');
    case 'close-stream':
      return closeOwnStream(args.tag, extra);
    default:
      throw new Error(`Unknown tool ${request.params.name}`);
  }
}

async function closeOwnStream(tag, extra) {
  await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: `before close ${tag}` } });
  extra.closeSSEStream?.();
  record(tag, 'stream-closed');
  await sleep(150);
  return text(`answered after close ${tag}`);
}

function createLegacyServer() {
  const server = new Server({ name: 'rxmcp-session-fixture', version: '1.0.0' }, { capabilities: { tools: {}, logging: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: LEGACY_TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => legacyToolCall(server, request, extra));
  return server;
}

/** A v1 server whose `build` tool runs as a 2025-11-25 task, in a task store of its own (one per session). */
function createTaskServer() {
  const taskStore = new InMemoryTaskStore();
  const capabilities = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
  const server = new V1McpServer({ name: 'rxmcp-session-tasks-fixture', version: '1.0.0' }, { capabilities, taskStore, taskMessageQueue: new InMemoryTaskMessageQueue() });
  server.experimental.tasks.registerToolTask('build', { description: 'Builds, as a task', execution: { taskSupport: 'required' } }, {
    createTask: async (extra) => {
      const task = await extra.taskStore.createTask({ ttl: 60_000, pollInterval: 100 });
      setTimeout(() => void extra.taskStore.storeTaskResult(task.taskId, 'completed', text('built')).catch(() => undefined), 300);
      return { task };
    },
    getTask: async (extra) => extra.taskStore.getTask(extra.taskId),
    getTaskResult: async (extra) => extra.taskStore.getTaskResult(extra.taskId),
  });
  return server;
}

const sessionNotFound = (res, status, message) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }),
  );

/**
 * The v1 server with sessions: `initialize` creates a session; other requests need its `Mcp-Session-Id`
 * (404 when unknown, 400 when missing). `retryMs` is the SSE `retry` the server announces.
 */
function sessionHandler({ json = false, retryMs = 100, tasks = false } = {}) {
  const sessions = new Map();
  const open = async (req, res, body) => {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: json,
      eventStore: new InMemoryEventStore(),
      retryInterval: retryMs,
      onsessioninitialized: (id) => sessions.set(id, transport),
      onsessionclosed: (id) => (sessions.delete(id), record(id, 'session-closed')),
    });
    await (tasks ? createTaskServer() : createLegacyServer()).connect(transport);
    await transport.handleRequest(req, res, body);
  };
  const handle = async (req, res, body) => {
    const sessionId = req.headers['mcp-session-id'];
    if (sessionId === undefined) {
      if (req.method === 'POST' && isInitializeRequest(body)) return open(req, res, body);
      return sessionNotFound(res, 400, 'Bad Request: no session id');
    }
    record(sessionId, req.method.toLowerCase(), { lastEventId: req.headers['last-event-id'] ?? null });
    const transport = sessions.get(sessionId);
    if (transport === undefined) return sessionNotFound(res, 404, 'Session not found');
    await transport.handleRequest(req, res, body);
  };
  /** Drops a session server-side, as an expiry would. */
  const expire = (sessionId) => {
    const transport = sessions.get(sessionId);
    sessions.delete(sessionId);
    return transport ? transport.close().then(() => true) : Promise.resolve(false);
  };
  return { handle, expire };
}

module.exports = { modernHandler, sessionHandler };
