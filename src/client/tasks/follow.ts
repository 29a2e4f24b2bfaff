import { EMPTY, Observable, catchError, concat, defer, map, mergeMap, of, throwError } from 'rxjs';
import { RpcError, SchemaError, UnsupportedMethodError } from '../../errors/errors.js';
import { TaskCancelledError, TaskFailedError } from '../../errors/task-errors.js';
import type { JsonRpcErrorObject } from '../../protocol/jsonrpc.js';
import type { Task, TaskPayloadResult } from '../../protocol/model/tasks.js';
import type { ExtensionGetTaskResult } from '../../protocol/model/tasks-extension.js';
import type { CallToolResult } from '../../protocol/model/tools.js';
import type { ClientConnection } from '../client-connection.js';
import type { ClientCore } from '../core.js';
import type { CallOptions } from '../envelope.js';
import type { InputDesk } from './input-desk.js';
import { taskRequest, type TaskShape } from './requests.js';
import { taskOf, taskToolResult } from './snapshot.js';
import type { TaskDetails, TaskEvent, TaskWatchOptions } from './types.js';
import type { WatchState } from './watch-state.js';

/** One watch on one connection. */
export interface WatchContext {
  readonly core: ClientCore;
  readonly ready: ClientConnection;
  readonly shape: TaskShape;
  readonly state: WatchState;
  readonly desk: InputDesk;
  readonly options: TaskWatchOptions & CallOptions;
  /** 2025-11-25: `tasks/result` is in flight on this connection. */
  resulting: boolean;
}

/** Errors that end a watch; anything else (a lost connection, a timeout) is tried again. */
export function isFatal(error: unknown): boolean {
  return RpcError.is(error) || SchemaError.is(error) || UnsupportedMethodError.is(error) || TaskCancelledError.is(error);
}

/** Options of the watch's own requests: never cancelled on the wire (unsubscribing a watch sends nothing). */
function requestOptions(context: WatchContext): CallOptions {
  const { trace, meta, timeout } = context.options;
  return { cancellable: false, ...(trace === undefined ? {} : { trace }), ...(meta === undefined ? {} : { meta }), ...(timeout === undefined ? {} : { timeout }) };
}

/**
 * `tasks/get` on the watch's connection, as the task's details. **Temperature:** cold. **Emits:** the details once.
 * **Completes:** after them. **Errors:** as the request. **Teardown:** stops waiting (nothing sent).
 */
export function fetchTask(context: WatchContext): Observable<TaskDetails> {
  const { core, ready, shape, state } = context;
  const got$ = taskRequest<Task & ExtensionGetTaskResult>(ready, 'tasks/get', { taskId: state.taskId }, requestOptions(context));
  return got$.pipe(map((task) => taskOf(shape, task)));
}

function toolResult(context: WatchContext, raw: unknown): CallToolResult {
  return taskToolResult(context.ready.server.protocolVersion, raw);
}

function failed(context: WatchContext, error: JsonRpcErrorObject, cause?: unknown): TaskFailedError {
  const statusMessage = context.state.latest?.statusMessage;
  return new TaskFailedError(context.state.taskId, error.code, error.message, {
    data: error.data, method: 'tools/call', ...(statusMessage === undefined ? {} : { statusMessage }), ...(cause === undefined ? {} : { cause }),
  });
}

function cancelled(context: WatchContext): TaskCancelledError {
  const statusMessage = context.state.latest?.statusMessage;
  return new TaskCancelledError(context.state.taskId, statusMessage === undefined ? {} : { statusMessage });
}

/** The status event of the task's end, when no poll or notification has shown it yet (one more `tasks/get`). */
function finalStatus(context: WatchContext): Observable<TaskEvent> {
  if (context.state.reportedTerminal()) return EMPTY;
  return fetchTask(context).pipe(
    mergeMap((task) => {
      const { event } = context.state.accept(task);
      return event === undefined ? EMPTY : of(event);
    }),
    catchError(() => EMPTY),
  );
}

/**
 * 2025-11-25: once the task needs input or has ended, `tasks/result` (once per connection). It waits until the
 * task is terminal; meanwhile the server's requests for the task reach the handlers as ordinary requests.
 */
function followCore(context: WatchContext, task: TaskDetails): Observable<TaskEvent> {
  if (task.status === 'cancelled') return throwError(() => cancelled(context));
  if (task.status === 'working' || context.resulting) return EMPTY;
  context.resulting = true;
  const { core, ready, state } = context;
  const options: CallOptions = { timeout: false, ...requestOptions(context) };
  return taskRequest<TaskPayloadResult>(ready, 'tasks/result', { taskId: state.taskId }, options).pipe(
    mergeMap((raw) => concat(finalStatus(context), defer(() => of<TaskEvent>({ type: 'result', result: toolResult(context, raw) })))),
    catchError((error: unknown) => {
      context.resulting = false;
      if (RpcError.is(error)) {
        const rpc = error as RpcError;
        const ended = defer(() => throwError(() => (context.state.latest?.status === 'cancelled' ? cancelled(context) : failed(context, { code: rpc.rpcCode, message: rpc.message, data: rpc.data }, rpc))));
        return concat(finalStatus(context), ended);
      }
      return isFatal(error) ? throwError(() => error) : EMPTY;
    }),
  );
}

/** 2026-07-28: the task's inline input requests, result or error. */
function followExtension(context: WatchContext, task: TaskDetails): Observable<TaskEvent> {
  switch (task.status) {
    case 'input_required':
      return context.desk.take(task.inputRequests ?? {});
    case 'completed':
      return defer(() => of<TaskEvent>({ type: 'result', result: toolResult(context, task.result ?? {}) }));
    case 'failed':
      return throwError(() => failed(context, task.error ?? { code: -32603, message: 'The task failed without an error' }));
    case 'cancelled':
      return throwError(() => cancelled(context));
    default:
      return EMPTY;
  }
}

/**
 * What one state of the task (polled or pushed) leads to: a status event when it changed, then what it asks for.
 * **Temperature:** cold. **Emits:** the status event, `task-input` events, the `result`. **Completes:** after them
 * (2025-11-25: once `tasks/result` answered). **Errors:** `TaskFailedError`, `TaskCancelledError`, `SchemaError`.
 * **Teardown:** stops waiting on `tasks/result` (nothing sent).
 */
export function followTask(context: WatchContext, task: TaskDetails): Observable<TaskEvent> {
  if (context.state.finished) return EMPTY;
  const { fresh, event } = context.state.accept(task);
  if (!fresh) return EMPTY;
  const status$: Observable<TaskEvent> = event === undefined ? EMPTY : of(event);
  return concat(status$, context.shape === 'core' ? followCore(context, task) : followExtension(context, task));
}
