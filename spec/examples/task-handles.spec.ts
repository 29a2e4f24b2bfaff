// docs/tasks.md: a task handed from one client to a new one through its reference (a tab reopened, an agent
// restarted), in both eras.
import { first, map, mergeMap, timer } from 'rxjs';
import { resumeTask, taskReference } from '../../src/agent/index.js';
import { createClient, type TaskCreatedEvent, type TaskEvent } from '../../src/index.js';
import { TASK_TESTING_CAPABILITIES, itInEachEra, serveTasks, serveTools, tool, toolResult } from '../../src/testing/index.js';

const show = (event: TaskEvent): string => (event.type === 'task-status' ? event.task.status : event.type);

describe('durable task handles (docs/tasks.md)', () => {
  itInEachEra('a new client picks the task up from the reference the first one stored', (server, { expectObservable }) => {
    serveTools(server, [tool('build', { execution: { taskSupport: 'optional' } })]);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call').handle((call) => {
      const task = tasks.start(call, 'queued');
      timer(2500).subscribe(() => task.complete(toolResult('built')));
    });
    const store = new Map<string, string>();
    const transport = server.transport;
    // #region readme
    // Where the task starts: keep its reference, a small JSON text.
    const client = createClient(transport);
    client.callToolAsTask('build').pipe(first((event): event is TaskCreatedEvent => event.type === 'task-created')).subscribe({
      next: (event) => store.set('build', JSON.stringify(taskReference(client, event.task, { url: 'https://ci.example.com/mcp' }))),
      complete: () => client.close(), // the tab closes, the agent stops: the task runs on at the server
    });

    // Later, in a reopened tab or a restarted process: a new client follows the same task to its result.
    const reopened = () => resumeTask(createClient(transport), store.get('build') ?? '');
    // #endregion
    expectObservable(timer(1000).pipe(mergeMap(() => reopened()), map(show))).toBe('1000ms w 1999ms (cr|)', { w: 'working', c: 'completed', r: 'result' });
  }, { capabilities: TASK_TESTING_CAPABILITIES, taskNotifications: false });
});
