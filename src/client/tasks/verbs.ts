import { EMPTY, defer, map, mergeMap, switchMap, type Observable } from 'rxjs';
import type { InputResponses } from '../../protocol/model/mrtr.js';
import type { Task, TaskPayloadResult } from '../../protocol/model/tasks.js';
import type { ExtensionGetTaskResult } from '../../protocol/model/tasks-extension.js';
import type { CallToolResult } from '../../protocol/model/tools.js';
import type { ClientConnection } from '../client-connection.js';
import type { CallOptions } from '../envelope.js';
import { listOn } from '../verbs.js';
import { taskRequest, taskShapeFor } from './requests.js';
import { fromCoreTask, taskOf, taskToolResult } from './snapshot.js';
import { completeOnCloseInHandler } from './close-in-handler.js';
import { callToolAsTask, type StartDeps } from './start.js';
import type { TaskDetails, TaskSnapshot, TaskVerbs } from './types.js';
import { watchTask } from './watch.js';

/** `work` on the open connection (or a new one). */
function onReady<T>(deps: StartDeps, work: (ready: ClientConnection) => Observable<T>): Observable<T> {
  return defer(() => deps.core.ready()).pipe(switchMap((ready) => defer(() => work(ready))));
}

function getTask(deps: StartDeps, ready: ClientConnection, taskId: string, options: CallOptions): Observable<TaskDetails> {
  const shape = taskShapeFor(ready, 'tasks/get');
  return taskRequest<Task & ExtensionGetTaskResult>(ready, 'tasks/get', { taskId }, options).pipe(
    map((task) => taskOf(shape, task)),
  );
}

function listTasks(deps: StartDeps, ready: ClientConnection, options: CallOptions): Observable<readonly TaskSnapshot[]> {
  taskShapeFor(ready, 'tasks/list');
  return listOn<Task>(deps.core, ready, 'tasks/list', 'tasks', options).pipe(map((tasks) => tasks.map(fromCoreTask)));
}

function taskResult(deps: StartDeps, ready: ClientConnection, taskId: string, options: CallOptions): Observable<CallToolResult> {
  return taskRequest<TaskPayloadResult>(ready, 'tasks/result', { taskId }, { timeout: false, ...options }).pipe(
    map((raw) => taskToolResult(ready.server.protocolVersion, raw)),
  );
}

/**
 * The task verbs of a client over its core, listen stream and tool registry (see `TaskVerbs` for each contract).
 * Each verb runs on the open connection (or a new one) and fails with `UnsupportedMethodError`, sending nothing,
 * when that connection's revision, extension or server capabilities lack it.
 */
export function createTaskVerbs(deps: StartDeps): TaskVerbs {
  const ack = (ready: ClientConnection, method: string, params: Readonly<Record<string, unknown>>, options: CallOptions) =>
    taskRequest(ready, method, params, options).pipe(mergeMap(() => EMPTY));
  return {
    callToolAsTask: (name, args, options = {}) => callToolAsTask(deps, name, args, options).pipe(completeOnCloseInHandler()),
    watchTask: (taskId, options = {}) => watchTask(deps, taskId, options).pipe(completeOnCloseInHandler()),
    getTask: (taskId, options = {}) => onReady(deps, (ready) => getTask(deps, ready, taskId, options)),
    listTasks: (options = {}) => onReady(deps, (ready) => listTasks(deps, ready, options)),
    taskResult: (taskId, options = {}) => onReady(deps, (ready) => taskResult(deps, ready, taskId, options)),
    cancelTask: (taskId, options = {}) => onReady(deps, (ready) => ack(ready, 'tasks/cancel', { taskId }, options)),
    updateTask: (taskId, inputResponses: InputResponses, options = {}) =>
      onReady(deps, (ready) => ack(ready, 'tasks/update', { taskId, inputResponses }, options)),
  };
}
