import { map, switchMap, take, timer } from 'rxjs';
import { TaskCancelledError, TaskFailedError, createClient, type TaskEvent } from '../../../src/index.js';
import { elicitForm, itInEachEra, serveTasks, toolResult } from '../../../src/testing/index.js';
import { TASK_SERVER, arrivals, serveBuildTool, show } from './helpers.js';

const created = (events$: ReturnType<ReturnType<typeof createClient>['callToolAsTask']>) =>
  events$.pipe(map((event: TaskEvent) => (event.type === 'task-created' ? event.task.taskId : undefined)));

describe('Client.cancelTask', () => {
  itInEachEra('sends tasks/cancel, and the watch ends with TaskCancelledError when the task is cancelled', (server, { expectObservable, flush }) => {
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call').handle((call) => void tasks.start(call));
    const client = createClient(server.transport);
    timer(1500).pipe(switchMap(() => client.cancelTask('task-1'))).subscribe();
    expectObservable(client.callToolAsTask('build').pipe(map(show))).toBe('c 1999ms (s#)', { c: 'created:working:', s: 'status:cancelled:Cancelled by the client' },
      new TaskCancelledError('task-1', { statusMessage: 'Cancelled by the client' }));
    expectObservable(arrivals(server, 'tasks/cancel', 'x')).toBe('1500ms x');
    flush();
    expect(server.requests.find((r) => r.method === 'tasks/cancel')?.params).toEqual({ taskId: 'task-1' });
  }, { ...TASK_SERVER, taskNotifications: false });

  itInEachEra('unsubscribing stops watching and sends nothing: no tasks/cancel, no cancellation of what is in flight', (server, helpers) => {
    const { expectObservable, flush } = helpers;
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    // The task waits for input, so on 2025-11-25 the client's tasks/result is in flight when it unsubscribes (the
    // server answers it when the task ends, long after).
    server.whenRequest('tools/call').handle((call) => {
      const task = tasks.start(call);
      task.ask({ name: elicitForm('Name?', { name: { type: 'string' } }) }).subscribe();
      timer(10_000).subscribe(() => task.complete(toolResult('too late')));
    });
    const client = createClient(server.transport, { handlers: { elicitation: () => timer(5000).pipe(map(() => ({ action: 'cancel' as const }))) } });
    expectObservable(client.callToolAsTask('build').pipe(map(show)), '^ 2500ms !').toBe('c 999ms (iq)', {
      c: 'created:working:', i: 'status:input_required:', q: 'input:elicitation/create',
    });
    expectObservable(arrivals(server, 'tasks/get'), '^ 5000ms !').toBe('1000ms g 999ms g');
    flush();
    server.expectNoRequest('tasks/cancel');
    expect(server.requests.filter((r) => r.cancelled).map((r) => r.method)).toEqual([]);
  }, { ...TASK_SERVER, taskNotifications: false });
});

describe('Client.callToolAsTask: failure', () => {
  itInEachEra('ends with TaskFailedError carrying the JSON-RPC error of the failed task', (server, { expectObservable }) => {
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call').handle((call) => {
      const task = tasks.start(call);
      timer(500).subscribe(() => task.fail(-32603, 'disk full', { free: 0 }));
    });
    const client = createClient(server.transport);
    const error$ = client.callToolAsTask('build').pipe(map(show));
    expectObservable(error$).toBe('c 999ms (s#)', { c: 'created:working:', s: 'status:failed:disk full' },
      new TaskFailedError('task-1', -32603, 'disk full', { data: { free: 0 } }));
  }, { ...TASK_SERVER, taskNotifications: false });

  itInEachEra("keeps the code and data of the task's error", (server, { flush }) => {
    let failure: unknown;
    serveBuildTool(server);
    const tasks = serveTasks(server);
    server.whenRequest('tools/call').handle((call) => tasks.start(call).fail(-32001, 'quota', { retryAfter: 5 }));
    createClient(server.transport).callToolAsTask('build').subscribe({ error: (error: unknown) => (failure = error) });
    flush();
    expect(TaskFailedError.is(failure)).toBeTrue();
    expect(failure).toEqual(jasmine.objectContaining({ rpcCode: -32001, data: { retryAfter: 5 }, taskId: 'task-1', statusMessage: 'quota', method: 'tools/call' }));
  }, { ...TASK_SERVER, taskNotifications: false });
});

describe('Client.watchTask across connections', () => {
  itInEachEra('carries on over the next connection when the connection drops mid-watch', (server, { expectObservable, flush }) => {
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call').handle((call) => {
      const task = tasks.start(call, 'queued');
      timer(1500).subscribe(() => server.drop(new Error('connection reset')));
      timer(1600).subscribe(() => task.update('working', 'resumed'));
      timer(2400).subscribe(() => task.complete(toolResult('built')));
    });
    const client = createClient(server.transport, { reconnect: { initialDelayMs: 300, jitter: 0 } });
    // Lost at 1500, re-opened at 1800: polled at once there, then every second.
    expectObservable(client.callToolAsTask('build').pipe(map(show))).toBe('c 1799ms a 999ms (sr|)', {
      c: 'created:working:queued', a: 'status:working:resumed', s: 'status:completed:', r: 'result:built',
    });
    flush();
    expect(server.connections).toBe(2);
    expect(server.requests.filter((r) => r.method === 'tasks/get').map((r) => r.connection)).toEqual([1, 2, 2]);
  }, { ...TASK_SERVER, taskNotifications: false });

  itInEachEra('resumes a task by id in a new client, as after a restart', (server, { expectObservable, flush }) => {
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call').handle((call) => {
      const task = tasks.start(call, 'queued');
      timer(3200).subscribe(() => task.complete(toolResult('built')));
    });
    const first = createClient(server.transport);
    // The first client learns the task id, then goes away; the second watches the task by that id.
    created(first.callToolAsTask('build')).pipe(take(1)).subscribe((taskId) => {
      // Closing the client ends what it watched; a new client picks the task up by its id.
      timer(0).subscribe(() => first.close());
      const second = createClient(server.transport);
      timer(2000).subscribe(() => second.watchTask(taskId ?? '').pipe(map(show)).subscribe((e) => seen.push(e)));
    });
    const seen: string[] = [];
    timer(5000).subscribe(() => expect(seen).toEqual(['status:working:queued', 'status:completed:', 'result:built']));
    expectObservable(arrivals(server, 'tasks/get'), '^ 5000ms !').toBe('2000ms g 999ms g 999ms g');
    flush();
    expect(server.connections).toBe(2);
  }, { ...TASK_SERVER, taskNotifications: false });
});
