import { McpError } from '../errors/mcp-error.js';
import { parseServerCard, SERVER_CARD_MEDIA_TYPE, ServerCardError, type ServerCard, type ServerCardRemote } from './server-card.js';

/** Where a domain's Server Card is served (the SEP's well-known URI, and where deployed servers put it). */
export const SERVER_CARD_WELL_KNOWN_PATH = '/.well-known/mcp/server-card.json';

/** The endpoint-relative location the Server Card extension's draft reserves: `<streamable-http-url>/server-card`. */
export const SERVER_CARD_ENDPOINT_SUFFIX = '/server-card';

/** What `discoverServer` reads of an HTTP response. */
export interface CardResponse {
  /** True for a 2xx status. */
  readonly ok: boolean;
  /** The HTTP status. */
  readonly status: number;
  /** The body as text. */
  text(): Promise<string>;
}

/** The `fetch` `discoverServer` uses: the platform's, or one passed in. */
export type CardFetch = (url: string, init: { readonly headers: Record<string, string>; readonly signal?: AbortSignal }) => Promise<CardResponse>;

/** Options of `discoverServer`. */
export interface DiscoverServerOptions {
  /** The `fetch` to use (default: the global one). */
  readonly fetch?: CardFetch;
  /** Aborts the lookups. */
  readonly signal?: AbortSignal;
}

/** One endpoint a card advertises, with the revisions it speaks. */
export interface DiscoveredRemote {
  /** `streamable-http` or `sse`. */
  readonly type: ServerCardRemote['type'];
  /** The endpoint (a template when it has `{variables}`). */
  readonly url: string;
  /** The MCP revisions it speaks, as the card lists them (possibly none). */
  readonly protocolVersions: readonly string[];
}

/** What `discoverServer` found. */
export interface DiscoveredServer {
  /** The card, validated. */
  readonly card: ServerCard;
  /** Where it was found. */
  readonly cardUrl: string;
  /** The transports and endpoints it advertises. */
  readonly remotes: readonly DiscoveredRemote[];
  /** Every revision any of its endpoints lists, newest first. */
  readonly protocolVersions: readonly string[];
}

/** The card locations for `target`, in the order they are tried. */
export function serverCardLocations(target: string): string[] {
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? target : `https://${target}`);
  const wellKnown = `${url.origin}${SERVER_CARD_WELL_KNOWN_PATH}`;
  const path = url.pathname.replace(/\/+$/, '');
  return path === '' ? [wellKnown] : [`${url.origin}${path}${SERVER_CARD_ENDPOINT_SUFFIX}`, wellKnown];
}

/** The remotes of `card` with their revisions, and every revision they list (newest first). */
export function describeCard(card: ServerCard): Pick<DiscoveredServer, 'remotes' | 'protocolVersions'> {
  const remotes = (card.remotes ?? []).map((remote) => ({ type: remote.type, url: remote.url, protocolVersions: [...(remote.supportedProtocolVersions ?? [])] }));
  const protocolVersions = [...new Set(remotes.flatMap((remote) => remote.protocolVersions))].sort().reverse();
  return { remotes, protocolVersions };
}

async function fetchCard(fetcher: CardFetch, url: string, signal: AbortSignal | undefined): Promise<unknown> {
  const headers = { accept: `${SERVER_CARD_MEDIA_TYPE}, application/json;q=0.9` };
  let response: CardResponse;
  try {
    response = await fetcher(url, signal === undefined ? { headers } : { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ServerCardError('http', `Could not fetch ${url}: ${error instanceof Error ? error.message : String(error)}`, { tried: [url], cause: error });
  }
  if (response.status === 404 || response.status === 410) return undefined;
  if (!response.ok) throw new ServerCardError('http', `${url} answered HTTP ${response.status}`, { tried: [url] });
  const body = await response.text();
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    throw new ServerCardError('malformed', `${url} is not JSON`, { tried: [url], issues: ['(card): not JSON'], cause: error });
  }
}

/**
 * Finds the MCP Server Card (SEP-2127) of `target` and validates it: a URL of an MCP endpoint
 * (`https://example.com/mcp`) is looked up at `<endpoint>/server-card` first (the extension's reserved location),
 * then at the origin's `/.well-known/mcp/server-card.json`; a bare domain (`example.com`, over HTTPS) or an origin
 * at the well-known location only. A location answering 404 or 410 is passed over; the first card found is
 * validated and returned with the transports, endpoints and revisions it advertises. The card is advisory:
 * `createClient` given it (`ClientOptions.serverCard`) still asks the server itself what it offers.
 *
 * @throws ServerCardError `missing` (no location had a card; `tried` lists them), `malformed` (not JSON, or not a
 * valid card: `issues` lists the problems), `http` (another HTTP status or a network failure).
 * @example
 * ```ts
 * import { discoverServer } from 'rxmcp/protocol';
 *
 * const found = await discoverServer('https://example.com/mcp');
 * console.log(found.card.name, found.remotes.map((remote) => `${remote.type} ${remote.url}`), found.protocolVersions);
 * ```
 */
export async function discoverServer(target: string, options: DiscoverServerOptions = {}): Promise<DiscoveredServer> {
  const fetcher = options.fetch ?? (globalThis.fetch as unknown as CardFetch | undefined);
  if (fetcher === undefined) throw new McpError('unsupported', 'There is no global fetch: pass options.fetch');
  const tried: string[] = [];
  for (const url of serverCardLocations(target)) {
    tried.push(url);
    const value = await fetchCard(fetcher, url, options.signal);
    if (value === undefined) continue;
    const card = parseServerCard(value, url);
    return { card, cardUrl: url, ...describeCard(card) };
  }
  throw new ServerCardError('missing', `No MCP Server Card for ${target} (tried ${tried.join(', ')})`, { tried });
}
