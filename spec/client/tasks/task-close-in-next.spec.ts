import { first, timer } from 'rxjs';
import { ConnectionClosedError, createClient, type TaskEvent } from '../../../src/index.js';
import { itInEachEra, serveTasks, toolResult } from '../../../src/testing/index.js';
import { TASK_SERVER, serveBuildTool } from './helpers.js';

// A first program closes the client in the handler of the event it waited for. `first` completes its subscriber
// only after that `next` returns, so the close runs while the task's stream is still subscribed: it must end quietly.
describe('Client.callToolAsTask: close() inside next of first(...)', () => {
  for (const wanted of ['task-created', 'task-status', 'result'] as const) {
    itInEachEra(`completes with the ${wanted} event and reports no error`, (server, { flush }) => {
      serveBuildTool(server);
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call);
        timer(1500).subscribe(() => task.update('working', 'halfway'));
        timer(2500).subscribe(() => task.complete(toolResult('built')));
      });
      const client = createClient(server.transport);
      const seen: string[] = [];
      client.callToolAsTask('build').pipe(first((event: TaskEvent) => event.type === wanted)).subscribe({
        next: (event) => {
          seen.push(event.type);
          client.close();
        },
        error: (error: unknown) => seen.push(`error: ${String(error)}`),
        complete: () => seen.push('complete'),
      });
      flush();
      expect(seen).toEqual([wanted, 'complete']);
    }, { ...TASK_SERVER, taskNotifications: false });
  }

  itInEachEra('still errors with ConnectionClosedError when the client is closed outside the handler while the task runs', (server, { flush }) => {
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call').handle((call) => void tasks.start(call));
    const client = createClient(server.transport);
    const seen: string[] = [];
    client.callToolAsTask('build').subscribe({
      next: (event) => seen.push(event.type),
      error: (error: unknown) => seen.push(ConnectionClosedError.is(error) ? 'ConnectionClosedError' : String(error)),
      complete: () => seen.push('complete'),
    });
    timer(1500).subscribe(() => client.close());
    flush();
    expect(seen).toEqual(['task-created', 'ConnectionClosedError']);
  }, { ...TASK_SERVER, taskNotifications: false });
});
