// Node side of the legacy-SSE and WebSocket fixtures: serves spec/support/routes/200-legacy-sse.cjs and
// 210-ws.cjs (the code karma mounts) on 127.0.0.1, and hands their URLs to the shared specs, lazily.
import type { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { WebSocket } from 'ws';
import type { SseWsFixtureUrls } from './sse-ws-server-urls.js';
import { afterRun } from './after-run.js';

type Route = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown;

interface LegacySseRoutes {
  readonly route: Route;
  /** Emits `stream-closed` `{ name, url }` and `post-aborted` `{ url }`. */
  readonly observer: EventEmitter;
}

interface WsFixture {
  readonly wsUrl: string;
  readonly httpUrl: string;
  close(): Promise<void>;
}

interface WsRoutes {
  readonly startWsFixture: () => Promise<WsFixture>;
}

const require = createRequire(import.meta.url);
const legacySseRoutes = (): LegacySseRoutes => require('../support/routes/200-legacy-sse.cjs') as LegacySseRoutes;
const wsRoutes = (): WsRoutes => require('../support/routes/210-ws.cjs') as WsRoutes;

/** A running HTTP server of the legacy SSE routes. */
export interface LegacySseServer {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** Server-side events: `stream-closed` `{ name, url }`, `post-aborted` `{ url }`. */
  readonly observer: EventEmitter;
  close(): Promise<void>;
}

/** Serves the legacy SSE routes with node:http on 127.0.0.1, port 0. */
export function startLegacySseServer(): Promise<LegacySseServer> {
  const { route, observer } = legacySseRoutes();
  const server = createServer((req, res) => {
    const notFound = (error?: unknown) => res.writeHead(error ? 500 : 404).end(error ? String(error) : 'Not found');
    Promise.resolve()
      .then(() => route(req, res, notFound))
      .catch(notFound);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        observer,
        close: () => {
          server.closeAllConnections();
          return new Promise<void>((done) => server.close(() => done()));
        },
      });
    });
  });
}

/** Starts the WebSocket fixture on 127.0.0.1, port 0. */
export function startWsFixture(): Promise<WsFixture> {
  return wsRoutes().startWsFixture();
}

let shared: Promise<{ urls: SseWsFixtureUrls; close(): Promise<void> }> | undefined;

async function startShared() {
  const [sse, ws] = await Promise.all([startLegacySseServer(), startWsFixture()]);
  return {
    urls: { httpBase: sse.baseUrl, wsBase: ws.wsUrl, wsHttpBase: ws.httpUrl, WebSocket },
    close: async () => {
      await Promise.all([sse.close(), ws.close()]);
    },
  };
}

(globalThis as { __rxmcpSseWsFixtures?: () => Promise<SseWsFixtureUrls> }).__rxmcpSseWsFixtures = async () => {
  shared ??= startShared();
  return (await shared).urls;
};

afterRun(async () => {
  if (shared !== undefined) await (await shared).close();
  shared = undefined;
});
