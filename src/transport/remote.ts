import { urlTransport, type RemoteKind, type RemoteOptions, type WebSocketRefusal } from './registry.js';
import type { Transport } from './types.js';

export type { RemoteKind, RemoteOptions, WebSocketRefusal } from './registry.js';

/**
 * The transport of a remote server of `kind` at `url`, as a configuration file or a command line names it, made by
 * its entry of the transport registry. A WebSocket server needs a WebSocket class and takes no headers: `refuse`
 * makes the error of the caller's own kind (a configuration error, a usage error) for either.
 */
export function remoteTransport(kind: RemoteKind, url: string, options: RemoteOptions, refuse: (why: WebSocketRefusal) => Error): Transport {
  return urlTransport(kind).create(url, options, refuse);
}
