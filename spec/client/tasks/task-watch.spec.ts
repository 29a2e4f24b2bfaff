import { map, timer } from 'rxjs';
import { createClient } from '../../../src/index.js';
import { eraCase, itInEachEra, serveTasks, toolResult } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { TASK_SERVER, arrivals, serveBuildTool, show } from './helpers.js';

describe('Client.callToolAsTask: status', () => {
  itInEachEra('emits the creation, each status change with its message, then the result', (server, { expectObservable }) => {
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call', { name: 'build' }).handle((call) => {
      const task = tasks.start(call, 'queued');
      timer(1500).subscribe(() => task.update('working', 'compiling'));
      timer(2500).subscribe(() => task.update('working', 'linking'));
      timer(3500).subscribe(() => task.complete(toolResult('built')));
    });
    const client = createClient(server.transport);
    expectObservable(client.callToolAsTask('build').pipe(map(show))).toBe('c 1999ms a 999ms b 999ms (sr|)', {
      c: 'created:working:queued', a: 'status:working:compiling', b: 'status:working:linking', s: 'status:completed:', r: 'result:built',
    });
    expectObservable(arrivals(server, 'tasks/get')).toBe('1000ms g 999ms g 999ms g 999ms g');
  }, { ...TASK_SERVER, taskNotifications: false });

  it('2025-11-25: fetches the result with tasks/result once the task completed', () => {
    const server = eraCase('2025-11-25').run(createTestScheduler(), (server, { expectObservable }) => {
      serveBuildTool(server);
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call);
        timer(500).subscribe(() => task.complete(toolResult('built')));
      });
      expectObservable(createClient(server.transport).callToolAsTask('build').pipe(map(show))).toBe('c 999ms (sr|)', {
        c: 'created:working:', s: 'status:completed:', r: 'result:built',
      });
      expectObservable(arrivals(server, 'tasks/result', 'R')).toBe('1000ms R');
    }, TASK_SERVER);
    expect(server.requests.map((r) => r.method)).toEqual(['tools/list', 'tools/call', 'tasks/get', 'tasks/result']);
  });
});

describe('Client.callToolAsTask: polling', () => {
  const cases = [
    { title: 'at the interval the server suggests', suggested: 2500, options: {}, marble: '2500ms g 2499ms g' },
    { title: 'every 1000 ms when the server suggests none', suggested: undefined, options: {}, marble: '1000ms g 999ms g 999ms g 999ms g 999ms g' },
    { title: 'at the interval the caller gives when the server suggests none', suggested: undefined, options: { pollIntervalMs: 2000 }, marble: '2000ms g 1999ms g' },
    { title: 'never faster than 250 ms, whatever the server suggests', suggested: 10, options: {}, marble: '250ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g 249ms g' },
    { title: 'never faster than the floor the caller gives', suggested: 100, options: { minPollIntervalMs: 1500 }, marble: '1500ms g 1499ms g 1499ms g' },
  ];
  for (const { title, suggested, options, marble } of cases) {
    itInEachEra(`polls tasks/get ${title}`, (server, { expectObservable }) => {
      serveBuildTool(server);
      const tasks = serveTasks(server, suggested === undefined ? {} : { pollIntervalMs: suggested });
      server.whenRequest('tools/call').handle((call) => void tasks.start(call));
      const client = createClient(server.transport);
      expectObservable(client.callToolAsTask('build', {}, options).pipe(map(show)), '^ 5000ms !').toBe('c', { c: 'created:working:' });
      expectObservable(arrivals(server, 'tasks/get'), '^ 5000ms !').toBe(marble);
    }, { ...TASK_SERVER, taskNotifications: false });
  }
});

describe('Client.watchTask: notifications', () => {
  it('2026-07-28: asks the listen stream for the task, polls once when acknowledged, then follows notifications/tasks', () =>
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call, 'queued');
        timer(1500).subscribe(() => task.update('working', 'compiling'));
        timer(3500).subscribe(() => task.complete(toolResult('built')));
      });
      const client = createClient(server.transport);
      expectObservable(client.callToolAsTask('build').pipe(map(show))).toBe('c 1499ms a 1999ms (sr|)', {
        c: 'created:working:queued', a: 'status:working:compiling', s: 'status:completed:', r: 'result:built',
      });
      expectObservable(arrivals(server, 'tasks/get')).toBe('g');
    }, TASK_SERVER));

  it('2026-07-28: polls again as a safety net, every 30 s by default, while notifications are silent', () =>
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => void tasks.start(call));
      const client = createClient(server.transport);
      expectObservable(client.callToolAsTask('build').pipe(map(show)), '^ 65000ms !').toBe('c', { c: 'created:working:' });
      expectObservable(arrivals(server, 'tasks/get'), '^ 65000ms !').toBe('g 29999ms g 29999ms g');
    }, TASK_SERVER));

  it('2025-11-25: takes each notifications/tasks/status, and polls only as a safety net once one came', () =>
    eraCase('2025-11-25').run(createTestScheduler(), (server, { expectObservable }) => {
      serveBuildTool(server);
      const tasks = serveTasks(server, { pollIntervalMs: 1000, notify: true });
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call, 'queued');
        timer(1500).subscribe(() => task.update('working', 'compiling'));
        timer(3500).subscribe(() => task.complete(toolResult('built')));
      });
      const client = createClient(server.transport);
      expectObservable(client.callToolAsTask('build').pipe(map(show))).toBe('c 1499ms a 1999ms (sr|)', {
        c: 'created:working:queued', a: 'status:working:compiling', s: 'status:completed:', r: 'result:built',
      });
      expectObservable(arrivals(server, 'tasks/get')).toBe('1000ms g 999ms g');
    }, TASK_SERVER));
});
