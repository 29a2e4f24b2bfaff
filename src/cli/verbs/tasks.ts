import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { tap } from 'rxjs';
import { parseTaskReference, type TaskReference, type TaskServer } from '../../client/tasks/reference.js';
import { resumeTask, sameTaskServer } from '../../client/tasks/resume.js';
import { taskSession, type TaskSession } from '../../client/tasks/session-join.js';
import type { TaskEvent } from '../../client/tasks/types.js';
import { TaskReferenceError } from '../../errors/task-reference-errors.js';
import { SUPPORTED_PROTOCOL_VERSIONS, type ProtocolVersion } from '../../protocol/versions.js';
import type { Command, TargetRequest } from '../command.js';
import type { Connection } from '../connection.js';
import { UsageError } from '../errors.js';
import { EXIT } from '../failure.js';
import { lastUnlessInterrupted, type Run } from '../run-context.js';

/** The reference `tasks resume` names: JSON text as it is, anything else a file (relative to `cwd`). */
async function referenceText(operand: string, cwd: string): Promise<string> {
  if (operand.trimStart().startsWith('{')) return operand;
  const file = isAbsolute(operand) ? operand : resolve(cwd, operand);
  return readFile(file, 'utf8').catch((error: Error) => {
    throw new UsageError(`The task reference ${file} cannot be read: ${error.message}`);
  });
}

function parsed(text: string): TaskReference {
  try {
    return parseTaskReference(text);
  } catch (error) {
    throw TaskReferenceError.is(error) ? new UsageError(error.message, { cause: error }) : error;
  }
}

const targetOf = (server: TaskServer): TargetRequest =>
  'url' in server ? { kind: 'url', url: server.url } : { kind: 'config', file: server.config, server: server.entry };

/** The reference's revision, unless `--protocol` named one: a server of both eras then speaks the task's. */
function protocolOf(command: Command, reference: TaskReference): Command['options']['protocol'] {
  const known = (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(reference.protocolVersion);
  return command.options.protocol === 'auto' && known ? { pin: reference.protocolVersion as ProtocolVersion } : command.options.protocol;
}

/** The session to join: the reference's, when it records one and the target is the reference's own URL. */
function sessionToJoin(command: Command, reference: TaskReference): TaskSession | undefined {
  const { target } = command;
  const own = target.kind === 'none' || (target.kind === 'url' && sameTaskServer({ url: target.url }, reference.server));
  return own && 'url' in reference.server ? taskSession(reference) : undefined;
}

/**
 * `tasks resume <reference-file|json>`: the command with the reference read, its server as the target when the
 * command line named none, and its revision unless `--protocol` named one; `session`, the Streamable HTTP session the
 * task was started in, which the connection joins (2025-11-25 core tasks of a reference that records one).
 * @throws UsageError for another sub-verb, an unreadable file or a malformed reference.
 */
export async function withTaskTarget(command: Command, cwd: string): Promise<{ command: Command; reference: string; session: TaskSession | undefined }> {
  const [sub, operand, ...extra] = command.operands;
  if (sub !== 'resume' || operand === undefined || extra.length > 0) throw new UsageError('tasks takes: tasks resume <reference-file|json>');
  const reference = await referenceText(operand, cwd);
  const read = parsed(reference);
  const target = command.target.kind === 'none' ? targetOf(read.server) : command.target;
  const session = sessionToJoin(command, read);
  return { command: { ...command, target, options: { ...command.options, protocol: protocolOf(command, read) } }, reference, session };
}

function line(event: TaskEvent): unknown {
  switch (event.type) {
    case 'task-created':
    case 'task-status':
      return { type: event.type, task: event.task };
    case 'task-input':
      return { type: event.type, key: event.key, method: event.request.method };
    case 'result':
      return { type: 'result', result: event.result };
    default:
      return { type: event.type };
  }
}

/** The task of `reference` on `connection` to its end, each event printed (unless `--json`): the last event. */
function follow(run: Run, connection: Connection, reference: string): Promise<TaskEvent | undefined> {
  const { target } = run.command;
  const resumed = resumeTask(connection.client, reference, target.kind === 'url' ? { server: { url: target.url } } : {}).pipe(
    tap((event) => {
      if (!run.out.json) run.out.value(line(event), true);
    }),
  );
  return lastUnlessInterrupted<TaskEvent | undefined>(run, resumed, undefined);
}

/** The joined session is gone: follows the task again on a connection of its own (`reopen`), which it closes. */
async function followElsewhere(run: Run, reference: string, ended: TaskReferenceError, reopen: () => Connection): Promise<TaskEvent | undefined> {
  run.out.note(`The task's session ${ended.sessionId ?? ''} is gone; resuming in a session of its own`);
  const fresh = reopen();
  try {
    await fresh.connect();
    return await follow(run, fresh, reference);
  } finally {
    await fresh.close();
  }
}

/**
 * Follows the task of `reference` on `connection` to its end: each event as one NDJSON line on stdout (with `--json`,
 * only the result). When `connection` joined the task's session and the server no longer knows it, the task is
 * followed again on a connection of its own (`reopen`): a server that keeps tasks across sessions still has it. A
 * reference of another server than the target URL, or of the other shape of tasks, is a usage error; a task the
 * server no longer knows exits 5.
 */
export async function tasksVerb(run: Run, connection: Connection, reference: string | undefined, reopen?: () => Connection): Promise<number> {
  if (reference === undefined) throw new UsageError('tasks resume connects to the server of its reference: run it without @<session>');
  try {
    const last = await follow(run, connection, reference).catch((error: unknown) => {
      if (reopen === undefined || !TaskReferenceError.is(error) || error.failure !== 'session-ended') throw error;
      return followElsewhere(run, reference, error, reopen);
    });
    if (run.out.json && last?.type === 'result') run.out.value(last.result);
    return last?.type === 'result' && last.result.isError === true ? EXIT.tool : EXIT.ok;
  } catch (error) {
    throw TaskReferenceError.is(error) ? new UsageError(error.message, { cause: error }) : error;
  }
}
