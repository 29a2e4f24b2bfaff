import { RpcError, type RpcErrorOptions } from './errors.js';
import { McpError, type McpErrorOptions } from './mcp-error.js';

/** Options of `TaskFailedError`. */
export interface TaskFailedErrorOptions extends RpcErrorOptions {
  /** The task's `statusMessage` when it failed, if the server gave one. */
  readonly statusMessage?: string;
}

/**
 * A task ended `failed`: the request it ran failed with a JSON-RPC error (2026-07-28 tasks extension: the task's
 * `error`; 2025-11-25: the error `tasks/result` answered with). It is an `RpcError` with that error's code,
 * message and data, so code that handles a failed call handles a failed task alike; `taskId` says which task.
 */
export class TaskFailedError extends RpcError {
  static override readonly kind: string = 'TaskFailedError';
  /** The id of the task that failed. */
  readonly taskId: string;
  /** The task's `statusMessage` when it failed; `undefined` when the server gave none. */
  readonly statusMessage: string | undefined;

  constructor(taskId: string, rpcCode: number, message: string, options: TaskFailedErrorOptions = {}) {
    super(rpcCode, `Task ${taskId} failed: ${message}`, options);
    this.taskId = taskId;
    this.statusMessage = options.statusMessage;
  }
}

/** Options of `TaskCancelledError`. */
export interface TaskCancelledErrorOptions extends McpErrorOptions {
  /** The task's `statusMessage` when it was cancelled, if the server gave one (it is appended to the message). */
  readonly statusMessage?: string;
}

/** A task ended `cancelled` before it produced a result (whoever cancelled it). */
export class TaskCancelledError extends McpError {
  static override readonly kind: string = 'TaskCancelledError';
  /** The id of the task that was cancelled. */
  readonly taskId: string;
  /** The task's `statusMessage` when it was cancelled; `undefined` when the server gave none. */
  readonly statusMessage: string | undefined;

  constructor(taskId: string, options: TaskCancelledErrorOptions = {}) {
    const why = options.statusMessage === undefined ? '' : `: ${options.statusMessage}`;
    super('task-cancelled', `Task ${taskId} was cancelled${why}`, options);
    this.taskId = taskId;
    this.statusMessage = options.statusMessage;
  }
}
