import { defer, type Observable } from 'rxjs';
import { UnsupportedMethodError } from '../../errors/errors.js';
import { extensionSpec } from '../../protocol/extensions.js';
import { hasCapability } from '../../protocol/model/capabilities.js';
import { TASKS_EXTENSION } from '../../protocol/model/tasks-extension.js';
import type { Params } from '../../session/types.js';
import { callOn } from '../call.js';
import type { ClientConnection } from '../client-connection.js';
import type { CallOptions } from '../envelope.js';
import { resultOf } from '../verbs.js';

/** Tasks on a connection: the 2025-11-25 core tasks, or the 2026-07-28 tasks extension. */
export type TaskShape = 'core' | 'extension';

/** What a request declares to enable the tasks extension. */
export const TASKS_DECLARATION = { [TASKS_EXTENSION]: {} } as const;

/** What each core task request needs the server to declare. */
const CORE_GATES: Readonly<Record<string, readonly string[]>> = {
  'tasks/get': ['tasks'],
  'tasks/result': ['tasks'],
  'tasks/list': ['tasks', 'list'],
  'tasks/cancel': ['tasks', 'cancel'],
  'tools/call': ['tasks', 'requests', 'tools', 'call'],
};

/** The requests of the tasks extension, and the one request it may answer with a task. */
const EXTENSION_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel', 'tools/call']);

const label = (method: string): string => (method === 'tools/call' ? 'a tools/call as a task' : method);

/** Which shape of tasks the revision of `ready` has, if any. */
export function taskShape(ready: ClientConnection): TaskShape | undefined {
  const { revision } = ready.policy;
  if (revision.capabilities.tasks) return 'core';
  return revision.capabilities.extensions && extensionSpec(TASKS_EXTENSION)?.revisions.includes(revision.version) ? 'extension' : undefined;
}

/**
 * The shape of tasks `method` takes on `ready`.
 * @throws UnsupportedMethodError when the revision, the extension or the server's capabilities lack it.
 */
export function taskShapeFor(ready: ClientConnection, method: string): TaskShape {
  const { protocolVersion, capabilities } = ready.server;
  const shape = taskShape(ready);
  if (shape === undefined) {
    throw new UnsupportedMethodError(`${label(method)} needs MCP 2025-11-25 or MCP 2026-07-28 with the ${TASKS_EXTENSION} extension; the connection speaks MCP ${protocolVersion}`, { method });
  }
  if (shape === 'core') {
    const gate = CORE_GATES[method];
    if (gate === undefined) throw new UnsupportedMethodError(`${method} is not part of MCP 2025-11-25 (it belongs to the ${TASKS_EXTENSION} extension of 2026-07-28)`, { method });
    if (!hasCapability(capabilities, gate)) throw new UnsupportedMethodError(`The server does not declare the ${gate.join('.')} capability needed for ${label(method)}`, { method });
    return shape;
  }
  if (!EXTENSION_METHODS.has(method)) throw new UnsupportedMethodError(`${method} is not part of the ${TASKS_EXTENSION} extension of MCP 2026-07-28 (only 2025-11-25 has it)`, { method });
  if (!hasCapability(capabilities, ['extensions', TASKS_EXTENSION])) {
    throw new UnsupportedMethodError(`The server does not declare the ${TASKS_EXTENSION} extension needed for ${label(method)}`, { method });
  }
  return shape;
}

/** Call options of a request of the tasks of `shape` (the extension's requests declare it). */
export function taskCallOptions(shape: TaskShape, options: CallOptions = {}): CallOptions {
  return shape === 'extension' ? { ...options, extensions: { ...options.extensions, ...TASKS_DECLARATION } } : options;
}

/** One task request on `ready`, its result decoded. Cold; fails before sending when the connection lacks it. */
export function taskRequest<R>(ready: ClientConnection, method: string, params: Params | undefined, options: CallOptions = {}): Observable<R> {
  return defer(() => resultOf<R>(callOn(ready, method, params, taskCallOptions(taskShapeFor(ready, method), options))));
}
