import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { hostPageCsp, sandboxCsp } from 'rxmcp/apps';

/** The page's own policy, the same as under `rxmcp ui`. */
export const pageCsp = hostPageCsp;

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
};

/** A file a server may send: its path on disk (its text rewritten by `edit` when given), or the text to send. */
export type Route = { readonly file: string; readonly edit?: (text: string) => string } | { readonly text: () => string; readonly type: string };

/** A static server on 127.0.0.1: only the routes it was given, nothing from the file system beyond them. */
export interface StaticServer {
  readonly origin: string;
  close(): Promise<void>;
}

async function send(res: ServerResponse, route: Route, headers: Record<string, string>): Promise<void> {
  const base = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers };
  if ('text' in route) {
    res.writeHead(200, { ...base, 'content-type': route.type }).end(route.text());
    return;
  }
  const extension = route.file.slice(route.file.lastIndexOf('.'));
  const body = route.edit === undefined ? await readFile(route.file) : route.edit(await readFile(route.file, 'utf8'));
  res.writeHead(200, { ...base, 'content-type': TYPES[extension] ?? 'application/octet-stream' }).end(body);
}

function handler(routes: ReadonlyMap<string, Route>, headersFor: (url: URL) => Record<string, string>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = routes.get(url.pathname);
    if (route === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    send(res, route, headersFor(url)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  };
}

/** Starts a static server on 127.0.0.1:`port` (0: any free port). */
export function serveStatic(port: number, routes: ReadonlyMap<string, Route>, headersFor: (url: URL) => Record<string, string> = () => ({})): Promise<StaticServer> {
  const server: Server = createServer(handler(routes, headersFor));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${bound}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** The page's routes: the HTML, the stylesheet, the bundles and their maps, and `config.json`. */
export function pageRoutes(publicDir: string, distDir: string, config: () => unknown): Map<string, Route> {
  const routes = new Map<string, Route>([
    ['/', { file: join(publicDir, 'index.html') }],
    ['/index.html', { file: join(publicDir, 'index.html') }],
    ['/style.css', { file: join(publicDir, 'style.css') }],
    ['/callback.html', { file: join(publicDir, 'callback.html') }],
    ['/config.json', { text: () => JSON.stringify(config()), type: TYPES['.json'] as string }],
  ]);
  for (const name of ['dashboard.js', 'callback.js']) {
    routes.set(`/${name}`, { file: join(distDir, name) });
    routes.set(`/${name}.map`, { file: join(distDir, `${name}.map`) });
  }
  return routes;
}

/**
 * The sandbox page with the page's origins in its `<meta name="rxmcp-host-origins">`, as `rxmcp ui` writes it: the
 * proxy (`src/sandbox/proxy.ts`) then runs for those hosts only, so another site framing it gets no app.
 */
function withHostOrigins(html: string, hostOrigins: readonly string[]): string {
  return html.replace(/<head>/i, (head) => `${head}\n    <meta name="rxmcp-host-origins" content="${hostOrigins.join(' ')}" />`);
}

/**
 * The sandbox origin's routes: the proxy page (its CSP from the `csp` query parameter, the origins that may frame it
 * from `hostOrigins` at each request) and its script.
 */
export function sandboxRoutes(publicDir: string, distDir: string, hostOrigins: () => readonly string[]): { routes: Map<string, Route>; headersFor: (url: URL) => Record<string, string> } {
  const routes = new Map<string, Route>([
    ['/sandbox.html', { file: join(publicDir, 'sandbox.html'), edit: (html) => withHostOrigins(html, hostOrigins()) }],
    ['/sandbox.js', { file: join(distDir, 'sandbox.js') }],
    ['/sandbox.js.map', { file: join(distDir, 'sandbox.js.map') }],
  ]);
  const headersFor = (url: URL): Record<string, string> =>
    url.pathname === '/sandbox.html' ? { 'content-security-policy': sandboxCsp(url.searchParams.get('csp')) } : {};
  return { routes, headersFor };
}
