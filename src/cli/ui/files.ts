// The files `rxmcp ui` serves: the page (built into dist/ui by scripts/build.mjs) on its origin, the MCP Apps
// sandbox proxy on the other. Only these routes exist; nothing else of the file system is reachable.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxCsp } from '../../apps/csp.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

/** The page's files, by path. */
export const PAGE_FILES: Readonly<Record<string, string>> = {
  '/': 'index.html', '/index.html': 'index.html', '/style.css': 'style.css', '/dashboard.js': 'dashboard.js',
  '/callback.html': 'callback.html', '/callback.js': 'callback.js',
};

/** The sandbox origin's files, by path. */
export const SANDBOX_FILES: Readonly<Record<string, string>> = { '/sandbox.html': 'sandbox.html', '/sandbox.js': 'sandbox.js' };

/**
 * The folder of the built page: `ui/` beside the running `dist/cli.js`, else (run from the sources) the repository's
 * `dist/ui`. `undefined` when none has the page.
 */
export function defaultPageDir(moduleUrl: string = import.meta.url): string | undefined {
  // dist/cli.js (or a chunk of it in dist/chunks/), else src/cli/ui/files.ts in the repository.
  const candidates = ['./ui/', '../ui/', '../../../dist/ui/'].map((path) => fileURLToPath(new URL(path, moduleUrl)));
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}

/** Headers of the sandbox's files: the proxy page gets the CSP its `csp` query parameter asks for. */
export const sandboxHeaders = (url: URL): Record<string, string> =>
  url.pathname === '/sandbox.html' ? { 'content-security-policy': sandboxCsp(url.searchParams.get('csp')) } : {};

/** The name of the `<meta>` through which the sandbox page learns the only origins that may frame it. */
export const HOST_ORIGINS_META = 'rxmcp-host-origins';

/**
 * The sandbox page with the page's origins in its `<meta name="rxmcp-host-origins">` (space-separated), written by
 * the backend that knows them: the proxy runs for those hosts only, so another site framing it gets no app.
 */
export function withHostOrigins(html: string, hostOrigins: readonly string[]): string {
  const meta = `<meta name="${HOST_ORIGINS_META}" content="${hostOrigins.join(' ')}" />`;
  return html.replace(/<head>/i, (head) => `${head}\n    ${meta}`);
}

/** Sends the sandbox page of `dir` with `hostOrigins` written into it (see {@link withHostOrigins}). */
export async function sendSandboxPage(res: ServerResponse, dir: string, hostOrigins: readonly string[], headers: Record<string, string>): Promise<void> {
  const html = withHostOrigins(await readFile(join(dir, 'sandbox.html'), 'utf8'), hostOrigins);
  res.writeHead(200, { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-type': TYPES['.html'] as string, ...headers }).end(html);
}

/** Sends one file of `dir` (200), with `headers` and no caching. */
export async function sendFile(res: ServerResponse, dir: string, file: string, headers: Record<string, string>): Promise<void> {
  const body = await readFile(join(dir, file));
  const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
  res.writeHead(200, { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-type': type, ...headers }).end(body);
}

/** Answers with `status` and a line of text. */
export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }).end(text);
}
