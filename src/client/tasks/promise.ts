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
  callToolAsTask(name: string, args?: Params, options?: AsyncTaskWatchOptions): Promise<CallToolResult>;
  watchTask(taskId: string, options?: AsyncTaskWatchOptions): Promise<CallToolResult>;
  getTask(taskId: string, options?: AsyncTaskOptions): Promise<TaskDetails>;
  listTasks(options?: AsyncTaskOptions): Promise<readonly TaskSnapshot[]>;
  taskResult(taskId: string, options?: AsyncTaskOptions): Promise<CallToolResult>;
  cancelTask(taskId: string, options?: AsyncTaskOptions): Promise<void>;
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
