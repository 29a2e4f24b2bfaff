// The `limit` client of `npm run bench`: no SDK at all, the least a client can do and still do the job, so that
// the bench can say how far each library is from the floor. It speaks 2025-11-25 only (initialize,
// notifications/initialized, then requests), parses every response with JSON.parse and matches it by id, and
// leaves out everything a library adds on top: no schema validation, no capabilities, no cancellation, no
// timeouts, no server-initiated requests, no reconnects.
//   stdio            newline-delimited JSON-RPC over the child's pipes
//   Streamable HTTP  one POST per message through a keep-alive node:http Agent (or, for `limit-fetch`, the global
//                    fetch, which the libraries use); the session id of initialize (if the server gives one) and
//                    the protocol version go back as headers; the answer may be JSON or an SSE stream (the first
//                    event whose data is the response with that id)
// The adapter has the shape of the others in clients.mjs: open(target) → { list, call, protocol, close }.
import { spawn } from 'node:child_process';
import http from 'node:http';

const PROTOCOL = '2025-11-25';

/** The adapter; `clientInfo` goes into initialize; `{ fetch: true }` posts with the global fetch instead of node:http. */
export function limitAdapter(clientInfo, { fetch: viaFetch = false } = {}) {
  return {
    async open(target) {
      const link = target.url ? httpLink(target.url, viaFetch ? fetchPoster() : nodePoster()) : stdioLink(target.stdio);
      const request = rpc(link);
      const init = await request('initialize', { protocolVersion: PROTOCOL, capabilities: {}, clientInfo });
      if (typeof init.protocolVersion !== 'string') throw new Error('initialize: no protocolVersion');
      link.negotiated(init.protocolVersion);
      await link.notify({ jsonrpc: '2.0', method: 'notifications/initialized' });
      return {
        list: () => request('tools/list', {}),
        call: (name, args) => request('tools/call', { name, arguments: args }),
        protocol: () => init.protocolVersion,
        close: () => link.close(),
      };
    },
  };
}

/** Requests with ids over a link: `link.send(message, settle)` delivers the response to `settle` (by id). */
function rpc(link) {
  let nextId = 0;
  return (method, params) =>
    new Promise((resolve, reject) => {
      nextId += 1;
      const settle = (response) => {
        if (response.error) reject(new Error(`${method}: ${response.error.code} ${response.error.message}`));
        else resolve(response.result);
      };
      Promise.resolve(link.send({ jsonrpc: '2.0', id: nextId, method, params }, settle)).catch(reject);
    });
}

/** The variables the MCP clients measured beside it pass to a server they spawn (rxmcp's and the official SDK's defaults). */
const CHILD_ENV_VARS = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

function stdioLink([command, ...args]) {
  // The same small environment the clients give their child: the whole of it (NODE_EXTRA_CA_CERTS, say) can add tens
  // of milliseconds to a Node child's start, which would be counted against the limit's connect.
  const env = Object.fromEntries(CHILD_ENV_VARS.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]));
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], env });
  const pending = new Map();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let parts = [];
  const deliver = (line) => {
    if (line.length === 0) return;
    const message = JSON.parse(line.toString('utf8'));
    const settle = pending.get(message.id);
    if (settle === undefined) return;
    pending.delete(message.id);
    settle(message);
  };
  // Lines are cut out of the chunks as they come; a line that spans chunks is joined once, when it ends.
  child.stdout.on('data', (chunk) => {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      start = end + 1;
      if (parts.length === 0) deliver(piece);
      else {
        parts.push(piece);
        const line = Buffer.concat(parts);
        parts = [];
        deliver(line);
      }
    }
    if (start < chunk.length) parts.push(chunk.subarray(start));
  });
  const write = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return {
    send(message, settle) {
      pending.set(message.id, settle);
      write(message);
    },
    notify: async (message) => void write(message),
    negotiated() {},
    async close() {
      child.stdin.end();
      await bounded(exited, 3000);
    },
  };
}

/** One POST through a keep-alive node:http Agent: `{ status, type, session, text }`. */
function nodePoster() {
  const agent = new http.Agent({ keepAlive: true });
  const post = (url, headers, body) =>
    new Promise((resolve, reject) => {
      const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({
          status: res.statusCode,
          type: res.headers['content-type'] ?? '',
          session: res.headers['mcp-session-id'],
          text: Buffer.concat(chunks).toString('utf8'),
        }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { post, close: () => agent.destroy() };
}

/** One POST through the global fetch (Node's undici keeps connections alive by itself). */
function fetchPoster() {
  const post = async (url, headers, body) => {
    const res = await fetch(url, { method: 'POST', headers, body });
    return { status: res.status, type: res.headers.get('content-type') ?? '', session: res.headers.get('mcp-session-id') ?? undefined, text: await res.text() };
  };
  return { post, close() {} };
}

function httpLink(url, poster) {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (message) => poster.post(url, headers, JSON.stringify(message));
  return {
    async send(message, settle) {
      const { status, type, session, text } = await post(message);
      if (status !== 200) throw new Error(`${message.method}: HTTP ${status} ${text.slice(0, 200)}`);
      if (session !== undefined) headers['mcp-session-id'] = session;
      const response = type.startsWith('text/event-stream') ? fromEvents(text, message.id) : JSON.parse(text);
      if (response?.id !== message.id) throw new Error(`${message.method}: no response with id ${message.id}`);
      settle(response);
    },
    async notify(message) {
      const { status } = await post(message);
      if (status !== 202 && status !== 200) throw new Error(`${message.method}: HTTP ${status}`);
    },
    negotiated(version) {
      headers['mcp-protocol-version'] = version;
    },
    async close() {
      poster.close();
    },
  };
}

/** The message with `id` among the events of an SSE body (the data lines of one event joined by newlines). */
function fromEvents(text, id) {
  let data = [];
  const flush = () => {
    const message = data.length > 0 ? JSON.parse(data.join('\n')) : undefined;
    data = [];
    return message?.id === id ? message : undefined;
  };
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
    if (line.startsWith('data:')) data.push(line.slice(line.charCodeAt(5) === 32 ? 6 : 5));
    else if (line === '') {
      const message = flush();
      if (message !== undefined) return message;
    }
  }
  return flush();
}

/** Settles as `promise` does, or resolves with undefined once `ms` passed first; the timer is cleared either way. */
export function bounded(promise, ms) {
  let timer;
  const limit = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}
