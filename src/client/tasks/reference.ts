import * as z from 'zod/mini';
import { TaskReferenceError } from '../../errors/task-reference-errors.js';
import { TASKS_EXTENSION } from '../../protocol/model/tasks-extension.js';
import type { Client } from '../client-types.js';
import type { ServerSession } from '../server-session.js';
import type { TaskShape } from './requests.js';
import type { TaskSnapshot } from './types.js';

/**
 * Where the server of a task is, enough for another process to connect to it again: its URL, or an entry of a
 * configuration file (`config` is the file; without it, the known configuration files are searched for `entry`).
 */
export type TaskServer =
  | {
    /** The server's URL. */
    readonly url: string;
  }
  | {
    /** The entry's name in the configuration file. */
    readonly entry: string;
    /** The configuration file; without it, the known configuration files are searched. */
    readonly config?: string;
  };

/** The value of `TaskReference.format`: this version of the reference's format. */
export const TASK_REFERENCE_FORMAT = 'rxmcp.task-reference/1';

/**
 * A running task as plain JSON: store it (a file, `localStorage`, a database row), hand it to another process, and
 * give it to `resumeTask` there to pick up the task's status and result.
 */
export interface TaskReference {
  /** Always `rxmcp.task-reference/1`. */
  readonly format: typeof TASK_REFERENCE_FORMAT;
  /** Where the server is. */
  readonly server: TaskServer;
  /** The server's self-reported name (`serverInfo.name`) when the task was started; checked on resuming. */
  readonly serverName?: string;
  /** The revision the task was started on. */
  readonly protocolVersion: string;
  /** `core` (the tasks of MCP 2025-11-25) or `extension` (the 2026-07-28 extension `io.modelcontextprotocol/tasks`). */
  readonly shape: 'core' | 'extension';
  /** The task's id, as the server chose it. */
  readonly taskId: string;
  /** 2025-11-25 Streamable HTTP: the session the task was started in (`Mcp-Session-Id`). */
  readonly sessionId?: string;
  /** The polling interval the server suggested, in milliseconds: the interval of a resumed watch until it says again. */
  readonly pollIntervalMs?: number;
  /** When the task was created, ISO 8601. */
  readonly createdAt?: string;
}

const ServerSchema = z.union([
  z.strictObject({ url: z.string().check(z.regex(/^(https?|wss?):\/\/\S+$/i)) }),
  z.strictObject({ entry: z.string().check(z.minLength(1)), config: z.optional(z.string().check(z.minLength(1))) }),
]);

/** The JSON form of a `TaskReference`, as `parseTaskReference` checks it. */
const TaskReferenceSchema = z.object({
  format: z.literal(TASK_REFERENCE_FORMAT),
  server: ServerSchema,
  serverName: z.optional(z.string()),
  protocolVersion: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  shape: z.enum(['core', 'extension']),
  taskId: z.string().check(z.minLength(1)),
  sessionId: z.optional(z.string().check(z.minLength(1))),
  pollIntervalMs: z.optional(z.int().check(z.nonnegative())),
  createdAt: z.optional(z.string()),
});

/** The shape of tasks a negotiated server offers: `core` (2025-11-25 `capabilities.tasks`), `extension`, or none. */
export function offeredTaskShape(server: ServerSession): TaskShape | undefined {
  if (server.era === 'modern') return server.capabilities.extensions?.[TASKS_EXTENSION] === undefined ? undefined : 'extension';
  return server.capabilities.tasks === undefined ? undefined : 'core';
}

function fromJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new TaskReferenceError('malformed', `A task reference must be JSON: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Reads a task reference: a `TaskReference` object or its JSON text.
 * @throws TaskReferenceError (`failure: 'malformed'`, with `issues`) when it is not JSON or not a reference.
 */
export function parseTaskReference(input: unknown): TaskReference {
  const value = typeof input === 'string' ? fromJson(input) : input;
  const parsed = TaskReferenceSchema.safeParse(value);
  if (parsed.success) return parsed.data as TaskReference;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(reference)'}: ${issue.message}`);
  const taskId = (value as { taskId?: unknown } | null | undefined)?.taskId;
  throw new TaskReferenceError('malformed', `Not a task reference: ${issues.join('; ')}`, { issues, ...(typeof taskId === 'string' ? { taskId } : {}) });
}

/** What `taskReference` reads of a client: its negotiated server and its session's current connection. */
export type TaskReferenceSource = Pick<Client, 'server' | 'session'>;

/**
 * The reference of a task the client started or follows, for `resumeTask` in this or another process. It records
 * the server's name, the revision and shape of tasks, the task's suggested polling interval and (2025-11-25) the
 * session it was started in, from the client's current connection.
 * @param client - the client connected to the task's server.
 * @param task - the task's state (`event.task` of a `task-created` or `task-status` event) or its id.
 * @param server - where the server is, for another process to connect to it.
 * @throws TaskReferenceError (`not-connected`) before the client negotiated, (`other-shape`) when its server offers
 * no tasks.
 */
export function taskReference(client: TaskReferenceSource, task: TaskSnapshot | string, server: TaskServer): TaskReference {
  const negotiated = client.server;
  const taskId = typeof task === 'string' ? task : task.taskId;
  if (negotiated === undefined) throw new TaskReferenceError('not-connected', `No reference to task ${taskId}: the client has not negotiated with its server`, { taskId });
  const shape = offeredTaskShape(negotiated);
  if (shape === undefined) throw new TaskReferenceError('other-shape', `No reference to task ${taskId}: the server offers no tasks on MCP ${negotiated.protocolVersion}`, { taskId });
  const sessionId = negotiated.era === 'legacy' ? client.session.current?.sessionId : undefined;
  const snapshot = typeof task === 'string' ? undefined : task;
  return {
    format: TASK_REFERENCE_FORMAT,
    server: 'url' in server ? { url: server.url } : { entry: server.entry, ...(server.config === undefined ? {} : { config: server.config }) },
    ...(negotiated.serverInfo?.name === undefined ? {} : { serverName: negotiated.serverInfo.name }),
    protocolVersion: negotiated.protocolVersion,
    shape,
    taskId,
    ...(sessionId === undefined ? {} : { sessionId }),
    ...(snapshot?.pollIntervalMs === undefined ? {} : { pollIntervalMs: snapshot.pollIntervalMs }),
    ...(snapshot?.createdAt === undefined ? {} : { createdAt: snapshot.createdAt }),
  };
}
