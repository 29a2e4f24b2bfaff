/**
 * The universal entry, for browsers and Node: the client (`createClient`, `toAsyncClient`), the transports that need
 * no Node built-ins (Streamable HTTP, HTTP+SSE, WebSocket, in-memory), OAuth for the HTTP transports, the session,
 * the revision-neutral MCP model, the errors, and the glue between MCP tools and models.
 *
 * Any export added here is public API: named exports only.
 *
 * @packageDocumentation
 * @module rxmcp
 */

// Errors
export { McpError } from './errors/mcp-error.js';
export type { McpErrorCode, McpErrorOptions, ErrorClassLike } from './errors/mcp-error.js';
export {
  RpcError, TransportError, ConnectionClosedError, RequestTimeoutError, SchemaError, ParseError,
  UnsupportedMethodError, McpAbortError, NegotiationError, ResponseStreamEndedError, PaginationError, InputRequiredError, SessionLostError,
  MessageTooLargeError, HumanWaitTimeoutError, OutcomeUnknownError, ToolCallDeniedError,
} from './errors/errors.js';
export type {
  RpcErrorOptions, TransportErrorOptions, SchemaErrorOptions, UnsupportedMethodErrorOptions, TimeoutKind, RequestError,
  NegotiationErrorOptions, PaginationFailure, MessageTooLargeErrorOptions,
} from './errors/errors.js';
export {
  MCP_ERROR_CODES, MethodNotFoundError, ResourceNotFoundError, UnsupportedProtocolVersionError, HeaderMismatchError,
  MissingRequiredClientCapabilityError, UrlElicitationRequiredError, rpcErrorFrom,
} from './errors/rpc-errors.js';
export type {
  UrlElicitation, RpcErrorObjectLike, ResourceNotFoundErrorOptions, UnsupportedProtocolVersionErrorOptions,
  MissingRequiredClientCapabilityErrorOptions, UrlElicitationRequiredErrorOptions,
} from './errors/rpc-errors.js';
export { OutputSchemaError } from './errors/output-schema-error.js';
export type { OutputSchemaFailure, OutputSchemaIssue, OutputSchemaErrorOptions } from './errors/output-schema-error.js';
export { TaskFailedError, TaskCancelledError } from './errors/task-errors.js';
export type { TaskFailedErrorOptions, TaskCancelledErrorOptions } from './errors/task-errors.js';

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
export type {
  Transport, OutboundFrame, InboundFrame, InboundFrameInfo, CancellationMode, MalformedInput, FrameFailure, TransportHealth,
} from './transport/types.js';
export { inMemoryPair } from './transport/in-memory.js';
export { DEFAULT_MAX_MESSAGE_BYTES } from './transport/internal/json-lines.js';
export { streamableHttp } from './transport/streamable-http.js';
export type { StreamableHttpTransport } from './transport/streamable-http.js';
export { SessionExpiredError } from './transport/streamable-http-errors.js';
export type { HttpResponseDetails } from './transport/streamable-http-errors.js';
export type {
  StreamableHttpOptions, StreamableHttpHeadersHook, StreamableHttpRequestInfo, StreamableHttpRequestInit,
  StreamableHttpReconnectOptions, StreamableHttpHealth,
} from './transport/streamable-http-options.js';
export type { FetchLike } from './transport/internal/fetch.js';
export { routingHeaders, encodeHeaderValue, paramHeaderValue, checkToolHeaders, partitionToolsByHeaders } from './protocol/routing-headers.js';
export type { HeaderAnnotatedTool, ParamHeaderBinding, ToolHeaderCheck, InvalidHeaderTool } from './protocol/routing-headers.js';
export { legacySse } from './transport/legacy-sse.js';
export type {
  LegacySseOptions, LegacySseHeadersHook, LegacySseRequestInfo, EventSourceConstructor, EventSourceLike, EventSourceInitLike,
  LegacySseTransport,
} from './transport/legacy-sse.js';
export { webSocket, WebSocketCloseError, MCP_WEBSOCKET_SUBPROTOCOL } from './transport/websocket.js';
export type { WebSocketOptions, WebSocketConstructor, WebSocketLike } from './transport/websocket.js';
export { httpTransport } from './transport/auto-http.js';
export { URL_TRANSPORTS, remoteKindNamed, remoteKindOfUrl, urlTransport } from './transport/registry.js';
export type { RemoteKind, RemoteOptions, RemoteTransportEntry, TransportEntry, WebSocketRefusal } from './transport/registry.js';
export type { HttpTransport, HttpTransportOptions, DetectedHttpKind } from './transport/auto-http.js';
export type { InMemoryPairOptions } from './transport/in-memory.js';
export { fromSdkTransport, toSdkTransport } from './transport/sdk-interop.js';
export type { SdkTransport, SdkJsonRpcMessage, SdkTransportSendOptions, FromSdkTransport, FromSdkTransportOptions, ToSdkTransport } from './transport/sdk-interop.js';

// Authorization (OAuth 2.1 for the HTTP transports)
export { oauth } from './auth/provider.js';
export { AuthError } from './auth/errors.js';
export type { AuthErrorReason, AuthErrorOptions } from './auth/errors.js';
export { headlessRedirect } from './auth/redirect.js';
export type { HeadlessRedirectOptions } from './auth/redirect.js';
export { browserRedirect, popupRedirect, completePopupRedirect } from './auth/browser-redirect.js';
export type { BrowserRedirectOptions, PopupRedirectOptions, PopupWindowLike } from './auth/browser-redirect.js';
export { memoryStorage, webStorage } from './auth/storage.js';
export type { WebStorageLike } from './auth/storage.js';
export type {
  OAuthOptions, OAuthProvider, OAuthGrant, AuthState, AuthStatus, AuthStorage, RedirectHandler, AuthorizationRequest,
  PreRegisteredClient, ClientMetadata, TokenEndpointAuthMethod, DpopOption,
} from './auth/types.js';
export type { JwsAlgorithm, PrivateKeyInput } from './auth/jwt.js';
export type { HttpAuth, HttpAuthRequest, HttpAuthResponse, HttpAuthRetry } from './transport/streamable-http-auth.js';
export { sdkOAuth } from './auth/sdk-oauth.js';
export type {
  SdkOAuth, SdkOAuthOptions, SdkOAuthClientProvider, SdkOAuthTokens, SdkAuthFunction, SdkAuthOptions, SdkFetchLike,
} from './auth/sdk-oauth.js';

// Session
export { createSession, DEFAULT_REQUEST_TIMEOUT } from './session/session.js';
export { multiplex, type MultiplexOptions, type SessionMultiplex } from './session/multiplex.js';
export { withTimeouts } from './session/timeouts.js';
export { connectWithin, ConnectTimeoutError, DEFAULT_CONNECT_TIMEOUT_MS } from './session/connect-timeout.js';
export type {
  Session, SessionOptions, SessionState, RequestOptions, TimeoutOptions, RequestEvent, ProgressEvent, ResultEvent, Connection,
  ConnectionEnd, ConnectionPolicy,
  RequestHandler, HandlerContext, Diagnostic, DiagnosticKind, FrameEvent, Params, ResultPayload,
} from './session/types.js';

// Protocol revisions and the revision-neutral model
export {
  SUPPORTED_PROTOCOL_VERSIONS, LATEST_PROTOCOL_VERSION, LATEST_LEGACY_PROTOCOL_VERSION, isModernVersion, pickVersion,
} from './protocol/versions.js';
export type { ProtocolVersion, ProtocolEra, ModernProtocolVersion, LegacyProtocolVersion, PickVersionOptions } from './protocol/versions.js';
export { outputValidator, checkToolOutput } from './protocol/output-schema.js';
export type { OutputValidation, OutputValidatorOptions, OutputCheck, CheckedToolResult } from './protocol/output-schema.js';
export { hasCapability, isContentOfType, isTextResourceContents, toolDisplayName, isUrlElicitation, isInputRequiredResult } from './protocol/model.js';
export type {
  Implementation, Icon, Annotations, ClientCapabilities, ServerCapabilities, LoggingLevel, Cursor, Meta, JsonObject,
  ContentBlock, TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource, ResourceContents,
  TextResourceContents, BlobResourceContents, Tool, ToolAnnotations, JsonSchema, ListToolsResult, CallToolResult,
  Resource, ResourceTemplate, ListResourcesResult, ListResourceTemplatesResult, ReadResourceResult, Prompt,
  PromptArgument, PromptMessage, ListPromptsResult, GetPromptResult, CompleteRequestParams, CompleteResult,
  PromptReference, ResourceTemplateReference, CreateMessageRequestParams, CreateMessageResult, SamplingMessage,
  ElicitRequestParams, ElicitRequestFormParams, ElicitRequestUrlParams, ElicitResult, ElicitValue,
  ElicitationFormSchema, PrimitiveSchemaDefinition, ListRootsResult, Root, DiscoverResult, InitializeResult,
  LoggingMessageNotificationParams, ProgressNotificationParams, InputRequest, InputRequests, InputResponse,
  InputResponses, InputRequiredResult, CreateTaskResult, ExtensionTask, DetailedTask, ExtensionCreateTaskResult, TaskNotificationParams,
  Role, ProgressToken, CacheScope, RequestMeta, ResultMeta, NotificationMeta, Capabilities, TasksCapability, ModelPreferences,
  ModelHint, ToolChoice, SamplingContentBlock, ToolUseContent, ToolResultContent, TaskMetadata, ToolExecution, StringSchema,
  NumberSchema, BooleanSchema, SingleSelectEnumSchema, MultiSelectEnumSchema, TitledOption, InputResponseMap,
  ListRootsRequestParams, ElicitationCompleteNotificationParams, ResourceUpdatedNotificationParams, TaskStatusNotificationParams,
  TaskStatus, Task, NotificationParamsBase, RequestParamsBase,
} from './protocol/model.js';
export { TASKS_EXTENSION } from './protocol/model/tasks-extension.js';

// Client
export { createClient, DEFAULT_CLIENT_INFO } from './client/client.js';
export { retryLink, retryDelay } from './client/links/retry-link.js';
export type { RetryLinkOptions } from './client/links/retry-link.js';
export { isRetryable } from './client/links/retryable.js';
export type { Link, LinkNext, McpCall, CallConnection } from './client/links/types.js';
export { DEFAULT_HUMAN_WAIT_MS } from './client/human-wait.js';
export { DEFAULT_TOOL_HINTS, hintsOf, unlessReadOnly } from './client/tool-hints.js';
export { DEFAULT_HEALTH_TIMEOUT_MS } from './client/health.js';
export type { HealthReport, HealthCheckOptions } from './client/health.js';
export type { NotificationCallback } from './client/callbacks.js';
export type { Client, ToolCallOptions } from './client/client-types.js';
export type {
  ClientOptions, ClientHandlers, ClientHandlerContext, HandlerOutput, ProtocolMode, ServerSession, CatalogOptions, BackoffOptions, ReconnectOptions,
  ClientState,
} from './client/types.js';
export type { CallOptions, TraceContext } from './client/envelope.js';
export type { CallEvent, InputRequiredEvent } from './client/input-rounds.js';
export type { LiveState } from './client/live/live-state.js';
export type { CatalogState } from './client/live/catalog.js';
export type { NotificationStreams, ListChange, ListKind } from './client/live/notifications.js';
export type { ReconnectStatus } from './client/reconnect.js';
export { toAsyncClient, settle } from './client/promise.js';
export type { AsyncClient, AsyncCallOptions, AsyncToolCallOptions } from './client/promise.js';
export type {
  TaskVerbs, TaskSnapshot, TaskDetails, TaskEvent, TaskCreatedEvent, TaskStatusEvent, TaskInputEvent, TaskWatchOptions, TaskCallOptions,
} from './client/tasks/types.js';
export type { AsyncTaskVerbs, AsyncTaskOptions, AsyncTaskWatchOptions } from './client/tasks/promise.js';
export { DEFAULT_TASK_POLL_INTERVAL_MS, MIN_TASK_POLL_INTERVAL_MS, PUSHED_TASK_POLL_INTERVAL_MS } from './client/tasks/watch-state.js';

// Several servers as one
export { createClientGroup } from './group/group.js';
export { ClientGroupError } from './group/errors.js';
export type { ClientGroupFailure, ClientGroupErrorOptions } from './group/errors.js';
export type {
  ClientGroup, ClientGroupOptions, GroupMember, GroupTool, GroupPrompt, GroupResource, GroupResourceTemplate, GroupCatalogState,
  GroupServerCatalog, GroupDiagnostic, GroupCallOptions, FromServer,
} from './group/types.js';

// Agent glue: live tool adapters for model providers, tool results for models, sampling through a model, a loop
export type {
  ToolSource, ToolListState, ToolHints, ToolHintsMap, ToolHintsInput, ToolCallRequest, ToolCallApproval,
} from './agent/source.js';
export { isToolCallDenied } from './agent/source.js';
export {
  assignToolNames, sanitizeToolName, shortHash, qualifiedToolName, PROVIDER_TOOL_NAME, DEFAULT_MAX_TOOL_NAME_LENGTH,
  DEFAULT_TOOL_NAME_SEPARATOR,
} from './agent/names.js';
export type { ToolKey, ToolNameOptions, ToolNames } from './agent/names.js';
export { normalizeInputSchema } from './agent/schema.js';
export type { NormalizedSchema, SchemaOptions } from './agent/schema.js';
export { advertiseTools, describeTools, DEFAULT_MAX_TOOLS } from './agent/advertise.js';
export type {
  ToolList, ToolNameFilter, ToolFilter, AgentDiagnostic, ToolAdapterOptions, AdvertisedTool, AdvertisedTools,
} from './agent/advertise.js';
export {
  toOpenAiChatTools, toOpenAiResponsesTools, toAnthropicTools, openAiChatTool, openAiResponsesTool, anthropicTool,
} from './agent/tool-formats.js';
export type { OpenAiChatTool, OpenAiResponsesTool, AnthropicTool } from './agent/tool-formats.js';
export { toolOutput, truncateMiddle, DEFAULT_MAX_TOOL_TEXT_CHARS, DEFAULT_MAX_TOOL_MEDIA_BYTES } from './agent/output.js';
export type { ToolOutput, ToolOutputText, ToolOutputMedia, ToolOutputOptions, ToolCallFailure, ToolResultLike } from './agent/output.js';
export { toOpenAiChatToolMessages, toOpenAiResponsesToolOutput, toAnthropicToolResult } from './agent/results.js';
export type {
  OpenAiChatMessage, OpenAiChatContentPart, OpenAiChatToolCall, ToolOutputEntry, OpenAiResponsesToolOutput,
  OpenAiResponsesOutputPart, AnthropicToolResult, AnthropicToolResultPart,
} from './agent/results.js';
export { chatCompletion } from './agent/openai-chat.js';
export type {
  OpenAiEndpoint, ChatCompletionRequest, ChatCompletion, ChatCompletionChoice, ChatCompletionMessage, ChatCompletionToolCall,
} from './agent/openai-chat.js';
export { ModelEndpointError } from './agent/errors.js';
export type { ModelEndpointErrorOptions } from './agent/errors.js';
export { openAiSampling, SAMPLING_REJECTED_CODE } from './agent/sampling.js';
export type { OpenAiSamplingOptions, SamplingApprovalContext } from './agent/sampling.js';
export { agentLoop } from './agent/loop.js';
export type { AgentLoopOptions, AgentEvent, ToolCallOutcome } from './agent/loop.js';
