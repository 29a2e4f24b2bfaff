// `rxmcp ui`'s backend: the page and its config.json, the HTTP relay and the servers' WebSockets on one 127.0.0.1
// port; the MCP Apps sandbox proxy on a second one (another origin, as the MCP Apps extension asks).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { presetsOf, type Catalog, type UiPreset } from './catalog.js';
import { PAGE_FILES, SANDBOX_FILES, sandboxHeaders, sendFile, sendSandboxPage, sendText } from './files.js';
import { hostPageCsp } from '../../apps/csp.js';
import { check, checkHost, newToken, originsOf, tokenCookie, type Gate } from './guard.js';
import { relayHttp, relayTarget } from './http-relay.js';
import { socketSide } from './sockets.js';

/** Options of {@link startUiServer}. */
export interface UiServerOptions {
  /** The page's port on 127.0.0.1 (0: a free one); the sandbox takes the next one (or a free one). */
  readonly port: number;
  /** The folder of the built page (dist/ui). */
  readonly pageDir: string;
  readonly catalog: Catalog;
  /** Let the page spawn commands that are neither on the command line nor in a configuration file. */
  readonly allowSpawn: boolean;
  /** Pass the whole environment to spawned servers. */
  readonly inheritEnv: boolean;
  /** Where refusals, spawns and exits are reported. */
  readonly log: (line: string) => void;
  /** The token (default: a fresh random one). */
  readonly token?: string;
}

/** A running backend. */
export interface UiServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly sandboxOrigin: string;
  readonly token: string;
  readonly presets: readonly UiPreset[];
  /** The page's URL with the token (and `url=` to connect at once, when given). */
  pageUrl(connect?: string): string;
  /** Ends every relay (and waits for the spawned processes to exit), then both servers. */
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

const stop = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

function guarded(gate: Gate, log: (line: string) => void, handle: Handler) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refusal = check(url, req.headers, gate);
    if (refusal !== undefined) {
      log(`refused ${req.method} ${url.pathname} (403): ${refusal.reason}`);
      return sendText(res, 403, `Forbidden: ${refusal.reason}\n`);
    }
    handle(req, res, url).catch((error: unknown) => (res.headersSent ? res.destroy() : sendText(res, 500, String(error))));
  };
}

function pageHandler(options: UiServerOptions, gate: Gate, config: () => unknown, sandboxOrigin: string): Handler {
  return async (req, res, url) => {
    const cookie = `${tokenCookie(gate.port)}=${gate.token}; HttpOnly; SameSite=Strict; Path=/`;
    if (url.pathname === '/relay') {
      const target = relayTarget(url);
      return target === undefined ? sendText(res, 400, 'relay needs url=<http(s) URL>\n') : relayHttp(req, res, target);
    }
    const file = PAGE_FILES[url.pathname];
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed\n');
    if (url.pathname === '/config.json') return void res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(config()));
    if (file === undefined) return sendText(res, 404, 'Not found\n');
    await sendFile(res, options.pageDir, file, { 'content-security-policy': hostPageCsp(sandboxOrigin), 'set-cookie': cookie, 'referrer-policy': 'no-referrer' });
  };
}

/** The sandbox origin's files; its page names the page's origins (`pagePort()`) as the only hosts that may frame it. */
function sandboxHandler(pageDir: string, port: () => number, pagePort: () => number, log: (line: string) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refusal = checkHost(req.headers, port());
    if (refusal !== undefined) {
      log(`refused ${req.method} ${url.pathname} on the sandbox (403): ${refusal.reason}`);
      return sendText(res, 403, `Forbidden: ${refusal.reason}\n`);
    }
    const file = SANDBOX_FILES[url.pathname];
    if (file === undefined || req.method !== 'GET') return sendText(res, 404, 'Not found\n');
    const sent = file === 'sandbox.html' ? sendSandboxPage(res, pageDir, originsOf(pagePort()), sandboxHeaders(url)) : sendFile(res, pageDir, file, sandboxHeaders(url));
    sent.catch((error: unknown) => sendText(res, 500, String(error)));
  };
}

/**
 * Starts the backend on 127.0.0.1: every request and socket of the page's port needs the token (`?token=`, or the
 * cookie the page gets with its first load), its own `Host` and, when there is one, its own `Origin`; refusals are
 * 403 and logged. Errors when a port is taken.
 */
export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  let sandboxPort = 0;
  const gate = { token: options.token ?? newToken(), port: 0 };
  const sandbox = createServer(sandboxHandler(options.pageDir, () => sandboxPort, () => gate.port, options.log));
  sandboxPort = await listen(sandbox, options.port === 0 ? 0 : options.port + 1);
  const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
  const state = { presets: [] as UiPreset[] };
  const page = createServer();
  const sockets = socketSide({ gate: gate, catalog: options.catalog, allowSpawn: options.allowSpawn, inheritEnv: options.inheritEnv, log: options.log });
  page.on('request', guarded(gate, options.log, pageHandler(options, gate, () => ({ sandboxOrigin, presets: state.presets, relay: `http://127.0.0.1:${gate.port}/relay` }), sandboxOrigin)));
  page.on('upgrade', sockets.upgrade);
  gate.port = await listen(page, options.port).catch(async (error: unknown) => {
    await stop(sandbox);
    throw error;
  });
  const origin = `http://127.0.0.1:${gate.port}`;
  state.presets = presetsOf(options.catalog, `ws://127.0.0.1:${gate.port}`, gate.token);
  return {
    origin, sandboxOrigin, token: gate.token, presets: state.presets,
    pageUrl: (connect) => `${origin}/?token=${gate.token}${connect === undefined ? '' : `&url=${encodeURIComponent(connect)}`}`,
    close: async () => {
      await sockets.close();
      await Promise.all([stop(page), stop(sandbox)]);
    },
  };
}
