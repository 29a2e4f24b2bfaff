import { filter, map, type Observable } from 'rxjs';
import type { TaskEvent } from '../../../src/index.js';
import { TASK_TESTING_CAPABILITIES, serveTools, tool, type TestingController } from '../../../src/testing/index.js';

/** One task event as a short string: `created:working:queued`, `status:completed:`, `input:name`, `result:built`. */
export function show(event: TaskEvent): string {
  switch (event.type) {
    case 'task-created':
      return `created:${event.task.status}:${event.task.statusMessage ?? ''}`;
    case 'task-status':
      return `status:${event.task.status}:${event.task.statusMessage ?? ''}`;
    case 'task-input':
      return `input:${event.request.method}`;
    case 'result':
      return `result:${event.result.content.map((block) => (block.type === 'text' ? block.text : block.type)).join()}`;
    default:
      return event.type;
  }
}

/** Controller options of a server with tasks in both shapes. */
export const TASK_SERVER = { capabilities: TASK_TESTING_CAPABILITIES } as const;

/** Lists `build`, a tool that may run as a task (2025-11-25 needs `execution.taskSupport`). */
export function serveBuildTool(server: TestingController, taskSupport: 'optional' | 'required' | 'forbidden' = 'optional'): void {
  serveTools(server, [tool('build', { execution: { taskSupport } })]);
}

/** A marble value per request of `method` the server receives (`g` by default), for timing expectations. */
export function arrivals(server: TestingController, method: string, value = 'g'): Observable<string> {
  return server.requests$.pipe(filter((request) => request.method === method), map(() => value));
}
