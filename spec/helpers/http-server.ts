// Node side of the Streamable HTTP fixtures: serves spec/support/routes/100-streamable-http.cjs (the code karma
// mounts) on 127.0.0.1, port 0, started on first use, and hands its URLs to the shared specs.
import { createRequire } from 'node:module';
import type { StreamableHttpFixtureUrls } from './http-server-urls.js';
import { serveRoutes, type RouteModule, type RouteServer } from './route-server.js';
import { afterRun } from './after-run.js';

/** A running server of the Streamable HTTP routes. */
export interface StreamableHttpFixtureServer extends StreamableHttpFixtureUrls, RouteServer {}

const require = createRequire(import.meta.url);

/** Serves the Streamable HTTP routes with node:http on 127.0.0.1, port 0. */
export function startStreamableHttpServer(): Promise<StreamableHttpFixtureServer> {
  return serveRoutes(require('../support/routes/100-streamable-http.cjs') as RouteModule);
}

let running: Promise<StreamableHttpFixtureServer> | undefined;

(globalThis as { __rxmcpStreamableHttpFixtures?: () => Promise<StreamableHttpFixtureUrls> }).__rxmcpStreamableHttpFixtures =
  () => (running ??= startStreamableHttpServer());

afterRun(async () => {
  if (running !== undefined) await (await running).close();
  running = undefined;
});
