// A server named by a bare domain (`rxmcp example.com tools`, or `"url": "example.com"` in a configuration file, read
// by the command line and `clientGroupFromConfig`) is
// found through its MCP Server Card (SEP-2127): the card says where the endpoint is and which revisions it speaks, so
// the client connects to that endpoint without the era probe when the card names a revision rxmcp speaks.
import { discoverServer, type CardFetch } from './server-card-discovery.js';
import { ServerCardError, type ServerCard, type ServerCardRemote } from './server-card.js';

/** A host name with a dot (`example.com`, `mcp.example.com:8443`), or a loopback host with a port (`localhost:3000`). */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9](?::\d{1,5})?$/i;
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]):\d{1,5}$/i;

/** Whether `word` names a server by its domain (no scheme, no path), rather than a configured name or a command. */
export function isBareDomain(word: string): boolean {
  return DOMAIN.test(word) || LOOPBACK.test(word);
}

/** The origin whose card is read: `https://` for a domain, `http://` for a loopback host (a server in development). */
export function domainOrigin(word: string): string {
  return `${LOOPBACK.test(word) ? 'http' : 'https'}://${word}`;
}

/** The endpoint a card offers that the command line can reach: Streamable HTTP first, then HTTP+SSE; no templates. */
function reachable(card: ServerCard): (ServerCardRemote & { readonly kind: 'http' | 'sse' }) | undefined {
  const remotes = (card.remotes ?? []).filter((remote) => !remote.url.includes('{'));
  const http = remotes.find((remote) => remote.type === 'streamable-http');
  if (http !== undefined) return { ...http, kind: 'http' };
  const sse = remotes.find((remote) => remote.type === 'sse');
  return sse === undefined ? undefined : { ...sse, kind: 'sse' };
}

/** Where a bare domain leads: the endpoint, its transport, and the card (for the revisions it names). */
export interface CardEndpoint {
  /** The transport: Streamable HTTP (`http`) or HTTP+SSE (`sse`). */
  readonly kind: 'http' | 'sse';
  readonly url: string;
  /** The card with only the chosen endpoint, as `ClientOptions.serverCard`. */
  readonly card: Pick<ServerCard, 'remotes'>;
}

/**
 * Reads the Server Card of `domain` and picks its endpoint. Errors with `ServerCardError`: `missing`, `malformed`,
 * `http` as `discoverServer`, and `missing` when the card advertises no endpoint without URL variables.
 */
export async function cardEndpoint(domain: string, fetch?: CardFetch): Promise<CardEndpoint> {
  const found = await discoverServer(domainOrigin(domain), fetch === undefined ? {} : { fetch });
  const remote = reachable(found.card);
  if (remote === undefined) {
    throw new ServerCardError('missing', `The MCP Server Card of ${domain} (${found.cardUrl}) advertises no Streamable HTTP or SSE endpoint without URL variables`, { tried: [found.cardUrl] });
  }
  const { kind, ...endpoint } = remote;
  return { kind, url: endpoint.url, card: { remotes: [endpoint] } };
}
