import { createClient, type Client, type ClientHandlers, type ClientOptions, type HttpAuth, type Transport } from 'rxmcp';
import { oauth, webStorage } from 'rxmcp/oauth';
import { remoteKindOfUrl, urlTransport, type RemoteOptions } from 'rxmcp/session';
import { namingCors, stopWhenBlocked } from './browser-failure.js';
import type { Correlator } from './correlate.js';
import { parseHeaders, protocolMode, type ConnectionSettings } from './settings.js';
import type { SignIn } from './sign-in.js';

/** The MCP Apps extension this page renders (SEP-1865), as the client advertises it. */
export const UI_EXTENSION = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } as const;

/** What the page gives every client it creates. */
export interface ClientDeps {
  readonly correlator: Correlator;
  readonly handlers: ClientHandlers;
  readonly signIn: SignIn;
  /** Options the page's settings give (reconnect policy, roots), over the defaults below. */
  readonly options?: Partial<ClientOptions>;
}

/**
 * The transport of the settings; `auto` follows the URL's scheme, so a `ws:` preset of `rxmcp ui` (a stdio server
 * relayed by its backend) goes through `webSocket()` and everything above it is the same as for HTTP.
 */
function transportFor(settings: ConnectionSettings, auth: HttpAuth | undefined): Transport {
  const entry = urlTransport(settings.transport === 'auto' ? remoteKindOfUrl(settings.url) : settings.transport);
  const given: RemoteOptions = { headers: parseHeaders(settings.headers), ...(auth ? { auth } : {}) };
  const taken = Object.fromEntries(Object.entries(given).filter(([option]) => (entry.options as readonly string[]).includes(option)));
  return entry.create(settings.url, { headers: {}, ...taken }, (why) => new Error(why === 'no-websocket' ? 'This browser has no WebSocket' : 'WebSocket takes no headers'));
}

/**
 * A client for the settings: the transport (wrapped so that frames on a request's stream find their call), OAuth
 * through the popup when asked, the page's handlers for the server's questions, the MCP Apps extension advertised,
 * every log level, and a reconnect policy with a short backoff (a dashboard wants to be back soon). A server the
 * browser never reached (CORS, or down) stops the client with a message naming CORS (`browserBlock`).
 */
export function openClient(settings: ConnectionSettings, deps: ClientDeps): Client {
  const auth = settings.oauth ? oauth({ redirect: deps.signIn.redirect, storage: webStorage(sessionStorage) }) : undefined;
  const { transport, reached } = namingCors(transportFor(settings, auth), settings.url);
  const client = createClient(deps.correlator.wrap(transport), {
    clientInfo: { name: 'rxmcp-dashboard', version: '0.1.0' },
    protocol: protocolMode(settings.protocol),
    handlers: deps.handlers,
    elicitationModes: ['form', 'url'],
    trustToolAnnotations: settings.trust,
    capabilities: { extensions: UI_EXTENSION },
    logLevel: 'debug',
    reconnect: { initialDelayMs: 250, maxDelayMs: 4000 },
    ...deps.options,
  });
  stopWhenBlocked(client, settings.url, reached);
  return client;
}
