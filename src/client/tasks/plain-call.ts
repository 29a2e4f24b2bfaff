import { filter, type Observable } from 'rxjs';
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

// How a plain tool call runs as a task where the protocol says it must, so that `callTool` works on such tools
// without knowing about tasks: on 2025-11-25 a tool the client knows to have `execution.taskSupport: "required"` is
// called as a task; on 2026-07-28 a call refused with `-32021` for the tasks extension is made again declaring it,
// and a client that declares the extension in its own capabilities follows whatever task the server makes of a
// call. The tool call (`tool-calls.ts`) decides with these on the connection it is sent on.

/** True when a plain call on `ready` could be refused with `-32021` for the tasks extension (2026-07-28, offered). */
function mayAskForTask(ready: ClientConnection): boolean {
  return taskShape(ready) === 'extension' && hasCapability(ready.server.capabilities, ['extensions', TASKS_EXTENSION]);
}

/** What a connection says about tool calls as tasks, the same for every call on it (see `taskTraitsOf`). */
export interface TaskTraits {
  /** 2025-11-25: a tool that requires tasks runs as one (the server takes tool calls as tasks). */
  readonly byTool: boolean;
  /** 2026-07-28: the client declares the tasks extension, so every call runs as a task. */
  readonly always: boolean;
  /** 2026-07-28: a plain call may be refused with `-32021` for the offered tasks extension. */
  readonly mayAsk: boolean;
}

/** The task traits of `ready`, worked out once per connection by the caller that keeps them. */
export function taskTraitsOf(ready: ClientConnection): TaskTraits {
  return {
    byTool: taskShape(ready) === 'core' && hasCapability(ready.server.capabilities, ['tasks', 'requests', 'tools', 'call']),
    always: declaresTasks(ready),
    mayAsk: mayAskForTask(ready),
  };
}

/** True when a plain call's error asks for the call to be made again as a task (2026-07-28, `-32021`). */
export function asksForTask(deps: StartDeps, error: unknown): boolean {
  return asksForTasks(error, deps.core.current());
}

/**
 * The tool call as a task, with only the call's own events.
 *
 * **Temperature:** cold. **Emits:** progress, input rounds and the result of the task's call. **Completes:** after
 * the result. **Errors:** as `callToolAsTask`. **Teardown:** stops following the task; the task goes on.
 */
export function toolCallViaTask(deps: StartDeps, name: string, args: Params | undefined, options: TaskCallOptions): Observable<CallEvent<CallToolResult>> {
  return callToolAsTask(deps, name, args, options).pipe(filter(isCallEvent));
}
