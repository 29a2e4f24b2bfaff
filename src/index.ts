// rxmcp: the universal entry (browsers and Node). Any export added here is public API: named exports only.

// Errors
export { McpError } from './errors/mcp-error.js';
export type { McpErrorCode, McpErrorOptions } from './errors/mcp-error.js';
export {
  RpcError, TransportError, ConnectionClosedError, RequestTimeoutError, SchemaError, ParseError,
  UnsupportedMethodError, McpAbortError,
} from './errors/errors.js';
export type {
  RpcErrorOptions, TransportErrorOptions, SchemaErrorOptions, UnsupportedMethodErrorOptions, TimeoutKind, RequestError,
} from './errors/errors.js';

// JSON-RPC
export {
  RequestIdSchema, JsonRpcRequestSchema, JsonRpcNotificationSchema, JsonRpcSuccessSchema, JsonRpcErrorObjectSchema,
  JsonRpcErrorResponseSchema, JsonRpcMessageSchema, JSONRPC_ERROR_CODES,
} from './protocol/jsonrpc.js';
export type {
  RequestId, JsonRpcRequest, JsonRpcNotification, JsonRpcSuccess, JsonRpcErrorObject, JsonRpcErrorResponse,
  JsonRpcMessage, JsonRpcResponse,
} from './protocol/jsonrpc.js';
export { classifyMessage, splitBatch } from './protocol/classify.js';
export type { Classified } from './protocol/classify.js';

// Transports
export type { Transport, OutboundFrame, InboundFrame, InboundFrameInfo, CancellationMode } from './transport/types.js';
export { inMemoryPair } from './transport/in-memory.js';
export { MessageTooLargeError, DEFAULT_MAX_MESSAGE_BYTES } from './transport/internal/json-lines.js';
export type { InMemoryPairOptions } from './transport/in-memory.js';

// Session
export { createSession, DEFAULT_REQUEST_TIMEOUT } from './session/session.js';
export { withTimeouts } from './session/timeouts.js';
export type {
  Session, SessionOptions, SessionState, RequestOptions, TimeoutOptions, RequestEvent, ProgressEvent, ResultEvent,
  RequestHandler, HandlerContext, Diagnostic, DiagnosticKind, FrameEvent, Params, ResultPayload, ProgressToken,
} from './session/types.js';
