// README recipe: a tool call run as a task, its status line in both eras.
import { timer } from 'rxjs';
import { createClient } from '../../src/index.js';
import { TASK_TESTING_CAPABILITIES, itInEachEra, serveTasks, serveTools, tool, toolResult } from '../../src/testing/index.js';
import { taskLine } from './recipes/task-line.js';

// #region readme
describe('taskLine', () => {
  const withTasks = { capabilities: TASK_TESTING_CAPABILITIES, taskNotifications: false }; // tasks in both shapes, polled
  itInEachEra('shows each status of the task, then its result', (server, { expectObservable }) => {
    serveTools(server, [tool('build', { execution: { taskSupport: 'optional' } })]); // 2025-11-25 reads taskSupport
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call', { name: 'build' }).handle((call) => {
      const task = tasks.start(call, 'queued');
      timer(1500).subscribe(() => task.update('working', 'compiling'));
      timer(2500).subscribe(() => task.complete(toolResult('built')));
    });
    expectObservable(taskLine(createClient(server.transport), 'build')).toBe('q 1999ms c 999ms (sd|)', {
      q: 'working: queued', c: 'working: compiling', s: 'completed', d: 'done: built',
    });
  }, withTasks);

  itInEachEra('says why when the task fails', (server, { expectObservable }) => {
    serveTools(server, [tool('build', { execution: { taskSupport: 'optional' } })]);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call').handle((call) => {
      const task = tasks.start(call);
      timer(500).subscribe(() => task.fail(-32603, 'disk full'));
    });
    expectObservable(taskLine(createClient(server.transport), 'build')).toBe('w 999ms (sf|)', {
      w: 'working', s: 'failed: disk full', f: 'failed: Task task-1 failed: disk full',
    });
  }, withTasks);
});
// #endregion
