import type { JsonRpcErrorObject } from '../jsonrpc.js';
import type { JsonObject, Meta, NotificationParamsBase, RequestParamsBase, ResultMeta } from './common.js';
import type { InputRequests, InputResponses } from './mrtr.js';
import type { TaskStatus } from './tasks.js';

/** The identifier of the 2026-07-28 tasks extension, as servers and clients list it under `capabilities.extensions`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * A task of the 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`). Unlike the 2025-11-25 core `Task`,
 * its durations are named `ttlMs` and `pollIntervalMs`.
 */
export interface ExtensionTask {
  /** The task's id, chosen by the server; a client persists it to follow the task later. */
  readonly taskId: string;
  /** Where the task is; `completed`, `failed` and `cancelled` are terminal. */
  readonly status: TaskStatus;
  /** What is happening, for people. */
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  /** Milliseconds from creation the server keeps the task, or `null` for unlimited; may change over its life. */
  readonly ttlMs: number | null;
  /** Suggested polling interval in milliseconds; may change over the task's life. */
  readonly pollIntervalMs?: number;
}

/**
 * A task with what its status carries inline (`tasks/get` and `notifications/tasks`): the outstanding
 * `inputRequests` while `input_required`, the original request's `result` once `completed` (a tool result with
 * `isError: true` included), the JSON-RPC `error` once `failed`.
 */
export type DetailedTask =
  | (ExtensionTask & {
      /** `working`, or `cancelled`: nothing comes inline. */
      readonly status: 'working' | 'cancelled';
    })
  | (ExtensionTask & {
      /** Waiting for the client's answers. */
      readonly status: 'input_required';
      /** The requests not answered yet, by key (answered with `tasks/update`; keys are unique over the task's life). */
      readonly inputRequests: InputRequests;
    })
  | (ExtensionTask & {
      /** Ended with a result. */
      readonly status: 'completed';
      /** The original request's result (for `tools/call` a `CallToolResult`, `isError: true` included). */
      readonly result: JsonObject;
    })
  | (ExtensionTask & {
      /** Ended with a JSON-RPC error. */
      readonly status: 'failed';
      /** The JSON-RPC error the original request failed with. */
      readonly error: JsonRpcErrorObject;
    });

/** A `tools/call` answered with a task handle instead of its result (`resultType: 'task'`, the task inline). */
export type ExtensionCreateTaskResult = ExtensionTask & {
  /** Always `'task'`: the call was taken as a task. */
  readonly resultType: 'task';
  /** The result's metadata. */
  readonly _meta?: ResultMeta;
};

/** The result of the extension's `tasks/get`. */
export type ExtensionGetTaskResult = DetailedTask & { readonly resultType: 'complete'; readonly _meta?: ResultMeta };

/** The empty acknowledgement of `tasks/update` and `tasks/cancel`. */
export interface TaskAcknowledgement {
  readonly resultType: 'complete';
  readonly _meta?: ResultMeta;
}

/** Params of the extension's `tasks/get` and `tasks/cancel`. */
export interface ExtensionTaskRequestParams extends RequestParamsBase {
  readonly taskId: string;
}

/** Params of `tasks/update`: answers to input requests the task surfaced, under their keys. */
export interface UpdateTaskRequestParams extends RequestParamsBase {
  readonly taskId: string;
  readonly inputResponses: InputResponses;
}

/** Params of `notifications/tasks`: the full detailed task, as `tasks/get` would return it. */
export type TaskNotificationParams = NotificationParamsBase & DetailedTask & {
  /** The notification's metadata. */
  readonly _meta?: Meta;
};
