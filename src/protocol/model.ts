/**
 * Revision-neutral MCP types: what users of rxmcp see, whatever revision a server speaks. Fields that only
 * some revisions define are optional; the per-revision codecs map the wire to these shapes.
 */
export type {
  CacheHints,
  CacheScope,
  CompleteResultBase,
  Cursor,
  EmptyResult,
  ExtensionResult,
  JsonObject,
  LoggingLevel,
  Meta,
  NotificationMeta,
  NotificationParamsBase,
  PaginatedRequestParams,
  PaginatedResult,
  ProgressToken,
  RequestMeta,
  RequestParamsBase,
  ResultMeta,
  Role,
  UntypedCompleteResult,
} from './model/common.js';
export type { Annotations, BaseMetadata, Icon, Implementation, Listed } from './model/metadata.js';
export type {
  Capabilities,
  CapabilitySettings,
  ClientCapabilities,
  ServerCapabilities,
  TasksCapability,
} from './model/capabilities.js';
export { hasCapability } from './model/capabilities.js';
export type {
  AudioContent,
  BlobResourceContents,
  ContentBase,
  ContentBlock,
  EmbeddedResource,
  ImageContent,
  ResourceContents,
  ResourceLink,
  SamplingContentBlock,
  TextContent,
  TextResourceContents,
  ToolResultContent,
  ToolUseContent,
} from './model/content.js';
export { isContentOfType, isTextResourceContents } from './model/content.js';
export type {
  CallToolRequestParams,
  CallToolResult,
  JsonSchema,
  ListToolsRequestParams,
  ListToolsResult,
  TaskMetadata,
  Tool,
  ToolAnnotations,
  ToolExecution,
} from './model/tools.js';
export { toolDisplayName } from './model/tools.js';
export type {
  ListResourcesRequestParams,
  ListResourcesResult,
  ListResourceTemplatesRequestParams,
  ListResourceTemplatesResult,
  ReadResourceRequestParams,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ResourceUpdatedNotificationParams,
  SubscribeRequestParams,
} from './model/resources.js';
export type {
  GetPromptRequestParams,
  GetPromptResult,
  ListPromptsRequestParams,
  ListPromptsResult,
  Prompt,
  PromptArgument,
  PromptMessage,
} from './model/prompts.js';
export type {
  CompleteRequestParams,
  CompleteResult,
  PromptReference,
  ResourceTemplateReference,
} from './model/completion.js';
export type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ModelHint,
  ModelPreferences,
  SamplingMessage,
  ToolChoice,
} from './model/sampling.js';
export type {
  BooleanSchema,
  ElicitationFormSchema,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestUrlParams,
  ElicitResult,
  ElicitValue,
  MultiSelectEnumSchema,
  NumberSchema,
  PrimitiveSchemaDefinition,
  SingleSelectEnumSchema,
  StringSchema,
  TitledOption,
} from './model/elicitation.js';
export { isUrlElicitation } from './model/elicitation.js';
export type { ListRootsRequestParams, ListRootsResult, Root } from './model/roots.js';
export type {
  DiscoverRequestParams,
  DiscoverResult,
  InitializeRequestParams,
  InitializeResult,
  PingRequestParams,
} from './model/lifecycle.js';
export type {
  CancelledNotificationParams,
  ElicitationCompleteNotificationParams,
  ListChangedNotificationParams,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
  SetLevelRequestParams,
} from './model/notifications.js';
export { isLevelAtLeast } from './model/notifications.js';
export type {
  InputRequest,
  InputRequests,
  InputRequiredResult,
  InputResponse,
  InputResponseMap,
  InputResponses,
  InputRoundParams,
} from './model/mrtr.js';
export { isCompleteResult, isInputRequiredResult } from './model/mrtr.js';
export type {
  SubscriptionFilter,
  SubscriptionsAcknowledgedNotificationParams,
  SubscriptionsListenRequestParams,
  SubscriptionsListenResult,
  SubscriptionsListenResultMeta,
} from './model/subscriptions.js';
export type {
  CreateTaskResult,
  GetTaskResult,
  ListTasksRequestParams,
  ListTasksResult,
  Task,
  TaskListResult,
  TaskPayloadResult,
  TaskRequestParams,
  TaskResult,
  TaskStatus,
  TaskStatusNotificationParams,
} from './model/tasks.js';
export type {
  DetailedTask,
  ExtensionCreateTaskResult,
  ExtensionGetTaskResult,
  ExtensionTask,
  ExtensionTaskRequestParams,
  TaskAcknowledgement,
  TaskNotificationParams,
  UpdateTaskRequestParams,
} from './model/tasks-extension.js';
export type {
  ClientNotificationMethod,
  ClientNotificationParamsOf,
  ClientNotifications,
  ClientRequestMethod,
  ClientRequestParamsOf,
  ClientRequests,
  DecodedResult,
  InputCapableMethod,
  PingResult,
  ResultOf,
  ServerNotificationMethod,
  ServerNotificationParamsOf,
  ServerNotifications,
  ServerRequestMethod,
  ServerRequestParamsOf,
  ServerRequestResultOf,
  ServerRequests,
} from './model/maps.js';
