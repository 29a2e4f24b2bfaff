import { map, timer } from 'rxjs';
import { InputRequiredError, createClient, type ElicitResult } from '../../../src/index.js';
import { elicitForm, eraCase, itInEachEra, listRoots, serveTasks, toolResult } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { TASK_SERVER, arrivals, serveBuildTool, show } from './helpers.js';

const accept = (name: string): ElicitResult => ({ action: 'accept', content: { name } });
const askName = () => ({ name: elicitForm('Your name?', { name: { type: 'string' } }) });

describe('Client.callToolAsTask: input', () => {
  itInEachEra("answers what the task asks through the client's handlers, then follows it to its result", (server, { expectObservable, flush }) => {
    const elicitation = jasmine.createSpy('elicitation').and.callFake(() => timer(500).pipe(map(() => accept('Ada'))));
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call').handle((call) => {
      const task = tasks.start(call, 'queued');
      timer(1500).subscribe(() => task.ask(askName(), 'who is asking?').subscribe(({ name }) => task.complete(toolResult(`hello ${String(name.content?.['name'])}`))));
    });
    const client = createClient(server.transport, { handlers: { elicitation } });
    const values = {
      c: 'created:working:queued', i: 'status:input_required:who is asking?', q: 'input:elicitation/create', w: 'status:working:who is asking?',
      s: 'status:completed:', r: 'result:hello Ada',
    };
    // 2026-07-28 pushes each change and the input requests inline; 2025-11-25 learns of them by polling, then the
    // questions come as requests tagged with the task while tasks/result waits.
    const marble = server.era === 'modern' ? 'c 1499ms (iq) 496ms (wsr|)' : 'c 1999ms (iq) 496ms (sr|)';
    expectObservable(client.callToolAsTask('build').pipe(map(show))).toBe(marble, values);
    flush();
    expect(elicitation).toHaveBeenCalledTimes(1);
    expect(elicitation.calls.mostRecent().args[0]).toEqual(jasmine.objectContaining({ message: 'Your name?' }));
  }, TASK_SERVER);

  it('2026-07-28: puts a key to the handlers once however many polls repeat it, and answers it with one tasks/update', () => {
    const elicitation = jasmine.createSpy('elicitation').and.callFake(() => timer(3500).pipe(map(() => accept('Ada'))));
    const server = eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call);
        task.ask(askName()).subscribe(() => task.complete(toolResult('done')));
      });
      const client = createClient(server.transport, { handlers: { elicitation } });
      expectObservable(client.callToolAsTask('build').pipe(map(show))).toBe('c 999ms (iq) 3496ms (sr|)', {
        c: 'created:working:', i: 'status:input_required:', q: 'input:elicitation/create', s: 'status:completed:', r: 'result:done',
      });
      // Polls every second while the handler works, then once more as soon as the server acknowledges the answer.
      expectObservable(arrivals(server, 'tasks/get')).toBe('1000ms g 999ms g 999ms g 999ms g 499ms g');
      expectObservable(arrivals(server, 'tasks/update', 'u')).toBe('4500ms u');
    }, { ...TASK_SERVER, taskNotifications: false });
    expect(elicitation).toHaveBeenCalledTimes(1);
    const [update] = server.requests.filter((r) => r.method === 'tasks/update');
    expect(update?.params).toEqual({ taskId: 'task-1', inputResponses: { name: accept('Ada') } });
  });

  it('2026-07-28: polls at once when a tasks/update is acknowledged, so a status the answer starts is seen even when it lasts less than the poll interval', () => {
    const elicitation = jasmine.createSpy('elicitation').and.callFake(() => timer(1500).pipe(map(() => accept('Ada'))));
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call);
        task.ask(askName()).subscribe(() => {
          task.update('working', 'writing');
          timer(300).subscribe(() => task.complete(toolResult('done')));
        });
      });
      const client = createClient(server.transport, { handlers: { elicitation } });
      expectObservable(client.callToolAsTask('build').pipe(map(show))).toBe('c 999ms (iq) 1496ms w 999ms (sr|)', {
        c: 'created:working:', i: 'status:input_required:', q: 'input:elicitation/create', w: 'status:working:writing', s: 'status:completed:',
        r: 'result:done',
      });
      expectObservable(arrivals(server, 'tasks/update', 'u')).toBe('2500ms u');
      expectObservable(arrivals(server, 'tasks/get')).toBe('1000ms g 999ms g 499ms g 999ms g');
    }, { ...TASK_SERVER, taskNotifications: false });
  });

  it('2026-07-28: ends the watch with InputRequiredError when the task asks for input the client has no handler for', () =>
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => tasks.start(call).ask({ where: listRoots() }).subscribe());
      const client = createClient(server.transport);
      expectObservable(client.callToolAsTask('build').pipe(map(show))).toBe('c 999ms (iq#)', { c: 'created:working:', i: 'status:input_required:', q: 'input:roots/list' },
        new InputRequiredError('tools/call', 0, 'The task asked for roots/list, which the client has no handler for'));
    }, { ...TASK_SERVER, taskNotifications: false }));
});
