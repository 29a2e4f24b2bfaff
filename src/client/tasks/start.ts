import { Observable, concat, defer, map, mergeMap, of, switchMap } from 'rxjs';
import { UnsupportedMethodError } from '../../errors/errors.js';
import type { Tool } from '../../protocol/model/tools.js';
import type { Params } from '../../session/types.js';
import { callOn } from '../call.js';
import type { ClientConnection } from '../client-connection.js';
import type { ClientCore } from '../core.js';
import type { ToolRegistry } from '../tool-registry.js';
import { listOn } from '../verbs.js';
import type { CallOptions } from '../envelope.js';
import { taskCallOptions, taskShapeFor, type TaskShape } from './requests.js';
import { createdTask } from './snapshot.js';
import type { TaskCallOptions, TaskEvent } from './types.js';
import { watchTask, type TaskDeps } from './watch.js';

/**
 * The definition of a tool as the client knows it on a connection (listing the tools when it knows none).
 * **Temperature:** cold. **Emits:** the tool, or `undefined` when the server does not list it, once.
 * **Completes:** after it. **Errors:** as `listTools`. **Teardown:** cancels the listing.
 */
export type ToolLookup = (ready: ClientConnection, name: string) => Observable<Tool | undefined>;

/** What starting a task needs beside the watches. */
export interface StartDeps extends TaskDeps {
  /** The tool's definition, listing the tools on `ready` when the client knows none. */
  readonly tool: ToolLookup;
  /** The tool's definition when the client knows it (for its `x-mcp-header` parameters). */
  knownTool(name: string): Tool | undefined;
  /** A call of the tool may be sent again: the caller says `idempotent`, or the trusted hints say so. */
  safeToRepeat(name: string, options: { readonly idempotent?: boolean }): boolean;
}

/** The tool lookups of `StartDeps` over the client's tool registry (a list walked on `ready` fills it). */
export function registryLookups(core: ClientCore, tools: ToolRegistry): Pick<StartDeps, 'tool' | 'knownTool' | 'safeToRepeat'> {
  const knownTool = (name: string) => tools.get(name);
  const tool: ToolLookup = (ready, name) =>
    defer(() => (knownTool(name) !== undefined ? of(knownTool(name)) : tools.keep(listOn<Tool>(core, ready, 'tools/list', 'tools')).pipe(map(() => knownTool(name)))));
  const safeToRepeat = (name: string, options: { readonly idempotent?: boolean }) => options.idempotent === true || tools.isSafeToRepeat(name);
  return { tool, knownTool, safeToRepeat };
}

/**
 * 2025-11-25: a tool may run as a task only when it says so (`execution.taskSupport` `optional` or `required`;
 * absent means `forbidden`). Emits the tool once, or errors before anything is sent.
 */
function taskCapableTool(deps: StartDeps, ready: ClientConnection, name: string): Observable<Tool | undefined> {
  return deps.tool(ready, name).pipe(
    map((tool) => {
      const support = tool?.execution?.taskSupport ?? 'forbidden';
      if (support === 'forbidden') {
        const why = tool === undefined ? 'is not in the server\'s tool list' : 'does not support task execution (execution.taskSupport is forbidden or absent)';
        throw new UnsupportedMethodError(`Tool ${name} ${why}, so it cannot be called as a task`, { method: 'tools/call' });
      }
      return tool;
    }),
  );
}

/** The call's options: the caller's (the watch's own are ignored by the call), accepting a task in return. */
function callOptions(shape: TaskShape, options: TaskCallOptions, tool: Tool | undefined): CallOptions {
  return taskCallOptions(shape, { ...options, resultTypes: ['task'], ...(tool === undefined ? {} : { tool }) });
}

function startOn(deps: StartDeps, ready: ClientConnection, name: string, args: Params | undefined, options: TaskCallOptions): Observable<TaskEvent> {
  const shape = taskShapeFor(ready, 'tools/call');
  const tool$ = shape === 'core' ? taskCapableTool(deps, ready, name) : of(options.tool ?? deps.knownTool(name));
  const params: Params = {
    name,
    ...(args === undefined ? {} : { arguments: args }),
    ...(shape === 'core' ? { task: options.ttlMs === undefined ? {} : { ttl: options.ttlMs } } : {}),
  };
  return tool$.pipe(
    switchMap((tool) => callOn(ready, 'tools/call', params, callOptions(shape, options, tool), deps.safeToRepeat(name, options))),
    mergeMap((event): Observable<TaskEvent> => {
      if (event.type !== 'result') return of(event);
      const task = createdTask(event.result);
      if (task === undefined) return of(event as TaskEvent);
      return concat(of<TaskEvent>({ type: 'task-created', task }), watchTask(deps, task.taskId, options, task));
    }),
  );
}

/**
 * A tool call as a task, on the open connection (or a new one), followed to its end (see `TaskVerbs.callToolAsTask`).
 *
 * **Temperature:** cold. **Emits:** the call's progress and input rounds, `task-created`, the watch's events, the
 * `result`. **Completes:** after the result. **Errors:** `UnsupportedMethodError` before sending, what the call and
 * the watch error with. **Teardown:** cancels the call while it is in flight; once the task exists, stops watching
 * and sends nothing.
 */
export function callToolAsTask(deps: StartDeps, name: string, args: Params | undefined, options: TaskCallOptions = {}): Observable<TaskEvent> {
  return defer(() => deps.core.ready()).pipe(
    switchMap((ready) => defer(() => startOn(deps, ready, name, args, options))),
  ) as Observable<TaskEvent>;
}
