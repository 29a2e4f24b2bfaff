import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcErrorResponse, JsonRpcNotification, JsonRpcSuccess, RequestId } from '../protocol/jsonrpc.js';
import type { OutboundFrame } from '../transport/types.js';
import type { ConnectionRuntime } from './connection.js';
import type { Diagnostic, Params, ProgressToken, RequestHandler } from './types.js';

/** One of our requests waiting for its response. */
export interface PendingRequest {
  readonly method: string;
  respond(message: JsonRpcSuccess | JsonRpcErrorResponse): void;
  /** The request cannot be answered: a response that broke the protocol, or its frame could not be sent. */
  fail(error: McpError): void;
  progress(params: Params): void;
}

/** The session's state shared by every connection, read by the router, the requests and the handlers. */
export interface SessionRuntime {
  readonly pending: Map<RequestId, PendingRequest>;
  readonly progressTokens: Map<ProgressToken, PendingRequest>;
  readonly handlers: Readonly<Record<string, RequestHandler>>;
  /** The next request id; ids below it were issued by us (ids are unique across the session's connections). */
  nextId: number;
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
