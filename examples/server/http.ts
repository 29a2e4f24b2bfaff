import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { createExampleServer, ExampleState } from './example-server.js';
import { LegacySessions } from './legacy-sessions.js';
import { isMainModule } from './main.js';

/** Options of {@link startExampleHttpServer}. */
export interface ExampleHttpOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  readonly port?: number;
  /** The state shared by all requests; a fresh one by default. */
  readonly state?: ExampleState;
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
function exampleHandler(state: ExampleState) {
  const modern = createMcpHandler((context) => createExampleServer({ ...context, state, follow: false }), {
    legacy: 'reject',
    onerror: (error) => console.error('example http (2026):', error.message),
  });
  const legacy = new LegacySessions(() => createExampleServer({ era: 'legacy', state }));
  const stopNotifying = state.subscribe((change) => {
    if (change.kind === 'tools') modern.notify.toolsChanged();
    else modern.notify.resourceUpdated(change.uri);
  });
  return {
    fetch: async (request: Request): Promise<Response> =>
      (await isLegacyRequest(request)) ? legacy.fetch(request) : modern.fetch(request),
    close: async (): Promise<void> => {
      stopNotifying();
      await Promise.all([modern.close(), legacy.close()]);
    },
  };
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

/**
 * Serves `handler` on 127.0.0.1 at path `/mcp` (`port` 0 picks a free one), with the localhost Host check; `close()`
 * ends the handler's streams and every open connection.
 */
export async function serveMcpHandler(handler: ClosableHandler, port: number): Promise<ExampleHttpServer> {
  const nodeHandler = toNodeHandler(handler, { onerror: (error) => console.error('example http:', error.message) });
  const validHost = localhostHostValidation();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!validHost(req, res)) return;
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
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

/** Serves the example MCP server over Streamable HTTP on 127.0.0.1, path `/mcp`, in both protocol eras. */
export function startExampleHttpServer(options: ExampleHttpOptions = {}): Promise<ExampleHttpServer> {
  return serveMcpHandler(exampleHandler(options.state ?? new ExampleState()), options.port ?? 0);
}

if (isMainModule(import.meta.url)) {
  const port = Number(process.argv[2] ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: tsx examples/server/http.ts [port]');
    process.exit(2);
  }
  const running = await startExampleHttpServer({ port });
  console.log(`LISTENING ${running.url}`);
  const stop = (): void => {
    running.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
