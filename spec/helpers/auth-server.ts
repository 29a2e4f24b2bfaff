// Node side of the OAuth fixtures: serves spec/support/routes/300-auth.cjs (the code karma mounts) on 127.0.0.1,
// port 0, started on first use, and hands its origins to the shared auth specs.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { AuthFixtureOrigins } from './auth-fixtures.js';

type Route = (req: IncomingMessage, res: ServerResponse, next: () => void) => Promise<unknown>;

interface AuthRoutes {
  readonly route: Route;
  readonly crossOriginUrl: () => Promise<string>;
  readonly close: () => Promise<void>;
}

const require = createRequire(import.meta.url);

async function startAuthServer(): Promise<AuthFixtureOrigins & { close(): Promise<void> }> {
  const routes = require('../support/routes/300-auth.cjs') as AuthRoutes;
  const server = createServer((req, res) => {
    routes.route(req, res, () => res.writeHead(404).end('Not found')).catch((error: unknown) => res.writeHead(500).end(String(error)));
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

let running: ReturnType<typeof startAuthServer> | undefined;

(globalThis as { __rxmcpAuthFixtures?: () => Promise<AuthFixtureOrigins> }).__rxmcpAuthFixtures = () => (running ??= startAuthServer());

afterAll(async () => {
  if (running !== undefined) await (await running).close();
  running = undefined;
});
