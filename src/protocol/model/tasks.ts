import type { CompleteResultBase, Meta, NotificationParamsBase, PaginatedRequestParams, RequestParamsBase } from './common.js';

/** Status of a 2025-11-25 task; `completed`, `failed` and `cancelled` are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A 2025-11-25 core task (the experimental tasks feature). */
export interface Task {
  /** The task's id, chosen by the side that runs it. */
  readonly taskId: string;
  /** Where the task is. */
  readonly status: TaskStatus;
  /** What is happening, for people. */
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  /** Milliseconds the task is kept, or `null` for unlimited. */
  readonly ttl: number | null;
  /** Suggested polling interval in milliseconds. */
  readonly pollInterval?: number;
}

/** Params of the 2025-11-25 `tasks/get`, `tasks/result` and `tasks/cancel` requests. */
export interface TaskRequestParams extends RequestParamsBase {
  /** The task the request is about. */
  readonly taskId: string;
}

/** Params of the 2025-11-25 `tasks/list` request. */
export type ListTasksRequestParams = PaginatedRequestParams;

/** A task's state, as `tasks/get` and `tasks/cancel` return it. */
export type GetTaskResult = CompleteResultBase & Task;

/** One page of `tasks/list`. */
export interface ListTasksResult extends CompleteResultBase {
  /** The tasks on this page. */
  readonly tasks: readonly Task[];
  /** The cursor of the next page; absent on the last page. */
  readonly nextCursor?: string;
}

/** The underlying result a terminal task produced (`tasks/result`). */
export interface TaskPayloadResult extends CompleteResultBase {
  readonly [key: string]: unknown;
}

/**
 * A 2025-11-25 task-augmented request's immediate answer: the task it started. Decoded with
 * `resultType: 'task'` when the caller allows that result type.
 */
export interface CreateTaskResult {
  /** Always `'task'`. */
  readonly resultType: 'task';
  /** The task the request started. */
  readonly task: Task;
  /** The result's metadata. */
  readonly _meta?: Meta;
}

/** Params of `notifications/tasks/status`: the full task state. */
export type TaskStatusNotificationParams = NotificationParamsBase & Task;

/** What the client answers to a server's `tasks/get` or `tasks/cancel` (2025-11-25). */
export interface TaskResult extends Task {
  /** The result's metadata. */
  readonly _meta?: Meta;
}

/** What the client answers to a server's `tasks/list` (2025-11-25). */
export interface TaskListResult {
  /** The tasks on this page. */
  readonly tasks: readonly Task[];
  /** The cursor of the next page; absent on the last page. */
  readonly nextCursor?: string;
  /** The result's metadata. */
  readonly _meta?: Meta;
}

/** The task requests the client sends (2025-11-25), with their params and decoded results (part of `ClientRequests`). */
export interface TasksRequests {
  readonly 'tasks/get': { readonly params: TaskRequestParams; readonly result: GetTaskResult };
  readonly 'tasks/result': { readonly params: TaskRequestParams; readonly result: TaskPayloadResult };
  readonly 'tasks/list': { readonly params: ListTasksRequestParams | undefined; readonly result: ListTasksResult };
  readonly 'tasks/cancel': { readonly params: TaskRequestParams; readonly result: GetTaskResult };
}
