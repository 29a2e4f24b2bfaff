// Node side of the scripted model server: serves spec/support/routes/400-model.cjs (the code karma mounts) on
// 127.0.0.1, port 0, started on first use.
import { createRequire } from 'node:module';
import { serveRoutes, type RouteModule, type RouteServer } from './route-server.js';
import { afterRun } from './after-run.js';

const require = createRequire(import.meta.url);

let running: Promise<RouteServer> | undefined;

/** The base URL of the scripted model server in Node (started on first use, stopped after the suite). */
export function modelServerBaseInNode(): Promise<string> {
  running ??= serveRoutes(require('../support/routes/400-model.cjs') as RouteModule);
  return running.then((server) => server.base);
}

(globalThis as { __rxmcpModelServer?: () => Promise<string> }).__rxmcpModelServer = modelServerBaseInNode;

afterRun(async () => {
  if (running !== undefined) await (await running).close();
  running = undefined;
});
