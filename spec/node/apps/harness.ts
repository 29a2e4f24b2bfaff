import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { sandboxCsp } from '../../../src/apps/csp.js';
// @ts-expect-error: a JavaScript fixture without declarations
import { probeHandler } from '../../fixtures/apps/probe-server.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

function listen(handler: Handler): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => handler(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

const stop = (server: Server): Promise<void> => new Promise((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

const html = (script: string): string => `<!doctype html><html><head><meta charset="utf-8"><title>apps</title><script type="module" src="${script}"></script></head><body><div id="apps"></div></body></html>`;

/** The host page and the sandbox on two origins of 127.0.0.1, with the probe server at the host's `/mcp`. */
export interface AppsHarness {
  /** The host page (its `sandbox` query parameter names the proxy page). */
  readonly pageUrl: string;
  readonly hostOrigin: string;
  readonly sandboxOrigin: string;
  /** The probe server's MCP endpoint. */
  readonly probeUrl: string;
  /** The `csp` query parameters the sandbox server was asked for, and the policies it answered with. */
  readonly sandboxRequests: { query: string | null; policy: string }[];
  /** How many times an app fetched `/teardown-seen` (the probe does when asked to finish). */
  teardowns: number;
  close(): Promise<void>;
}

async function bundle(dir: string, hostOrigin: string): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: { host: 'spec/node/apps/page/host.ts', proxy: 'spec/node/apps/page/proxy.ts' },
    outdir: dir, bundle: true, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'warning',
    define: { HOST_ORIGIN: JSON.stringify(hostOrigin) },
    logOverride: { 'ignored-bare-import': 'silent' },
  });
}

function hostRoutes(harness: { teardowns: number }, dir: string, probe: { handle: (req: IncomingMessage, res: ServerResponse) => void }): Handler {
  return (req, res, url) => {
    const cors = { 'access-control-allow-origin': '*' };
    if (url.pathname === '/mcp') return void probe.handle(req, res);
    if (url.pathname === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(html('/host.js'));
    if (url.pathname === '/host.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(dir, 'host.js')));
    if (url.pathname === '/data.json') return void res.writeHead(200, { 'content-type': 'application/json', ...cors }).end('"ok"');
    if (url.pathname === '/teardown-seen') {
      harness.teardowns += 1;
      return void res.writeHead(200, cors).end();
    }
    res.writeHead(404).end();
  };
}

function sandboxRoutes(requests: AppsHarness['sandboxRequests'], dir: string): Handler {
  return (_req, res, url) => {
    if (url.pathname === '/proxy.html') {
      const query = url.searchParams.get('csp');
      const policy = sandboxCsp(query);
      requests.push({ query, policy });
      return void res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': policy }).end(html('/proxy.js'));
    }
    if (url.pathname === '/proxy.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(dir, 'proxy.js')));
    res.writeHead(404).end();
  };
}

/** Starts both origins and bundles the pages (rxmcp from dist/: run `npm run build` first). */
export async function startAppsHarness(): Promise<AppsHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'rxmcp-apps-'));
  const counter = { teardowns: 0 };
  let hostOrigin = '';
  const probe = probeHandler({ get allowedOrigin() { return hostOrigin; }, get teardownUrl() { return `${hostOrigin}/teardown-seen`; } });
  const host = await listen((req, res, url) => hostRoutes(counter, dir, probe)(req, res, url));
  hostOrigin = host.origin;
  const requests: AppsHarness['sandboxRequests'] = [];
  const sandbox = await listen(sandboxRoutes(requests, dir));
  await bundle(dir, host.origin);
  return {
    pageUrl: `${host.origin}/?sandbox=${encodeURIComponent(`${sandbox.origin}/proxy.html`)}`,
    hostOrigin: host.origin,
    sandboxOrigin: sandbox.origin,
    probeUrl: `${host.origin}/mcp`,
    sandboxRequests: requests,
    get teardowns() { return counter.teardowns; },
    set teardowns(value: number) { counter.teardowns = value; },
    close: async () => {
      await Promise.all([stop(host.server), stop(sandbox.server), probe.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
