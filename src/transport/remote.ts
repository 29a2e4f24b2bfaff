import { httpTransport } from './auto-http.js';
import type { FetchLike } from './internal/fetch.js';
import { legacySse } from './legacy-sse.js';
import type { HttpAuth } from './streamable-http-auth.js';
import { streamableHttp } from './streamable-http.js';
import type { Transport } from './types.js';
import { webSocket, type WebSocketConstructor } from './websocket.js';

/** How a remote server is reached: Streamable HTTP, legacy HTTP+SSE, WebSocket, or HTTP detected at connect. */
export type RemoteKind = 'http' | 'sse' | 'ws' | 'auto';

/** What a remote transport is made with. */
export interface RemoteOptions {
  readonly headers: Readonly<Record<string, string>>;
  readonly auth?: HttpAuth;
  readonly fetch?: FetchLike;
  /** The WebSocket class of a `ws` server (default: the global one). */
  readonly WebSocket?: WebSocketConstructor;
}

/** Why a WebSocket transport cannot be made: no WebSocket class, or headers it cannot carry. */
export type WebSocketRefusal = 'no-websocket' | 'headers';

/**
 * The transport of a remote server of `kind` at `url`, as a configuration file or a command line names it. A
 * WebSocket server needs a WebSocket class and takes no headers: `refuse` makes the error of the caller's own kind
 * (a configuration error, a usage error) for either.
 */
export function remoteTransport(kind: RemoteKind, url: string, options: RemoteOptions, refuse: (why: WebSocketRefusal) => Error): Transport {
  const { WebSocket: given, ...http } = options;
  if (kind === 'http') return streamableHttp(url, http);
  if (kind === 'sse') return legacySse(url, http);
  if (kind === 'auto') return httpTransport(url, http);
  const WebSocket = given ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (WebSocket === undefined) throw refuse('no-websocket');
  if (Object.keys(options.headers).length > 0) throw refuse('headers');
  return webSocket(url, { WebSocket });
}
