import type { McpError } from '../errors/mcp-error.js';
import type {
  JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest, JsonRpcSuccess, RequestId,
} from '../protocol/jsonrpc.js';
import type { Params } from '../session/types.js';
import type { InboundFrame, InboundFrameInfo } from '../transport/types.js';

/** A JSON-RPC request. */
export function req(id: RequestId, method: string, params?: Params): JsonRpcRequest {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

/** A JSON-RPC success response. */
export function res(id: RequestId, result: Params = {}): JsonRpcSuccess {
  return { jsonrpc: '2.0', id, result };
}

/** A JSON-RPC error response. */
export function err(id: RequestId | null, code: number, message = 'Error', data?: unknown): JsonRpcErrorResponse {
  const error = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}

/** A JSON-RPC notification. */
export function note(method: string, params?: Params): JsonRpcNotification {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

const FRAME = Symbol.for('rxmcp.testing.frame');

/** A complete inbound frame (with transport info), for `marbleTransport` inputs. */
export function frame(message: unknown, info?: InboundFrameInfo): InboundFrame {
  const built: InboundFrame = info === undefined ? { message } : { message, info };
  return Object.defineProperty(built, FRAME, { value: true });
}

/** An inbound frame whose bytes were not JSON, for `marbleTransport` inputs. */
export function malformed(raw: string, reason = 'Unexpected token'): InboundFrame {
  return Object.defineProperty({ malformed: { raw, reason } }, FRAME, { value: true });
}

/** An oversized inbound message the transport skipped (only its start is kept), for `marbleTransport` inputs. */
export function oversized(start: string, size: number, limit: number): InboundFrame {
  return Object.defineProperty({ malformed: { raw: start, reason: `message of ${size} bytes exceeds ${limit}`, tooLarge: { size, limit } } }, FRAME, { value: true });
}

/** A frame the transport could not deliver (a POST answered 503, say), for `marbleTransport` inputs. */
export function failed(error: McpError, requestId?: RequestId, method?: string): InboundFrame {
  const failure = { error, ...(requestId === undefined ? {} : { requestId }), ...(method === undefined ? {} : { method }) };
  return Object.defineProperty({ failure }, FRAME, { value: true });
}

/** True for values built by `frame()`, `malformed()`, `oversized()` or `failed()`. */
export function isBuiltFrame(value: unknown): value is InboundFrame {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[FRAME] === true;
}
