import { filter, map, tap, type Observable } from 'rxjs';
import type { InputResponses } from '../../protocol/model/mrtr.js';
import type { CallToolResult } from '../../protocol/model/tools.js';
import type { Params } from '../../session/types.js';
import type { CallOptions } from '../envelope.js';
import type { TaskCallOptions, TaskDetails, TaskEvent, TaskSnapshot, TaskVerbs, TaskWatchOptions } from './types.js';

/** Options of the async task verbs. */
export interface AsyncTaskOptions extends CallOptions {
  /** Aborting rejects with an `AbortError` (`McpAbortError`). A watch stops watching (the task goes on). */
  readonly signal?: AbortSignal;
}

/** Options of the async `callToolAsTask` and `watchTask`. */
export interface AsyncTaskWatchOptions extends AsyncTaskOptions, TaskWatchOptions, Pick<TaskCallOptions, 'ttlMs'> {
  /** Receives every event before the result: `task-created` (persist its task id), status changes, input requests, progress. */
  readonly onEvent?: (event: TaskEvent) => void;
}

/** The task verbs as async functions (see `TaskVerbs`); the watches resolve with the task's result. */
export interface AsyncTaskVerbs {
  /**
   * Calls a tool as a task and follows it to its end (see `TaskVerbs.callToolAsTask`); resolves with the task's
   * result, rejects with its error (`TaskFailedError`, `TaskCancelledError`, ...). `onEvent` receives the events
   * before the result (`task-created` first for a task: persist its id). Aborting before the server answered the call
   * cancels the call; afterwards it stops watching and the task goes on.
   */
  callToolAsTask(name: string, args?: Params, options?: AsyncTaskWatchOptions): Promise<CallToolResult>;
  /**
   * Follows a task by id to its end (see `TaskVerbs.watchTask`); resolves with its result, rejects with its error.
   * `onEvent` receives the status and input events. Aborting stops watching; the task goes on.
   */
  watchTask(taskId: string, options?: AsyncTaskWatchOptions): Promise<CallToolResult>;
  /** `tasks/get`: the task's state now (see `TaskVerbs.getTask`). */
  getTask(taskId: string, options?: AsyncTaskOptions): Promise<TaskDetails>;
  /** `tasks/list` (2025-11-25 only), every page walked (see `TaskVerbs.listTasks`). */
  listTasks(options?: AsyncTaskOptions): Promise<readonly TaskSnapshot[]>;
  /** `tasks/result` (2025-11-25 only): resolves with the result once the task ends (see `TaskVerbs.taskResult`). */
  taskResult(taskId: string, options?: AsyncTaskOptions): Promise<CallToolResult>;
  /** `tasks/cancel`; resolves when the server acknowledged (see `TaskVerbs.cancelTask`). */
  cancelTask(taskId: string, options?: AsyncTaskOptions): Promise<void>;
  /** `tasks/update` (2026-07-28 only): answers input requests by key; resolves when acknowledged (see `TaskVerbs`). */
  updateTask(taskId: string, inputResponses: InputResponses, options?: AsyncTaskOptions): Promise<void>;
}

/** Settles an Observable as a Promise with its last value (the facade's `settle`). */
export type Settle = <T>(source$: Observable<T>, signal?: AbortSignal) => Promise<T>;

function resultOfWatch(events$: Observable<TaskEvent>, onEvent: ((event: TaskEvent) => void) | undefined): Observable<CallToolResult> {
  return events$.pipe(
    tap((event) => {
      if (event.type !== 'result') onEvent?.(event);
    }),
    filter((event): event is Extract<TaskEvent, { type: 'result' }> => event.type === 'result'),
    map((event) => event.result),
  );
}

/** The async task verbs of `client`, settled with `settle`. */
export function asyncTaskVerbs(client: TaskVerbs, settle: Settle): AsyncTaskVerbs {
  return {
    callToolAsTask: (name, args, { signal, onEvent, ...o } = {}) => settle(resultOfWatch(client.callToolAsTask(name, args, o), onEvent), signal),
    watchTask: (taskId, { signal, onEvent, ...o } = {}) => settle(resultOfWatch(client.watchTask(taskId, o), onEvent), signal),
    getTask: (taskId, { signal, ...o } = {}) => settle(client.getTask(taskId, o), signal),
    listTasks: ({ signal, ...o } = {}) => settle(client.listTasks(o), signal),
    taskResult: (taskId, { signal, ...o } = {}) => settle(client.taskResult(taskId, o), signal),
    cancelTask: (taskId, { signal, ...o } = {}) => settle(client.cancelTask(taskId, o), signal).then(() => undefined),
    updateTask: (taskId, responses, { signal, ...o } = {}) => settle(client.updateTask(taskId, responses, o), signal).then(() => undefined),
  };
}
