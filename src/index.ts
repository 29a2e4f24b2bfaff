// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
/**
 * The main entry, for browsers and Node: everything a client needs. {@link createClient} over a transport
 * ({@link streamableHttp}, {@link httpTransport}, {@link legacySse}, {@link webSocket}, {@link inMemoryPair}; stdio
 * and Docker are in `rxmcp/node`), {@link toAsyncClient} for Promises, {@link createClientGroup} for several servers,
 * the links around every call, and the errors a call can end with.
 *
 * The other entries are for other audiences: `rxmcp/node` (child-process transports), `rxmcp/oauth` (OAuth 2.1),
 * `rxmcp/agent` (tools for models, the agent loop, sampling), `rxmcp/protocol` (the whole MCP model, JSON-RPC schemas,
 * routing headers), `rxmcp/session` (the session under the client, transport authoring, bridges to the official SDK),
 * `rxmcp/testing` (a scripted server for specs), `rxmcp/warm` (the warm start, `ClientOptions.warmStart`) and `rxmcp/ai`
 * (the Vercel AI SDK tool set).
 *
 * @example
 * ```ts
 * import { createClient, streamableHttp } from 'rxmcp';
 *
 * const client = createClient(streamableHttp('https://example.com/mcp'));
 * client.tools$.subscribe((tools) => console.log(tools.map((tool) => tool.name)));
 * client.callTool('echo', { text: 'hello' }).subscribe((result) => console.log(result.content));
 * ```
 *
 * @packageDocumentation
 * @module rxmcp
 */

// Client
export { createClient, DEFAULT_CLIENT_INFO } from './client/client.js';
export type { Client, ToolCallOptions } from './client/client-types.js';
export type {
  ClientOptions, ClientHandlers, ClientHandlerContext, HandlerOutput, ProtocolMode, ServerSession, CatalogOptions, BackoffOptions, ReconnectOptions,
  CloseOptions, JoinedSession,
  ClientState,
} from './client/types.js';
export type { CallOptions, TraceContext } from './client/envelope.js';
export type { CallEvent, InputRequiredEvent } from './client/input-rounds.js';
export type { HealthReport, HealthCheckOptions } from './client/health.js';
export type { NotificationCallback } from './client/callbacks.js';
export { toAsyncClient } from './client/promise.js';
export type { AsyncClient, AsyncCallOptions, AsyncToolCallOptions } from './client/promise.js';
export { unlessReadOnly } from './client/tool-hints.js';
export type { ToolCallApproval, ToolCallRequest, ToolHints, ToolHintsMap } from './client/tool-hints.js';
export { toolDisplayName } from './protocol/model.js';
export { typedTools } from './client/typed-tools.js';
export type { ToolTypeMap, TypedTools, TypedToolResult, TypedToolArgs, StructuredToolResult } from './client/typed-tools.js';

// Links around every call
export { retryLink, retryDelay } from './client/links/retry-link.js';
export type { RetryLinkOptions } from './client/links/retry-link.js';
export { isRetryable } from './client/links/retryable.js';
export type { Link, LinkNext, McpCall, CallConnection } from './client/links/types.js';

// Live state
export type { LiveState } from './client/live/live-state.js';
export type { CatalogState } from './client/live/catalog.js';
export type { StoredCatalog, StoredDiscovery, StoredResult, WarmRecord, WarmStore } from './client/warm/store.js';
export type { WarmStartOptions } from './client/warm/warm-start.js';
export type { WarmStart } from './client/warm/option.js';
export type { NotificationStreams, ListChange, ListKind } from './client/live/notifications.js';
export type { ReconnectStatus } from './client/reconnect.js';

// Tasks
export type {
  TaskVerbs, TaskSnapshot, TaskDetails, TaskEvent, TaskCreatedEvent, TaskStatusEvent, TaskInputEvent, TaskWatchOptions, TaskCallOptions,
} from './client/tasks/types.js';
export type { AsyncTaskVerbs, AsyncTaskOptions, AsyncTaskWatchOptions } from './client/tasks/promise.js';

// Skills (io.modelcontextprotocol/skills; reading a skill's files verified is readSkillFile of rxmcp/agent)
export type {
  Skill, SkillResource, SkillFrontmatter, ListSkillsResult, GetSkillResult, ReadResourceDirectoryResult,
} from './protocol/model/skills.js';

// Events (io.modelcontextprotocol/events; subscribing with resumption is subscribeEvents of rxmcp/events)
export type {
  EventType, EventOccurrence, EventDeliveryMode, ListEventsResult, PollEventsRequestParams, PollEventsResult, StreamEventsRequestParams,
  StreamEventsResult, EventSubscriptionParams, EventStreamMeta,
} from './protocol/model/events.js';

// Server Cards (discoverServer and ServerCardError are in rxmcp/protocol)
export type { ServerCard, ServerCardRemote, ServerCardInput, ServerCardHeader, ServerCardRepository } from './protocol/server-card.js';

// Several servers as one
export { createClientGroup } from './group/group.js';
export type {
  ClientGroup, ClientGroupOptions, GroupMember, GroupTool, GroupPrompt, GroupResource, GroupResourceTemplate, GroupCatalogState,
  GroupServerCatalog, GroupDiagnostic, GroupCallOptions, FromServer,
} from './group/types.js';

// Transports
export type { Transport, TransportHealth } from './transport/types.js';
export { streamableHttp } from './transport/streamable-http.js';
export type { StreamableHttpTransport } from './transport/streamable-http.js';
export type {
  StreamableHttpOptions, StreamableHttpHeadersHook, StreamableHttpRequestInfo, StreamableHttpRequestInit,
  StreamableHttpReconnectOptions, StreamableHttpHealth,
} from './transport/streamable-http-options.js';
export type { FetchLike } from './transport/internal/fetch.js';
export type { HttpAuth, HttpAuthRequest, HttpAuthResponse, HttpAuthRetry } from './transport/streamable-http-auth.js';
export { httpTransport } from './transport/auto-http.js';
export type { HttpTransport, HttpTransportOptions, DetectedHttpKind } from './transport/auto-http.js';
export { legacySse } from './transport/legacy-sse.js';
export type {
  LegacySseOptions, LegacySseHeadersHook, LegacySseRequestInfo, EventSourceConstructor, EventSourceLike, EventSourceInitLike,
  LegacySseTransport,
} from './transport/legacy-sse.js';
export { webSocket } from './transport/websocket.js';
export type { WebSocketOptions, WebSocketConstructor, WebSocketLike } from './transport/websocket.js';
export { inMemoryPair } from './transport/in-memory.js';
export type { InMemoryPairOptions } from './transport/in-memory.js';

// Errors
export { McpError } from './errors/mcp-error.js';
export type { McpErrorCode, McpErrorOptions, ErrorClassLike } from './errors/mcp-error.js';
export {
  RpcError, TransportError, ConnectionClosedError, RequestTimeoutError, SchemaError, UnsupportedMethodError, McpAbortError, NegotiationError,
  PaginationError, InputRequiredError, SessionLostError, MessageTooLargeError, HumanWaitTimeoutError, OutcomeUnknownError, ToolCallDeniedError,
} from './errors/errors.js';
export type {
  RpcErrorOptions, TransportErrorOptions, SchemaErrorOptions, UnsupportedMethodErrorOptions, TimeoutKind, RequestError,
  NegotiationErrorOptions, PaginationFailure, MessageTooLargeErrorOptions,
} from './errors/errors.js';
export { MethodNotFoundError, ResourceNotFoundError, UrlElicitationRequiredError } from './errors/rpc-errors.js';
export type { UrlElicitation, ResourceNotFoundErrorOptions, UrlElicitationRequiredErrorOptions } from './errors/rpc-errors.js';
export { OutputSchemaError } from './errors/output-schema-error.js';
export type { OutputSchemaFailure, OutputSchemaIssue, OutputSchemaErrorOptions } from './errors/output-schema-error.js';
export { TaskFailedError, TaskCancelledError } from './errors/task-errors.js';
export type { TaskFailedErrorOptions, TaskCancelledErrorOptions } from './errors/task-errors.js';
export { ConnectTimeoutError } from './session/connect-timeout.js';
export { SessionExpiredError } from './transport/streamable-http-errors.js';
export type { HttpResponseDetails } from './transport/streamable-http-errors.js';
export { WebSocketCloseError } from './transport/websocket.js';
export { ClientGroupError } from './group/errors.js';
export type { ClientGroupFailure, ClientGroupErrorOptions } from './group/errors.js';

// What the client's verbs return (the whole model is in rxmcp/protocol)
export type { ProtocolVersion, ProtocolEra } from './protocol/versions.js';
export type { OutputValidation } from './protocol/output-schema.js';
export type {
  Implementation, Icon, Annotations, ClientCapabilities, ServerCapabilities, LoggingLevel, Meta, JsonObject, JsonSchema,
  ContentBlock, TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource, ResourceContents, TextResourceContents,
  BlobResourceContents, Tool, ToolAnnotations, CallToolResult, Resource, ResourceTemplate, ReadResourceResult, Prompt, PromptArgument,
  PromptMessage, GetPromptResult, CompleteRequestParams, CompleteResult, CreateMessageRequestParams, CreateMessageResult,
  ElicitRequestParams, ElicitResult, ListRootsResult, Root, DiscoverResult, LoggingMessageNotificationParams, ProgressNotificationParams,
} from './protocol/model.js';
export type { Params, ResultPayload, ProgressEvent, TimeoutOptions, Diagnostic, DiagnosticKind, FrameEvent } from './session/types.js';
