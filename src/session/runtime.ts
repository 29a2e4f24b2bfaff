import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcNotification, RequestId } from '../protocol/jsonrpc.js';
import type { OutboundFrame } from '../transport/types.js';
import type { ConnectionRuntime } from './connection.js';
import type { Diagnostic, RequestHandler } from './types.js';

/**
 * The session's state shared by every connection, read by the router, the requests and the handlers. What is
 * scoped to one connection (its requests in flight, its server requests being handled) lives in its
 * `ConnectionRuntime`.
 */
export interface SessionRuntime {
  readonly handlers: Readonly<Record<string, RequestHandler>>;
  /** The next request id; ids below it were issued by us (ids are unique across the session's connections). */
  nextId: number;
  /** The connections not yet ended: the one opened last, and older ones still open (each answers its own requests). */
  readonly connections: Set<ConnectionRuntime>;
  /** Publishes an inbound notification on its connection's stream and on the session's. */
  publishNotification(connection: ConnectionRuntime, message: JsonRpcNotification): void;
  diagnose(diagnostic: Diagnostic): void;
  /** Writes a frame on the given connection, feeding the frame tap. */
  write(connection: ConnectionRuntime, frame: OutboundFrame): boolean;
  /** Feeds the frame tap with a frame sent outside the connection's queue (a request's own exchange). */
  tapOut(frame: OutboundFrame): void;
}

/** Our request whose own response stream carried a frame: a server request that arrives there belongs to it. */
export interface RequestOrigin {
  readonly id: RequestId;
  /** Stands the request's clock still until the returned function is called. */
  holdClock(): () => void;
  /** Gives the request up with `error`: its caller gets the error, and it is cancelled on the wire as on unsubscribe. */
  abandon(error: McpError): void;
}
