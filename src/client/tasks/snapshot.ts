import type { JsonRpcErrorObject } from '../../protocol/jsonrpc.js';
import type { JsonObject } from '../../protocol/model/common.js';
import type { InputRequests } from '../../protocol/model/mrtr.js';
import type { Task, TaskStatus } from '../../protocol/model/tasks.js';
import type { ExtensionTask } from '../../protocol/model/tasks-extension.js';
import type { TaskShape } from './requests.js';
import type { TaskDetails, TaskSnapshot } from './types.js';
import { decodeResult } from '../../protocol/codec.js';
import type { CallToolResult } from '../../protocol/model/tools.js';
import type { ProtocolVersion } from '../../protocol/versions.js';

/** `completed`, `failed` and `cancelled` end a task. */
export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** The task of a 2025-11-25 `Task` (`ttl` and `pollInterval` renamed). */
export function fromCoreTask(task: Task): TaskSnapshot {
  const { ttl, pollInterval, ...rest } = task;
  return snapshotOf({ ...rest, ttlMs: ttl, ...(pollInterval === undefined ? {} : { pollIntervalMs: pollInterval }) });
}

type Inline = { readonly inputRequests?: InputRequests; readonly result?: JsonObject; readonly error?: JsonRpcErrorObject };

/** The task of a 2026-07-28 extension task (created, got or notified), with what its status carries inline. */
export function fromExtensionTask(task: ExtensionTask & Inline): TaskDetails {
  return {
    ...snapshotOf(task),
    ...(task.inputRequests === undefined ? {} : { inputRequests: task.inputRequests }),
    ...(task.result === undefined ? {} : { result: task.result }),
    ...(task.error === undefined ? {} : { error: task.error }),
  };
}

/** Only the state fields (what status events carry). */
export function snapshotOf(task: TaskSnapshot): TaskSnapshot {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    ...(task.pollIntervalMs === undefined ? {} : { pollIntervalMs: task.pollIntervalMs }),
  };
}

/** The task a decoded `tools/call` result started, in either shape; `undefined` for an ordinary result. */
export function createdTask(result: unknown): TaskSnapshot | undefined {
  const value = result as { resultType?: unknown; task?: Task } & ExtensionTask;
  if (value.resultType !== 'task') return undefined;
  return value.task === undefined ? snapshotOf(value) : fromCoreTask(value.task);
}

/** A task as the server sent it, in the shape of the connection's revision, as the task's details. */
export function taskOf(shape: TaskShape, raw: unknown): TaskDetails {
  return shape === 'core' ? fromCoreTask(raw as Task) : fromExtensionTask(raw as ExtensionTask & Inline);
}

/** A task's `tools/call` result, decoded for the connection's revision. */
export function taskToolResult(version: ProtocolVersion, raw: unknown): CallToolResult {
  return decodeResult(version, 'tools/call', raw) as CallToolResult;
}
