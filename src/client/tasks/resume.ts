import { catchError, defer, mergeMap, throwError, type Observable } from 'rxjs';
import { RpcError, TransportError } from '../../errors/errors.js';
import { TaskFailedError } from '../../errors/task-errors.js';
import { TaskNotFoundError, TaskReferenceError } from '../../errors/task-reference-errors.js';
import type { Client } from '../client-types.js';
import type { CallOptions } from '../envelope.js';
import { isSessionExpired } from '../session-expiry.js';
import type { ServerSession } from '../server-session.js';
import { offeredTaskShape, parseTaskReference, type TaskReference, type TaskServer } from './reference.js';
import type { TaskEvent, TaskWatchOptions } from './types.js';

/** Options of `resumeTask`: how to watch, and where the client connects. */
export interface ResumeTaskOptions extends TaskWatchOptions, CallOptions {
  /** Where the client connects (its URL or configuration entry): a reference of another server is refused. */
  readonly server?: TaskServer;
}

/** What `resumeTask` needs of a client. */
export type TaskResumeClient = Pick<Client, 'connect' | 'watchTask'>;

const INVALID_PARAMS = -32602;
/** The code with which SDK-built servers refuse a request's session (`Bad Request: No valid session ID provided`). */
const SESSION_REFUSED = -32000;

const describe = (server: TaskServer): string => ('url' in server ? server.url : server.config === undefined ? server.entry : `${server.config}:${server.entry}`);

function canonicalUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** Whether two descriptions of a server name the same one (URLs compared in their canonical form). */
export function sameTaskServer(a: TaskServer, b: TaskServer): boolean {
  if ('url' in a || 'url' in b) return 'url' in a && 'url' in b && canonicalUrl(a.url) === canonicalUrl(b.url);
  return a.entry === b.entry && (a.config === undefined || b.config === undefined || a.config === b.config);
}

/** @throws TaskReferenceError when the negotiated server is not the reference's or offers the other shape of tasks. */
function checkServer(reference: TaskReference, server: ServerSession): void {
  const { taskId } = reference;
  const name = server.serverInfo?.name;
  if (reference.serverName !== undefined && name !== undefined && name !== reference.serverName) {
    throw new TaskReferenceError('other-server', `Task ${taskId} belongs to the server "${reference.serverName}"; this client is connected to "${name}"`, { taskId });
  }
  const shape = offeredTaskShape(server);
  if (shape !== reference.shape) {
    const offered = shape === undefined ? 'no tasks' : shape === 'core' ? 'the tasks of MCP 2025-11-25' : 'the 2026-07-28 tasks extension';
    const wanted = reference.shape === 'core' ? 'MCP 2025-11-25 core tasks' : 'the 2026-07-28 tasks extension';
    throw new TaskReferenceError('other-shape', `Task ${taskId} is one of ${wanted} (MCP ${reference.protocolVersion}); the server offers ${offered} on MCP ${server.protocolVersion}`, { taskId });
  }
}

/**
 * In a joined session, a refusal of the session itself: 404 (`SessionExpiredError`), or 400, which servers that route
 * sessions themselves (server-everything, ...) answer for an id they do not know, as a `-32000` JSON-RPC error or bare.
 */
function refusesSession(error: unknown): boolean {
  if (isSessionExpired(error)) return true;
  if (RpcError.is(error)) return error.rpcCode === SESSION_REFUSED && !TaskFailedError.is(error);
  return TransportError.is(error) && (error.status === 400 || error.status === 404);
}

/** The session the reference records is gone: the task cannot be reached any more. */
function sessionEnded(reference: TaskReference, error: unknown): Observable<never> {
  const { taskId, sessionId } = reference;
  const message = `Task ${taskId} lives in session ${sessionId}, which the server no longer knows (ended with DELETE, expired, or the server restarted): ${(error as Error).message}`;
  return throwError(() => new TaskReferenceError('session-ended', message, { taskId, cause: error, ...(sessionId === undefined ? {} : { sessionId }) }));
}

/** A `-32602` answer about the task (not a task that failed with that code) means the server does not know it. */
function notFound(reference: TaskReference, error: unknown, joined: boolean): Observable<never> {
  if (joined && reference.sessionId !== undefined && refusesSession(error)) return sessionEnded(reference, error);
  if (!RpcError.is(error) || error.rpcCode !== INVALID_PARAMS || TaskFailedError.is(error)) return throwError(() => error);
  const session = reference.sessionId === undefined
    ? ''
    : ` (it was started in session ${reference.sessionId}; a server that binds tasks to their session knows it only there: join it with taskSession(reference))`;
  const message = `The server no longer knows task ${reference.taskId}: ${error.message}${session}`;
  return throwError(() => new TaskNotFoundError(reference.taskId, error.rpcCode, message, {
    cause: error, data: error.data, ...(error.method === undefined ? {} : { method: error.method }), ...(reference.sessionId === undefined ? {} : { sessionId: reference.sessionId }),
  }));
}

/**
 * Picks up a task from its reference (made by `taskReference`, in this process or another): checks the reference,
 * connects, checks that the server is the reference's and offers its shape of tasks, then follows the task as
 * `watchTask` does, polling at the reference's `pollIntervalMs` until the server suggests an interval of its own.
 * A 2025-11-25 task of a server that binds tasks to their session (the official SDK's servers) is reached only in
 * that session: give `resumeTask` a client that joined it (`taskSession(reference)`), after the process that
 * handed the task off closed with `close({ keepSession: true })`.
 *
 * - **Temperature:** cold; each subscription checks the reference and starts one watch.
 * - **Emits:** `task-status` on each change (the first at once), `task-input` per request for input, then the
 *   `result` event.
 * - **Completes:** after the result.
 * - **Errors:** `TaskReferenceError` (`malformed`: not a reference, sending nothing; `other-server`: another server
 *   than `options.server` (sending nothing) or than the one connected to; `other-shape`: the server offers the other
 *   shape of tasks, or none; `session-ended`: a client that joined the reference's session (`taskSession`) found it
 *   gone), `TaskNotFoundError` (the server no longer knows the task), and the errors of
 *   `watchTask` (`TaskFailedError`, `TaskCancelledError`, `InputRequiredError`, `RpcError`, ...).
 * - **Teardown:** stops watching and sends nothing about the task (no `tasks/cancel`).
 */
export function resumeTask(client: TaskResumeClient, reference: TaskReference | string, options: ResumeTaskOptions = {}): Observable<TaskEvent> {
  return defer(() => {
    const parsed = parseTaskReference(reference);
    const { server, ...watchOptions } = options;
    if (server !== undefined && !sameTaskServer(server, parsed.server)) {
      const message = `Task ${parsed.taskId} belongs to ${describe(parsed.server)}; this client connects to ${describe(server)}`;
      throw new TaskReferenceError('other-server', message, { taskId: parsed.taskId });
    }
    const watch = { ...(parsed.pollIntervalMs === undefined ? {} : { pollIntervalMs: parsed.pollIntervalMs }), ...watchOptions };
    return client.connect().pipe(
      mergeMap((negotiated) => {
        checkServer(parsed, negotiated);
        return client.watchTask(parsed.taskId, watch).pipe(catchError((error: unknown) => notFound(parsed, error, negotiated.joined === true)));
      }),
    );
  });
}
