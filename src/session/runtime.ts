import type { JsonRpcErrorResponse, JsonRpcNotification, JsonRpcSuccess, RequestId } from '../protocol/jsonrpc.js';
import type { OutboundFrame } from '../transport/types.js';
import type { OutboundQueue } from './outbound-queue.js';
import type { Diagnostic, Params, ProgressToken, RequestHandler } from './types.js';

/** One of our requests waiting for its response. */
export interface PendingRequest {
  readonly method: string;
  respond(message: JsonRpcSuccess | JsonRpcErrorResponse): void;
  progress(params: Params): void;
}

/** One server→client request being handled. */
export interface RunningHandler {
  cancel(): void;
}

/** State of one open connection. */
export interface ConnectionRuntime {
  readonly queue: OutboundQueue;
  readonly running: Map<RequestId, RunningHandler>;
}

/** The session's shared state, read by the router, the request and the handler code. */
export interface SessionRuntime {
  readonly pending: Map<RequestId, PendingRequest>;
  readonly progressTokens: Map<ProgressToken, PendingRequest>;
  readonly handlers: Readonly<Record<string, RequestHandler>>;
  /** The next request id; ids below it were issued by us. */
  nextId: number;
  publishNotification(message: JsonRpcNotification): void;
  diagnose(diagnostic: Diagnostic): void;
  /** Writes a frame on the given connection, feeding the frame tap. */
  write(connection: ConnectionRuntime, frame: OutboundFrame): boolean;
}
