import type { JsonObject, Meta, NotificationParamsBase, UntypedCompleteResult } from './common.js';
import type { CompletionRequests } from './completion.js';
import type { ElicitRequestParams, ElicitResult } from './elicitation.js';
import type { LifecycleRequests, PingRequestParams } from './lifecycle.js';
import type { InputRequiredResult } from './mrtr.js';
import type { CancelledNotificationParams, ListChangedNotificationParams, LoggingRequests, ProgressNotificationParams } from './notifications.js';
import type { PromptsRequests } from './prompts.js';
import type { ResourcesRequests } from './resources.js';
import type { RegistryNotifications } from '../revision-registry.js';
import type { ListRootsRequestParams, ListRootsResult } from './roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from './sampling.js';
import type { EventsRequests } from './events.js';
import type { SkillsRequests } from './skills.js';
import type { SubscriptionsRequests } from './subscriptions.js';
import type { ListTasksRequestParams, TaskListResult, TaskRequestParams, TaskResult, TaskStatusNotificationParams, TasksRequests } from './tasks.js';
import type { ToolsRequests } from './tools.js';

/**
 * Requests the client sends, with their params and decoded (completed) results, across all revisions: each model
 * area's own map (`ToolsRequests` in `tools.ts`, ...) together. A new request of an area is one entry in its area's
 * map; a new area is one more `extends` here.
 */
export interface ClientRequests
  extends LifecycleRequests,
    ToolsRequests,
    ResourcesRequests,
    PromptsRequests,
    CompletionRequests,
    LoggingRequests,
    SubscriptionsRequests,
    TasksRequests,
    SkillsRequests,
    EventsRequests {}

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
