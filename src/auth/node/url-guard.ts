import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { UrlGuardOptions, UrlGuardResolver } from '../url-guard.js';

/** Largest body read from a pinned answer, in bytes (authorization documents are far smaller). */
const MAX_BODY = 1024 * 1024 + 1;

/** Options of `nodeUrlGuard`. */
export interface NodeUrlGuardOptions {
  /** What passes although it is refused otherwise: host names (`*.corp.example`), addresses and CIDR blocks. */
  readonly allow?: readonly string[];
  /** Resolves a host name to all its addresses (default: `dns.lookup` with `all: true`, as Node connects). */
  readonly lookup?: (hostname: string) => Promise<readonly string[]>;
}

const familyOf = (address: string): 4 | 6 => (address.includes(':') ? 6 : 4);

/** A `lookup` for `net.connect` that answers with the checked addresses only. */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const entries: LookupAddress[] = addresses.map((address) => ({ address, family: familyOf(address) }));
    if (options.all === true) (callback as (error: null, all: LookupAddress[]) => void)(null, entries);
    else callback(null, entries[0]?.address ?? '', entries[0]?.family ?? 4);
  };
}

function headersOf(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return headers;
}

/** The answer as a `Response`; the body is read whole, at most MAX_BODY bytes (more is cut, and so unreadable). */
function toResponse(message: IncomingMessage): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => {
      const status = message.statusCode ?? 500;
      const empty = status === 204 || status === 205 || status === 304 || status < 200;
      resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: headersOf(message) }));
    };
    message.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      else message.destroy();
    });
    message.on('end', done);
    message.on('close', () => (size > MAX_BODY ? done() : undefined));
    message.on('error', reject);
  });
}

function bodyOf(init: RequestInit): string | undefined {
  if (init.body === undefined || init.body === null) return undefined;
  if (typeof init.body === 'string') return init.body;
  throw new TypeError('A pinned authorization request takes a string body only');
}

/** Sends one request over node:http(s), connecting only to `addresses`; TLS still checks the URL's host name. */
function pinnedRequest(url: URL, init: RequestInit, addresses: readonly string[]): Promise<Response> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const body = bodyOf(init);
  return new Promise((resolve, reject) => {
    const request = send(url, { method: init.method ?? 'GET', headers, lookup: pinnedLookup(addresses), agent: false, signal: init.signal ?? undefined }, (message) => {
      toResponse(message).then(resolve, reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function lookupAll(hostname: string): Promise<readonly string[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

/**
 * The URL guard of `oauth()` for Node (`oauth({ urlGuard: nodeUrlGuard() })`): besides the URL's literal host,
 * each host name is resolved once (`dns.lookup`, every address), every address is checked, and the request is
 * sent over `node:http`/`node:https` to the checked addresses only, so a second lookup cannot answer otherwise
 * (DNS rebinding). Those requests do not go through the `fetch` option of `oauth()`.
 *
 * @example
 * ```ts
 * import { oauth } from 'rxmcp/oauth';
 * import { nodeUrlGuard } from 'rxmcp/node';
 *
 * const auth = oauth({ urlGuard: nodeUrlGuard({ allow: ['10.0.0.0/8', 'sso.lab.internal'] }) });
 * ```
 */
export function nodeUrlGuard(options: NodeUrlGuardOptions = {}): UrlGuardOptions {
  const resolver: UrlGuardResolver = { lookup: options.lookup ?? lookupAll, request: pinnedRequest };
  return { ...(options.allow === undefined ? {} : { allow: options.allow }), resolver };
}
