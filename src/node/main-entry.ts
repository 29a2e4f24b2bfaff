// The Node build of the main entry `rxmcp` (the `node` export condition): the same names as src/index.ts (checked by
// spec/node/main-node-entry.spec.ts), with the Streamable HTTP transports on undici unless a `fetch` is given.
export { streamableHttp, httpTransport } from './http-defaults.js';
export { createClient, DEFAULT_CLIENT_INFO } from '../client/client.js';
export { toAsyncClient } from '../client/promise.js';
export { typedTools } from '../client/typed-tools.js';
export { unlessReadOnly } from '../client/tool-hints.js';
export { toolDisplayName } from '../protocol/model.js';
export { retryLink, retryDelay } from '../client/links/retry-link.js';
export { isRetryable } from '../client/links/retryable.js';
export { createClientGroup } from '../group/group.js';
export { legacySse } from '../transport/legacy-sse.js';
export { webSocket, WebSocketCloseError } from '../transport/websocket.js';
export { inMemoryPair } from '../transport/in-memory.js';
export { McpError } from '../errors/mcp-error.js';
export {
  RpcError, TransportError, ConnectionClosedError, RequestTimeoutError, SchemaError, UnsupportedMethodError, McpAbortError, NegotiationError,
  PaginationError, InputRequiredError, SessionLostError, MessageTooLargeError, HumanWaitTimeoutError, OutcomeUnknownError, ToolCallDeniedError,
} from '../errors/errors.js';
export { MethodNotFoundError, ResourceNotFoundError, UrlElicitationRequiredError } from '../errors/rpc-errors.js';
export { OutputSchemaError } from '../errors/output-schema-error.js';
export { TaskFailedError, TaskCancelledError } from '../errors/task-errors.js';
export { ConnectTimeoutError } from '../session/connect-timeout.js';
export { SessionExpiredError } from '../transport/streamable-http-errors.js';
export { ClientGroupError } from '../group/errors.js';
