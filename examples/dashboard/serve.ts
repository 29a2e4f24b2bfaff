// `npm run dashboard`: the live dashboard (a static page on rxmcp's browser entry) with the bundled example server
// and an MCP App server from npm, every one on 127.0.0.1.
//
//   page      http://127.0.0.1:8300/          the dashboard (index.html, dashboard.js, config.json)
//   sandbox   http://127.0.0.1:8301/          the MCP Apps sandbox proxy, another origin as SEP-1865 asks
//   example   http://127.0.0.1:8302/mcp       examples/server over Streamable HTTP (both protocol eras), CORS
//   app       http://127.0.0.1:8303/mcp       @modelcontextprotocol/server-basic-vanillajs (an MCP App)
//
// Options: --port <first port> (default 8300; 0 picks free ports), --no-app (no MCP App server).
import { join } from 'node:path';
import { ExampleState } from '../server/example-server.js';
import { startExampleHttpServer, type ExampleHttpServer } from '../server/http.js';
import { isMainModule } from '../server/main.js';
import { startAppServer, type AppServer } from './server/app-server.js';
import { buildDashboard, DASHBOARD_DIR, DASHBOARD_DIST, kb, type BundleReport } from './server/build.js';
import { pageCsp, pageRoutes, sandboxRoutes, serveStatic, type StaticServer } from './server/static.js';

/** A server the page offers to connect to (`rxmcp ui` adds `stdio` presets, its backend's WebSocket URLs). */
export interface DashboardPreset {
  readonly name: string;
  readonly url: string;
  readonly kind: 'http' | 'stdio';
}

/** Options of {@link startDashboard}. */
export interface DashboardOptions {
  /** The page's port; the sandbox, example and app servers take the next three. 0 (default): free ports. */
  readonly port?: number;
  /** Start the MCP App server from npm (default true). */
  readonly app?: boolean;
  /** The example server's state (default: a fresh one). */
  readonly state?: ExampleState;
  /** Build the bundles first (default true). */
  readonly build?: boolean;
}

/** A running dashboard. */
export interface Dashboard {
  readonly pageUrl: string;
  readonly sandboxOrigin: string;
  readonly exampleUrl: string;
  readonly appUrl: string | undefined;
  readonly state: ExampleState;
  readonly bundles: readonly BundleReport[];
  /** Stops the example server (open streams and sessions end), as a crash or a deploy would. */
  stopExample(): Promise<void>;
  /** Starts the example server again on the same port with the same state. */
  startExample(): Promise<void>;
  close(): Promise<void>;
}

const next = (port: number, offset: number): number => (port === 0 ? 0 : port + offset);

/** Starts the page, the sandbox origin, the example server and (by default) the MCP App server. */
export async function startDashboard(options: DashboardOptions = {}): Promise<Dashboard> {
  const port = options.port ?? 0;
  const state = options.state ?? new ExampleState();
  const bundles = options.build === false ? [] : await buildDashboard();
  const publicDir = join(DASHBOARD_DIR, 'public');
  // The sandbox is served before the page's port is known; it is asked for only once the page runs.
  let pageOrigin: string | undefined;
  const { routes, headersFor } = sandboxRoutes(publicDir, DASHBOARD_DIST, () => (pageOrigin === undefined ? [] : [pageOrigin]));
  const sandbox = await serveStatic(next(port, 1), routes, headersFor);
  let example: ExampleHttpServer | undefined = await startExampleHttpServer({ port: next(port, 2), state });
  const exampleUrl = example.url;
  const app: AppServer | undefined = options.app === false ? undefined : await startAppServer({ port: next(port, 3) });
  const presets: DashboardPreset[] = [{ name: 'rxmcp example server', url: exampleUrl, kind: 'http' }];
  if (app) presets.push({ name: 'MCP App: basic-vanillajs (npm)', url: app.url, kind: 'http' });
  const config = () => ({ sandboxOrigin: sandbox.origin, presets });
  const page: StaticServer = await serveStatic(port, pageRoutes(publicDir, DASHBOARD_DIST, config), () => ({
    'content-security-policy': pageCsp(sandbox.origin),
  }));
  pageOrigin = page.origin;
  const examplePort = Number(new URL(exampleUrl).port);
  return {
    pageUrl: `${page.origin}/`,
    sandboxOrigin: sandbox.origin,
    exampleUrl,
    appUrl: app?.url,
    state,
    bundles,
    stopExample: async () => {
      await example?.close();
      example = undefined;
    },
    startExample: async () => {
      example ??= await startExampleHttpServer({ port: examplePort, state });
    },
    close: async () => {
      await Promise.all([page.close(), sandbox.close(), example?.close(), app?.close()]);
    },
  };
}

function parsePort(argv: readonly string[]): number {
  const index = argv.indexOf('--port');
  const port = index === -1 ? 8300 : Number(argv[index + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65532) throw new Error('usage: npm run dashboard -- [--port <port>] [--no-app]');
  return port;
}

if (isMainModule(import.meta.url)) {
  const argv = process.argv.slice(2);
  const dashboard = await startDashboard({ port: parsePort(argv), app: !argv.includes('--no-app') });
  for (const bundle of dashboard.bundles) console.log(`bundle ${bundle.file}: ${kb(bundle.bytes)} minified, ${kb(bundle.gzipBytes)} gzipped`);
  console.log(`example server  ${dashboard.exampleUrl}`);
  if (dashboard.appUrl) console.log(`MCP App server  ${dashboard.appUrl}`);
  console.log(`sandbox origin  ${dashboard.sandboxOrigin}`);
  console.log(`\nDashboard: ${dashboard.pageUrl}?url=${encodeURIComponent(dashboard.exampleUrl)}\n(Ctrl-C stops everything)`);
  const stop = (): void => {
    dashboard.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
