// `/relay?url=<server>`: the page's HTTP requests to a remote MCP server that sends no CORS headers, made from
// here instead (a browser may not read such answers; this process may). The answer streams back as it comes, so
// SSE streams stay streams.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** Request headers the relay passes on: what MCP over HTTP and its authorization use. */
const REQUEST_HEADERS = ['accept', 'content-type', 'authorization', 'last-event-id'];
/** Answer headers the relay passes back. */
const RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'mcp-protocol-version', 'www-authenticate', 'cache-control'];

const isMcpHeader = (name: string): boolean => name.startsWith('mcp-');

function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && (REQUEST_HEADERS.includes(name) || isMcpHeader(name))) headers[name] = value;
  }
  return headers;
}

/** The page's request body (MCP sends JSON text). */
async function bodyOf(req: IncomingMessage): Promise<string | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The target of `/relay?url=…`: an http(s) URL, else `undefined`. */
export function relayTarget(url: URL): URL | undefined {
  const raw = url.searchParams.get('url');
  if (raw === null) return undefined;
  try {
    const target = new URL(raw);
    return target.protocol === 'http:' || target.protocol === 'https:' ? target : undefined;
  } catch {
    return undefined;
  }
}

function answer(res: ServerResponse, response: Response): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  for (const name of RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).on('error', () => res.destroy()).pipe(res);
}

/**
 * Makes the page's request to `target` and streams the answer back (status, MCP headers, body). A closed page
 * request aborts the server request; a server that cannot be reached is a 502 naming why.
 */
export async function relayHttp(req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> {
  const abort = new AbortController();
  res.once('close', () => abort.abort());
  try {
    const body = await bodyOf(req);
    const response = await fetch(target, { method: req.method ?? 'GET', headers: forwardedHeaders(req), ...(body === undefined ? {} : { body }), signal: abort.signal, redirect: 'manual' });
    answer(res, response);
  } catch (error) {
    if (res.headersSent) return void res.destroy();
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`The relay could not reach ${target.origin}: ${cause ?? (error as Error).message}`);
  }
}
