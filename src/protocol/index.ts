// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
/**
 * The protocol as data: the revision-neutral MCP model (every request, result and notification type), the JSON-RPC
 * envelope and its schemas, protocol revisions, the wire error codes and their error classes, routing headers, and
 * the tool-output check. For code that inspects or produces MCP messages itself; a client needs only `rxmcp`, which
 * exports the model types its verbs return.
 *
 * @packageDocumentation
 * @module rxmcp/protocol
 */

// Protocol revisions
export {
  SUPPORTED_PROTOCOL_VERSIONS, LATEST_PROTOCOL_VERSION, LATEST_LEGACY_PROTOCOL_VERSION, isModernVersion, pickVersion,
} from './versions.js';
export type { ProtocolVersion, ProtocolEra, ModernProtocolVersion, LegacyProtocolVersion, PickVersionOptions } from './versions.js';

// The model
export { hasCapability, isContentOfType, isTextResourceContents, isUrlElicitation, isInputRequiredResult } from './model.js';
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
} from './model.js';
export { TASKS_EXTENSION } from './model/tasks-extension.js';
export { SKILLS_EXTENSION, DIRECTORY_MIME_TYPE } from './model/skills.js';
export type {
  Skill, SkillResource, SkillFrontmatter, ListSkillsRequestParams, ListSkillsResult, GetSkillRequestParams, GetSkillResult,
  ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult,
} from './model/skills.js';
export type { PaginatedRequestParams } from './model/common.js';

// Server Cards (SEP-2127)
export { discoverServer } from './server-card-discovery.js';
export type { DiscoverServerOptions, DiscoveredServer, DiscoveredRemote, CardFetch, CardResponse } from './server-card-discovery.js';
export { parseServerCard, ServerCardError } from './server-card.js';
export type {
  ServerCard, ServerCardRemote, ServerCardInput, ServerCardHeader, ServerCardRepository, ServerCardFailure, ServerCardErrorOptions,
} from './server-card.js';

export { outputValidator, checkToolOutput } from './output-schema.js';
export type { OutputValidation, OutputValidatorOptions, OutputCheck, CheckedToolResult } from './output-schema.js';

// JSON-RPC
export {
  RequestIdSchema, JsonRpcRequestSchema, JsonRpcNotificationSchema, JsonRpcSuccessSchema, JsonRpcErrorObjectSchema,
  JsonRpcErrorResponseSchema, JsonRpcMessageSchema, JSONRPC_ERROR_CODES,
} from './jsonrpc.js';
export type {
  RequestId, JsonRpcRequest, JsonRpcNotification, JsonRpcSuccess, JsonRpcErrorObject, JsonRpcErrorResponse,
  JsonRpcMessage, JsonRpcResponse,
} from './jsonrpc.js';
export { classifyMessage } from './classify.js';
export type { Classified } from './classify.js';

// Wire error codes and their errors
export {
  MCP_ERROR_CODES, UnsupportedProtocolVersionError, HeaderMismatchError, MissingRequiredClientCapabilityError, rpcErrorFrom,
} from '../errors/rpc-errors.js';
export type {
  RpcErrorObjectLike, UnsupportedProtocolVersionErrorOptions, MissingRequiredClientCapabilityErrorOptions,
} from '../errors/rpc-errors.js';

// Routing headers (2026-07-28)
export { routingHeaders, paramHeaderValue, checkToolHeaders, partitionToolsByHeaders } from './routing-headers.js';
export type { HeaderAnnotatedTool, ParamHeaderBinding, ToolHeaderCheck, InvalidHeaderTool } from './routing-headers.js';
