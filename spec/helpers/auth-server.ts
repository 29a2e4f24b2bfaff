// Node side of the OAuth fixtures: serves spec/support/routes/300-auth.cjs (the code karma mounts) on 127.0.0.1,
// port 0, started on first use, and hands its origins to the shared auth specs.
import { createRequire } from 'node:module';
import type { AuthFixtureOrigins } from './auth-fixtures.js';
import { serveRoutes, type RouteModule, type RouteServer } from './route-server.js';
import { afterRun } from './after-run.js';

const require = createRequire(import.meta.url);

function startAuthServer(): Promise<AuthFixtureOrigins & RouteServer> {
  return serveRoutes(require('../support/routes/300-auth.cjs') as RouteModule);
}

let running: ReturnType<typeof startAuthServer> | undefined;

(globalThis as { __rxmcpAuthFixtures?: () => Promise<AuthFixtureOrigins> }).__rxmcpAuthFixtures = () => (running ??= startAuthServer());

afterRun(async () => {
  if (running !== undefined) await (await running).close();
  running = undefined;
});
