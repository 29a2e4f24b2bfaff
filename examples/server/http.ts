import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { cacheTtlArgument, createExampleServer, type ExampleEvents, ExampleState } from './example-server.js';
import { LegacySessions } from './legacy-sessions.js';
import { isMainModule } from './main.js';
import { withCoreTasks } from './core-tasks.js';
import { withTasks } from './tasks.js';

/** Options of {@link startExampleHttpServer}. */
export interface ExampleHttpOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  readonly port?: number;
  /** The state shared by all requests; a fresh one by default. */
  readonly state?: ExampleState;
  /**
   * Serve tasks with the task tool `research`: the 2026-07-28 tasks extension (examples/server/tasks.ts) and the
   * 2025-11-25 core tasks on 2025-11-25 sessions (examples/server/core-tasks.ts); default false.
   */
  readonly tasks?: boolean;
  /** The cache hints of the 2026-07-28 cacheable results, in ms (see `ExampleServerOptions.cacheTtlMs`). */
  readonly cacheTtlMs?: number;
  /** The event sources (Events extension); default: the process-wide ones (`defaultExampleEvents`). */
  readonly events?: ExampleEvents;
}

/** A running example HTTP server. */
export interface ExampleHttpServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** Stops accepting requests, ends open streams and sessions. */
  close(): Promise<void>;
}

/**
 * The fetch-shaped handler of the example server for both eras: 2026-07-28 requests go to the package's per-request
 * handler (`createMcpHandler`, with `subscriptions/listen` streams fed from the shared state), 2025-era requests to
 * sessionful Streamable HTTP so that elicitation, sampling and list-changed notifications reach the client.
 */
function exampleHandler(state: ExampleState, tasks: boolean, cacheTtlMs?: number, events?: ExampleEvents) {
  const modern = createMcpHandler((context) => createExampleServer({ ...context, state, follow: false, cacheTtlMs, ...(events ? { events } : {}) }), {
    legacy: 'reject',
    onerror: (error) => console.error('example http (2026):', error.message),
  });
  const modernFetch = tasks ? withTasks((request) => modern.fetch(request)) : { fetch: (request: Request) => modern.fetch(request), close: () => undefined };
  const legacy = new LegacySessions(() => createExampleServer({ era: 'legacy', state, ...(events ? { events } : {}) }));
  const legacyFetch = tasks ? withCoreTasks((request) => legacy.fetch(request)) : { fetch: (request: Request) => legacy.fetch(request), close: () => undefined };
  const stopNotifying = state.subscribe((change) => {
    if (change.kind === 'tools') modern.notify.toolsChanged();
    else modern.notify.resourceUpdated(change.uri);
  });
  return {
    fetch: async (request: Request): Promise<Response> =>
      (await isLegacyRequest(request)) ? legacyFetch.fetch(request) : modernFetch.fetch(request),
    close: async (): Promise<void> => {
      stopNotifying();
      modernFetch.close();
      legacyFetch.close();
      await Promise.all([modern.close(), legacy.close()]);
    },
  };
}

/** Origins of pages served from this machine (any port): the only ones allowed to call the server from a browser. */
const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/**
 * CORS for browser clients on a loopback origin (a dashboard on another port). The headers a client must read go in
 * `Access-Control-Expose-Headers` on every real response, not only on the preflight: without it a page never sees
 * `Mcp-Session-Id` and every 2025-era request after `initialize` fails. Returns true when it answered a preflight.
 */
function cors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || !LOOPBACK_ORIGIN.test(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate');
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'content-type',
    'Access-Control-Max-Age': '600',
  });
  res.end();
  return true;
}

function listen(server: HttpServer, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** A fetch-shaped MCP handler with a way to end its streams. */
export interface ClosableHandler {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** The revisions the example server speaks, as its card lists them. */
const CARD_VERSIONS: readonly string[] = ['2026-07-28', '2025-11-25'];

/** The example server's MCP Server Card (SEP-2127) for the endpoint `endpoint`, naming `versions`. */
export function exampleServerCard(endpoint: string, versions: readonly string[] = CARD_VERSIONS) {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    name: 'io.github.rxmcp/example-server',
    version: '1.0.0',
    title: 'rxmcp example server',
    description: 'Tools, resources, a prompt and skills for trying rxmcp',
    remotes: [{ type: 'streamable-http' as const, url: endpoint, supportedProtocolVersions: [...versions] }],
  };
}

/**
 * Answers GET `/mcp/server-card` (the endpoint-relative location) and `/.well-known/mcp/server-card.json` with the
 * card, readable from any origin (it is public metadata). Returns false for any other request.
 */
function serveCard(req: IncomingMessage, res: ServerResponse, pathname: string, versions: readonly string[]): boolean {
  if (req.method !== 'GET' || (pathname !== '/mcp/server-card' && pathname !== '/.well-known/mcp/server-card.json')) return false;
  const card = JSON.stringify(exampleServerCard(`http://${req.headers.host ?? '127.0.0.1'}/mcp`, versions));
  res.writeHead(200, {
    'content-type': 'application/mcp-server-card+json',
    'access-control-allow-origin': '*',
    'cache-control': 'public, max-age=3600',
  });
  res.end(card);
  return true;
}

/**
 * Serves `handler` on 127.0.0.1 at path `/mcp` (`port` 0 picks a free one), with its Server Card (naming `cardVersions`), the localhost Host check; `close()`
 * ends the handler's streams and every open connection.
 */
export async function serveMcpHandler(handler: ClosableHandler, port: number, cardVersions: readonly string[] = CARD_VERSIONS): Promise<ExampleHttpServer> {
  const nodeHandler = toNodeHandler(handler, { onerror: (error) => console.error('example http:', error.message) });
  const validHost = localhostHostValidation();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!validHost(req, res)) return;
    if (cors(req, res)) return;
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (serveCard(req, res, pathname, cardVersions)) return;
    if (pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    void nodeHandler(req, res);
  });
  const address = await listen(server, port);
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Serves the example MCP server over Streamable HTTP on 127.0.0.1, path `/mcp`, in both protocol eras, to browser
 * pages on loopback origins too (CORS).
 */
export function startExampleHttpServer(options: ExampleHttpOptions = {}): Promise<ExampleHttpServer> {
  return serveMcpHandler(exampleHandler(options.state ?? new ExampleState(), options.tasks === true, options.cacheTtlMs, options.events), options.port ?? 0);
}

if (isMainModule(import.meta.url)) {
  const port = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: tsx examples/server/http.ts [port] [--tasks] [--cache-ttl=<ms>]');
    process.exit(2);
  }
  const running = await startExampleHttpServer({ port, tasks: process.argv.includes('--tasks'), cacheTtlMs: cacheTtlArgument(process.argv.slice(2)) });
  console.log(`LISTENING ${running.url}`);
  const stop = (): void => {
    running.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
