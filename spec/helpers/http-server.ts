// Node side of the Streamable HTTP fixtures: serves spec/support/routes/100-streamable-http.cjs (the code karma
// mounts) on 127.0.0.1, port 0, started on first use, and hands its URLs to the shared specs.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { StreamableHttpFixtureUrls } from './http-server-urls.js';

type Route = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown;

interface StreamableHttpRoutes {
  readonly route: Route;
  readonly crossOriginUrl: () => Promise<string>;
  readonly close: () => Promise<void>;
}

/** A running server of the Streamable HTTP routes. */
export interface StreamableHttpFixtureServer extends StreamableHttpFixtureUrls {
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** Serves the Streamable HTTP routes with node:http on 127.0.0.1, port 0. */
export async function startStreamableHttpServer(): Promise<StreamableHttpFixtureServer> {
  const routes = require('../support/routes/100-streamable-http.cjs') as StreamableHttpRoutes;
  const server = createServer((req, res) => {
    const notFound = (error?: unknown) => res.writeHead(error ? 500 : 404).end(error ? String(error) : 'Not found');
    Promise.resolve()
      .then(() => routes.route(req, res, notFound))
      .catch(notFound);
  });
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

let running: Promise<StreamableHttpFixtureServer> | undefined;

(globalThis as { __rxmcpStreamableHttpFixtures?: () => Promise<StreamableHttpFixtureUrls> }).__rxmcpStreamableHttpFixtures =
  () => (running ??= startStreamableHttpServer());

afterAll(async () => {
  if (running !== undefined) await (await running).close();
  running = undefined;
});
