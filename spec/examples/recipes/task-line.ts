// A status-bar component of the kind the testing recipes test: one line per step of a tool call run as a task.
import { catchError, filter, map, of, type Observable } from 'rxjs';
import type { Client, TaskEvent } from '../../../src/index.js';

function line(event: TaskEvent): string | undefined {
  if (event.type === 'task-created' || event.type === 'task-status') return `${event.task.status}${event.task.statusMessage ? `: ${event.task.statusMessage}` : ''}`;
  if (event.type === 'task-input') return 'waiting for you…';
  if (event.type === 'result') return `done: ${event.result.content.map((block) => (block.type === 'text' ? block.text : block.type)).join(' ')}`;
  return undefined;
}

/** The lines of a status bar for `tool` run as a task: each status with its message, a prompt for input, the result. */
export function taskLine(client: Pick<Client, 'callToolAsTask'>, tool: string, args?: Readonly<Record<string, unknown>>): Observable<string> {
  return client.callToolAsTask(tool, args).pipe(
    map(line),
    filter((text): text is string => text !== undefined),
    catchError((error: unknown) => of(`failed: ${error instanceof Error ? error.message : String(error)}`)),
  );
}
