import { Observable, catchError, defer, filter, switchMap, throwError } from 'rxjs';
import { MissingRequiredClientCapabilityError } from '../../errors/rpc-errors.js';
import { hasCapability } from '../../protocol/model/capabilities.js';
import { TASKS_EXTENSION } from '../../protocol/model/tasks-extension.js';
import type { CallToolResult } from '../../protocol/model/tools.js';
import type { Params } from '../../session/types.js';
import type { ClientConnection } from '../client-connection.js';
import type { CallEvent } from '../input-rounds.js';
import { taskShape } from './requests.js';
import { callToolAsTask, type StartDeps } from './start.js';
import type { TaskCallOptions, TaskEvent } from './types.js';

/** 2025-11-25: the tool says it must run as a task, and the server takes tool calls as tasks. */
function mustRunAsTask(deps: StartDeps, ready: ClientConnection | undefined, name: string): boolean {
  if (ready === undefined || taskShape(ready) !== 'core') return false;
  return deps.knownTool(name)?.execution?.taskSupport === 'required' && hasCapability(ready.server.capabilities, ['tasks', 'requests', 'tools', 'call']);
}

/** 2026-07-28: the client declares the tasks extension on every request (`options.capabilities`), so any call may become a task. */
function declaresTasks(ready: ClientConnection | undefined): boolean {
  return ready !== undefined && taskShape(ready) === 'extension' && ready.policy.envelope.capabilities.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** 2026-07-28: the server refused the call with `-32021` asking for the tasks extension, which it offers. */
function asksForTasks(error: unknown, ready: ClientConnection | undefined): boolean {
  if (!MissingRequiredClientCapabilityError.is(error) || ready === undefined || taskShape(ready) !== 'extension') return false;
  const required = (error as MissingRequiredClientCapabilityError).requiredCapabilities['extensions'] as Readonly<Record<string, unknown>> | undefined;
  return required?.[TASKS_EXTENSION] !== undefined && hasCapability(ready.server.capabilities, ['extensions', TASKS_EXTENSION]);
}

const isCallEvent = (event: TaskEvent): event is CallEvent<CallToolResult> => event.type === 'progress' || event.type === 'input-required' || event.type === 'result';

/**
 * A plain tool call that runs as a task where the protocol says it must, so that `callTool` works on such tools
 * without knowing about tasks: on 2025-11-25 a tool the client knows to have `execution.taskSupport: "required"`
 * is called as a task; on 2026-07-28 a call refused with `-32021` for the tasks extension is made again declaring
 * it, and a client that declares the extension in its own capabilities follows whatever task the server makes of
 * a call. Either way only the call's own events (progress, input rounds, the result) are emitted.
 *
 * **Temperature:** cold. **Emits:** what `plain$` emits, or the task's call events. **Completes:** after the result.
 * **Errors:** as `plain$`, or as `callToolAsTask`. **Teardown:** cancels the call; a task started goes on.
 */
export function callToolRunningTasks(
  deps: StartDeps, name: string, args: Params | undefined, options: TaskCallOptions, plain$: () => Observable<CallEvent<CallToolResult>>,
): Observable<CallEvent<CallToolResult>> {
  const viaTask = () => callToolAsTask(deps, name, args, options).pipe(filter(isCallEvent));
  const on = (ready: ClientConnection): Observable<CallEvent<CallToolResult>> => {
    if (mustRunAsTask(deps, ready, name) || declaresTasks(ready)) return viaTask();
    return plain$().pipe(catchError((error: unknown) => (asksForTasks(error, deps.core.current()) ? viaTask() : throwError(() => error))));
  };
  // The negotiated connection decides at once when there is one (the common case: no extra operators per call).
  return defer(() => {
    const known = deps.core.current();
    return known !== undefined ? on(known) : deps.core.ready().pipe(switchMap(on));
  });
}
