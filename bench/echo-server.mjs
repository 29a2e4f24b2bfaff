// An echo MCP server for `npm run bench`, with two tools:
//   echo { text }  answers one text block carrying `text`
//   big  { size }  answers one text block of `size` ASCII characters
//
// node bench/echo-server.mjs <mode>
//   sdk-stdio   the official v2 server (@modelcontextprotocol/server, serveStdio): 2025 initialize and 2026-07-28
//   sdk-http    the official v2 server (createMcpHandler + @modelcontextprotocol/node) on 127.0.0.1, path /mcp:
//               2026-07-28 per request, and the package's stateless 2025 fallback
//   raw-stdio   newline JSON-RPC without any SDK, 2025 only (initialize; every other unknown method is -32601)
//   raw-http    JSON-only Streamable HTTP without any SDK, 2025 only, no sessions (GET and DELETE answer 405)
// The HTTP modes take an optional port (default 0, a free one) and print `listening <port>` once ready.
import http from 'node:http';

const HOST = '127.0.0.1';
const mode = process.argv[2] ?? 'sdk-stdio';
const port = Number(process.argv[3] ?? 0);

const texts = new Map();
function textOfSize(size) {
  let text = texts.get(size);
  if (text === undefined) {
    text = 'x'.repeat(size);
    texts.set(size, text);
  }
  return text;
}

const TOOLS = [
  {
    name: 'echo',
    description: 'Answers the text it was given',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'big',
    description: 'Answers size characters of text',
    inputSchema: { type: 'object', properties: { size: { type: 'integer', minimum: 0 } }, required: ['size'] },
  },
];

async function sdkServerFactory() {
  const { McpServer } = await import('@modelcontextprotocol/server');
  const z = await import('zod');
  const echoInput = z.object({ text: z.string() });
  const bigInput = z.object({ size: z.number().int().min(0) });
  return () => {
    const server = new McpServer({ name: 'rxmcp-bench-echo', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.registerTool('echo', { description: TOOLS[0].description, inputSchema: echoInput }, async ({ text }) => ({
      content: [{ type: 'text', text }],
    }));
    server.registerTool('big', { description: TOOLS[1].description, inputSchema: bigInput }, async ({ size }) => ({
      content: [{ type: 'text', text: textOfSize(size) }],
    }));
    return server;
  };
}

function toolCall(params) {
  const args = params?.arguments ?? {};
  switch (params?.name) {
    case 'echo':
      return { content: [{ type: 'text', text: String(args.text) }] };
    case 'big':
      return { content: [{ type: 'text', text: textOfSize(Number(args.size)) }] };
    default:
      return { content: [{ type: 'text', text: `No tool named ${params?.name}` }], isError: true };
  }
}

/** The answer of the no-SDK server to one message, or undefined for a notification. */
function answer(message) {
  if (message === null || typeof message !== 'object' || message.id === undefined) return undefined;
  const { id, method, params } = message;
  switch (method) {
    case 'initialize':
      return {
        jsonrpc: '2.0',
        id,
        result: {
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'rxmcp-bench-echo-raw', version: '1.0.0' },
        },
      };
    case 'ping':
      return { jsonrpc: '2.0', id, result: {} };
    case 'tools/list':
      return { jsonrpc: '2.0', id, result: { tools: TOOLS } };
    case 'tools/call':
      return { jsonrpc: '2.0', id, result: toolCall(params) };
    default:
      return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } };
  }
}

function parseOrNull(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function rawStdio() {
  let pending = [];
  process.stdin.on('data', (chunk) => {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, end));
      const line = pending.length === 1 ? pending[0] : Buffer.concat(pending);
      pending = [];
      start = end + 1;
      if (line.length === 0) continue;
      const reply = answer(parseOrNull(line.toString('utf8')));
      if (reply !== undefined) process.stdout.write(`${JSON.stringify(reply)}\n`);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  process.stdin.on('end', () => process.exit(0));
}

function rawHttpHandler(req, res) {
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  const parts = [];
  req.on('data', (part) => parts.push(part));
  req.on('end', () => {
    const reply = answer(parseOrNull(Buffer.concat(parts).toString('utf8')));
    if (reply === undefined) {
      res.writeHead(202).end();
      return;
    }
    const body = JSON.stringify(reply);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
}

async function sdkHttpHandler() {
  const { createMcpHandler } = await import('@modelcontextprotocol/server');
  const { toNodeHandler } = await import('@modelcontextprotocol/node');
  return toNodeHandler(createMcpHandler(await sdkServerFactory(), { maxRequestBodySize: 64 * 1024 * 1024 }));
}

function serveHttp(handler) {
  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404).end();
      return;
    }
    void handler(req, res);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, HOST, () => process.stdout.write(`listening ${server.address().port}\n`));
  process.once('SIGTERM', () => process.exit(0));
}

switch (mode) {
  case 'sdk-stdio': {
    const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
    serveStdio(await sdkServerFactory());
    break;
  }
  case 'sdk-http':
    serveHttp(await sdkHttpHandler());
    break;
  case 'raw-stdio':
    rawStdio();
    break;
  case 'raw-http':
    serveHttp(rawHttpHandler);
    break;
  default:
    process.stderr.write('usage: node bench/echo-server.mjs sdk-stdio | sdk-http [port] | raw-stdio | raw-http [port]\n');
    process.exit(2);
}
