import { RpcError, type RpcErrorOptions } from './errors.js';
import { McpError, type McpErrorOptions } from './mcp-error.js';

/**
 * Why a task reference cannot be used: `malformed` (not JSON, or not the shape of a reference), `other-server` (it
 * names another server than the client is connected to), `other-shape` (its tasks are the other shape, 2025-11-25
 * core tasks against the 2026-07-28 extension or the reverse, or the server offers no tasks at all), `not-connected`
 * (a reference was asked of a client that has not negotiated yet), `session-ended` (a client that joined the session
 * the task was started in found it gone: ended with `DELETE`, expired, or the server restarted).
 */
export type TaskReferenceFailure = 'malformed' | 'other-server' | 'other-shape' | 'not-connected' | 'session-ended';

/** Options of `TaskReferenceError`. */
export interface TaskReferenceErrorOptions extends McpErrorOptions {
  /** The task the reference names, when it could be read. */
  readonly taskId?: string;
  /** Where the reference was malformed: `server.url: Invalid input`, one line per problem. */
  readonly issues?: readonly string[];
  /** `session-ended`: the session the reference recorded. */
  readonly sessionId?: string;
}

/**
 * A task reference that cannot be resumed on this client: malformed, of another server, or of another shape of
 * tasks (nothing was sent about the task), or of a session that is gone (`session-ended`: the server refused the
 * joined session, so the task cannot be reached).
 */
export class TaskReferenceError extends McpError {
  static override readonly kind: string = 'TaskReferenceError';
  /** What is wrong with the reference. */
  readonly failure: TaskReferenceFailure;
  /** The task the reference names, when it could be read. */
  readonly taskId: string | undefined;
  /** Where a malformed reference breaks the format, one line per problem (empty otherwise). */
  readonly issues: readonly string[];
  /** `session-ended`: the session the reference recorded (`undefined` otherwise). */
  readonly sessionId: string | undefined;

  constructor(failure: TaskReferenceFailure, message: string, options: TaskReferenceErrorOptions = {}) {
    super('task-reference', message, options);
    this.failure = failure;
    this.taskId = options.taskId;
    this.issues = options.issues ?? [];
    this.sessionId = options.sessionId;
  }
}

/** Options of `TaskNotFoundError`. */
export interface TaskNotFoundErrorOptions extends RpcErrorOptions {
  /** 2025-11-25: the session the task was started in, as the reference recorded it. */
  readonly sessionId?: string;
}

/**
 * The server no longer knows the task a reference names (it answered `tasks/get` with `-32602`): its time to live
 * ran out, the server restarted, or (2025-11-25 servers that bind tasks to a session) the task belongs to a session
 * this connection is not part of. An `RpcError` with the server's code, message and data.
 */
export class TaskNotFoundError extends RpcError {
  static override readonly kind: string = 'TaskNotFoundError';
  /** The id of the task the server does not know. */
  readonly taskId: string;
  /** 2025-11-25: the session the task was started in, when the reference recorded one. */
  readonly sessionId: string | undefined;

  constructor(taskId: string, rpcCode: number, message: string, options: TaskNotFoundErrorOptions = {}) {
    super(rpcCode, message, options);
    this.taskId = taskId;
    this.sessionId = options.sessionId;
  }
}
