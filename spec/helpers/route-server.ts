// Serves one karma route module (spec/support/routes/*.cjs) with node:http on 127.0.0.1, port 0, so the Node specs
// meet the same server code the browser specs meet through karma.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a route module with a cross-origin twin exports. */
export interface RouteModule {
  readonly route: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown;
  readonly crossOriginUrl: () => Promise<string>;
  readonly close: () => Promise<void>;
}

/** A running route server: its same-origin base, the module's cross-origin URL, and how to stop both. */
export interface RouteServer {
  readonly base: string;
  readonly crossOrigin: string;
  close(): Promise<void>;
}

/** Serves `routes`; a request no route takes gets 404, a route that throws gets 500 with the error text. */
export async function serveRoutes(routes: RouteModule): Promise<RouteServer> {
  const server = createServer((req, res) => {
    const notFound = (error?: unknown) => res.writeHead(error ? 500 : 404).end(error ? String(error) : 'Not found');
    Promise.resolve()
      .then(() => routes.route(req, res, notFound))
      .catch(notFound);
  });
  // The server runs in the spec process: after a spec that blocks the event loop past the keep-alive timeout (an
  // in-process compile), the server would close idle connections just as the next spec's fetch reuses one
  // (ECONNRESET). Idle connections are left to the client to close; `close()` ends them all.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    crossOrigin: await routes.crossOriginUrl(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await routes.close();
    },
  };
}
