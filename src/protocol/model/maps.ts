import type { EmptyResult, JsonObject, Meta, NotificationParamsBase, UntypedCompleteResult } from './common.js';
import type { CompleteRequestParams, CompleteResult } from './completion.js';
import type { ElicitRequestParams, ElicitResult } from './elicitation.js';
import type { DiscoverRequestParams, DiscoverResult, InitializeRequestParams, InitializeResult, PingRequestParams } from './lifecycle.js';
import type { InputRequiredResult } from './mrtr.js';
import type {
  CancelledNotificationParams,
  ElicitationCompleteNotificationParams,
  ListChangedNotificationParams,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
  SetLevelRequestParams,
} from './notifications.js';
import type { GetPromptRequestParams, GetPromptResult, ListPromptsRequestParams, ListPromptsResult } from './prompts.js';
import type {
  ListResourcesRequestParams,
  ListResourcesResult,
  ListResourceTemplatesRequestParams,
  ListResourceTemplatesResult,
  ReadResourceRequestParams,
  ReadResourceResult,
  ResourceUpdatedNotificationParams,
  SubscribeRequestParams,
} from './resources.js';
import type { RegistryNotifications } from '../revision-registry.js';
import type { ListRootsRequestParams, ListRootsResult } from './roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from './sampling.js';
import type {
  SubscriptionsAcknowledgedNotificationParams,
  SubscriptionsListenRequestParams,
  SubscriptionsListenResult,
} from './subscriptions.js';
import type {
  GetTaskResult,
  ListTasksRequestParams,
  ListTasksResult,
  TaskListResult,
  TaskPayloadResult,
  TaskRequestParams,
  TaskResult,
  TaskStatusNotificationParams,
} from './tasks.js';
import type { CallToolRequestParams, CallToolResult, ListToolsRequestParams, ListToolsResult } from './tools.js';

/** Requests the client sends, with their params and decoded (completed) results, across all revisions. */
export interface ClientRequests {
  readonly initialize: { readonly params: InitializeRequestParams; readonly result: InitializeResult };
  readonly ping: { readonly params: PingRequestParams | undefined; readonly result: EmptyResult };
  readonly 'server/discover': { readonly params: DiscoverRequestParams; readonly result: DiscoverResult };
  readonly 'tools/list': { readonly params: ListToolsRequestParams | undefined; readonly result: ListToolsResult };
  readonly 'tools/call': { readonly params: CallToolRequestParams; readonly result: CallToolResult };
  readonly 'resources/list': { readonly params: ListResourcesRequestParams | undefined; readonly result: ListResourcesResult };
  readonly 'resources/templates/list': {
    readonly params: ListResourceTemplatesRequestParams | undefined;
    readonly result: ListResourceTemplatesResult;
  };
  readonly 'resources/read': { readonly params: ReadResourceRequestParams; readonly result: ReadResourceResult };
  readonly 'resources/subscribe': { readonly params: SubscribeRequestParams; readonly result: EmptyResult };
  readonly 'resources/unsubscribe': { readonly params: SubscribeRequestParams; readonly result: EmptyResult };
  readonly 'prompts/list': { readonly params: ListPromptsRequestParams | undefined; readonly result: ListPromptsResult };
  readonly 'prompts/get': { readonly params: GetPromptRequestParams; readonly result: GetPromptResult };
  readonly 'completion/complete': { readonly params: CompleteRequestParams; readonly result: CompleteResult };
  readonly 'logging/setLevel': { readonly params: SetLevelRequestParams; readonly result: EmptyResult };
  readonly 'subscriptions/listen': { readonly params: SubscriptionsListenRequestParams; readonly result: SubscriptionsListenResult };
  readonly 'tasks/get': { readonly params: TaskRequestParams; readonly result: GetTaskResult };
  readonly 'tasks/result': { readonly params: TaskRequestParams; readonly result: TaskPayloadResult };
  readonly 'tasks/list': { readonly params: ListTasksRequestParams | undefined; readonly result: ListTasksResult };
  readonly 'tasks/cancel': { readonly params: TaskRequestParams; readonly result: GetTaskResult };
}

/** What the client answers to a server's `ping`. */
export interface PingResult {
  readonly _meta?: Meta;
}

/**
 * Requests the server sends (legacy JSON-RPC requests; 2026-07-28 input requests for the first three),
 * with their params and the result the client answers.
 */
export interface ServerRequests {
  readonly 'sampling/createMessage': { readonly params: CreateMessageRequestParams; readonly result: CreateMessageResult };
  readonly 'elicitation/create': { readonly params: ElicitRequestParams; readonly result: ElicitResult };
  readonly 'roots/list': { readonly params: ListRootsRequestParams; readonly result: ListRootsResult };
  readonly ping: { readonly params: PingRequestParams; readonly result: PingResult };
  readonly 'tasks/get': { readonly params: TaskRequestParams; readonly result: TaskResult };
  readonly 'tasks/result': { readonly params: TaskRequestParams; readonly result: JsonObject };
  readonly 'tasks/list': { readonly params: ListTasksRequestParams; readonly result: TaskListResult };
  readonly 'tasks/cancel': { readonly params: TaskRequestParams; readonly result: TaskResult };
}

/**
 * Notifications the server sends, with their params: every revision's typed notifications, as the revision
 * registry lists them (`revision-registry.ts`).
 */
export interface ServerNotifications extends RegistryNotifications {}

/** Notifications the client sends, with their params. */
export interface ClientNotifications {
  readonly 'notifications/initialized': ListChangedNotificationParams | undefined;
  readonly 'notifications/cancelled': CancelledNotificationParams;
  readonly 'notifications/progress': ProgressNotificationParams;
  readonly 'notifications/roots/list_changed': ListChangedNotificationParams | undefined;
  readonly 'notifications/tasks/status': TaskStatusNotificationParams;
}

/** Method name of a request the client sends. */
export type ClientRequestMethod = keyof ClientRequests;
/** Method name of a request the server sends. */
export type ServerRequestMethod = keyof ServerRequests;
/** Method name of a notification the server sends. */
export type ServerNotificationMethod = keyof ServerNotifications;
/** Method name of a notification the client sends. */
export type ClientNotificationMethod = keyof ClientNotifications;

/** The methods whose 2026-07-28 results may be `input_required`. */
export type InputCapableMethod = 'tools/call' | 'prompts/get' | 'resources/read';

/** Params of a client request (any other method: a JSON object). */
export type ClientRequestParamsOf<M extends string> = M extends ClientRequestMethod ? ClientRequests[M]['params'] : JsonObject | undefined;

/** The completed result of a client request (any other method: an untyped completed result). */
export type ResultOf<M extends string> = M extends ClientRequestMethod ? ClientRequests[M]['result'] : UntypedCompleteResult;

/** What `decodeResult` returns for method `M` when no extension result type is enabled. */
export type DecodedResult<M extends string> =
  | ResultOf<M>
  | (M extends InputCapableMethod ? InputRequiredResult : M extends ClientRequestMethod ? never : InputRequiredResult);

/** Params of a server request (any other method: a JSON object). */
export type ServerRequestParamsOf<M extends string> = M extends ServerRequestMethod ? ServerRequests[M]['params'] : JsonObject;

/** What the client answers to a server request (any other method: a JSON object). */
export type ServerRequestResultOf<M extends string> = M extends ServerRequestMethod ? ServerRequests[M]['result'] : JsonObject;

/** Params of a server notification (any other method: notification params with unknown fields). */
export type ServerNotificationParamsOf<M extends string> = M extends ServerNotificationMethod
  ? ServerNotifications[M]
  : NotificationParamsBase & JsonObject;

/** Params of a client notification (any other method: a JSON object). */
export type ClientNotificationParamsOf<M extends string> = M extends ClientNotificationMethod
  ? ClientNotifications[M]
  : JsonObject | undefined;
