// The transport registry: every transport a server can be named by in a configuration file, on the command line
// or in a form, with its spellings, the URL schemes that pick it and how it is made. `remote.ts`, the configuration
// reader, the command line and the dashboard all read this one table. A new transport is its file plus one entry
// here. Transports that spawn a process (stdio, Docker) are Node-only: `rxmcp/node` has their table.
import { httpTransport } from './auto-http.js';
import type { FetchLike } from './internal/fetch.js';
import { legacySse } from './legacy-sse.js';
import type { HttpAuth } from './streamable-http-auth.js';
import { streamableHttp } from './streamable-http.js';
import type { Transport } from './types.js';
import { webSocket, type WebSocketConstructor } from './websocket.js';

/** What a transport of the registry is made with (each takes what it can use). */
export interface RemoteOptions {
  /** HTTP headers to send with each request. */
  readonly headers: Readonly<Record<string, string>>;
  /** The authorization of an HTTP server. */
  readonly auth?: HttpAuth;
  /** The `fetch` of an HTTP server (default: the global one). */
  readonly fetch?: FetchLike;
  /** The WebSocket class of a `ws` server (default: the global one). */
  readonly WebSocket?: WebSocketConstructor;
  /** A session of a 2025-era Streamable HTTP server to join (`streamableHttp`'s `sessionId`); the others ignore it. */
  readonly sessionId?: string;
}

/** Why a WebSocket transport cannot be made: no WebSocket class, or headers it cannot carry. */
export type WebSocketRefusal = 'no-websocket' | 'headers';

/** One transport of the registry. */
export interface TransportEntry {
  /** The kind a configuration entry or a target carries. */
  readonly kind: string;
  /** For people: the name a form or a help text shows. */
  readonly label: string;
  /** The spellings of `type` in configuration files and of `--transport`, the kind first. */
  readonly names: readonly string[];
  /** URL schemes (`wss:`) that pick this transport when none is declared. */
  readonly schemes: readonly string[];
  /** The options of `RemoteOptions` it uses (a form offers only these). */
  readonly options: readonly (keyof RemoteOptions)[];
  /** Detected at connect rather than declared: a configuration file's `type` cannot name it. */
  readonly detected?: true;
  /** Makes the transport; `refuse` makes the caller's own error (configuration, usage) for an option it cannot take. */
  create(url: string, options: RemoteOptions, refuse: (why: WebSocketRefusal) => Error): Transport;
}

function webSocketOf(url: string, options: RemoteOptions, refuse: (why: WebSocketRefusal) => Error): Transport {
  const WebSocket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (WebSocket === undefined) throw refuse('no-websocket');
  if (Object.keys(options.headers).length > 0) throw refuse('headers');
  return webSocket(url, { WebSocket });
}

const HTTP_OPTIONS = ['headers', 'auth', 'fetch'] as const;

const http = ({ WebSocket: _unused, ...options }: RemoteOptions) => options;

const ENTRIES = [
  { kind: 'auto', label: 'HTTP (auto)', names: ['auto'], schemes: [], options: HTTP_OPTIONS, detected: true, create: (url, options) => httpTransport(url, http(options)) },
  {
    kind: 'http', label: 'Streamable HTTP', names: ['http', 'streamable-http', 'streamableHttp', 'streamable_http'], schemes: [], options: HTTP_OPTIONS,
    create: (url, options) => streamableHttp(url, http(options)),
  },
  { kind: 'sse', label: 'HTTP+SSE', names: ['sse'], schemes: [], options: HTTP_OPTIONS, create: (url, { sessionId: _none, ...options }) => legacySse(url, http(options)) },
  { kind: 'ws', label: 'WebSocket', names: ['ws', 'websocket'], schemes: ['ws:', 'wss:'], options: ['WebSocket'], create: webSocketOf },
] as const satisfies readonly TransportEntry[];

/**
 * How a server named by URL is reached: a kind of `URL_TRANSPORTS` (`auto`: Streamable HTTP, else HTTP+SSE).
 * @useDeclaredType
 */
export type RemoteKind = (typeof ENTRIES)[number]['kind'];

/** An entry of `URL_TRANSPORTS`. */
export interface RemoteTransportEntry extends TransportEntry {
  /** Its kind. */
  readonly kind: RemoteKind;
}

/** The transports of a server named by URL, one entry each: the first is what a URL with no matching scheme gets. */
export const URL_TRANSPORTS: readonly RemoteTransportEntry[] = ENTRIES;

/** The registry entry of `kind`. */
export function urlTransport(kind: RemoteKind): RemoteTransportEntry {
  return URL_TRANSPORTS.find((entry) => entry.kind === kind) as RemoteTransportEntry;
}

/** The kind a spelling names (`streamable-http` → `http`); `declared` leaves out the detected kind. */
export function remoteKindNamed(name: string, declared = false): RemoteKind | undefined {
  return URL_TRANSPORTS.find((entry) => !(declared && entry.detected) && entry.names.includes(name))?.kind;
}

/** The kind a URL picks by its scheme when none is declared (`wss://…` → `ws`), else `auto`. */
export function remoteKindOfUrl(url: string): RemoteKind {
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0].toLowerCase();
  const entry = URL_TRANSPORTS.find((candidate) => scheme !== undefined && candidate.schemes.includes(scheme));
  return entry?.kind ?? 'auto';
}

/** The kinds a configuration file may declare, for messages (`http, sse, ws`). */
export function declaredRemoteKinds(): readonly RemoteKind[] {
  return URL_TRANSPORTS.filter((entry) => !entry.detected).map((entry) => entry.kind);
}
