import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { tap } from 'rxjs';
import { parseTaskReference, type TaskReference, type TaskServer } from '../../client/tasks/reference.js';
import { resumeTask } from '../../client/tasks/resume.js';
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

/**
 * `tasks resume <reference-file|json>`: the command with the reference read, its server as the target when the
 * command line named none, and its revision unless `--protocol` named one.
 * @throws UsageError for another sub-verb, an unreadable file or a malformed reference.
 */
export async function withTaskTarget(command: Command, cwd: string): Promise<{ command: Command; reference: string }> {
  const [sub, operand, ...extra] = command.operands;
  if (sub !== 'resume' || operand === undefined || extra.length > 0) throw new UsageError('tasks takes: tasks resume <reference-file|json>');
  const reference = await referenceText(operand, cwd);
  const read = parsed(reference);
  const target = command.target.kind === 'none' ? targetOf(read.server) : command.target;
  return { command: { ...command, target, options: { ...command.options, protocol: protocolOf(command, read) } }, reference };
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

/**
 * Follows the task of `reference` on `connection` to its end: each event as one NDJSON line on stdout (with `--json`,
 * only the result). A reference of another server than the target URL, or of the other shape of tasks, is a usage
 * error; a task the server no longer knows exits 5.
 */
export async function tasksVerb(run: Run, connection: Connection, reference: string | undefined): Promise<number> {
  if (reference === undefined) throw new UsageError('tasks resume connects to the server of its reference: run it without @<session>');
  const { target } = run.command;
  const resumed = resumeTask(connection.client, reference, target.kind === 'url' ? { server: { url: target.url } } : {}).pipe(
    tap((event) => {
      if (!run.out.json) run.out.value(line(event), true);
    }),
  );
  try {
    const last = await lastUnlessInterrupted<TaskEvent | undefined>(run, resumed, undefined);
    if (run.out.json && last?.type === 'result') run.out.value(last.result);
    return last?.type === 'result' && last.result.isError === true ? EXIT.tool : EXIT.ok;
  } catch (error) {
    throw TaskReferenceError.is(error) ? new UsageError(error.message, { cause: error }) : error;
  }
}
