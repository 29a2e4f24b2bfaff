import { firstValueFrom, map, timer } from 'rxjs';
import { UnsupportedMethodError, createClient, toAsyncClient, type TaskEvent } from '../../../src/index.js';
import { MissingRequiredClientCapabilityError } from '../../../src/protocol/index.js';
import {
  DEFAULT_TESTING_CAPABILITIES, TASK_TESTING_CAPABILITIES, eachEra, eraCase, itInEachEra, serveTasks, serveTools, tool, toolResult,
} from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { TASK_SERVER, serveBuildTool, show } from './helpers.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const unsupported = (message: string) => new UnsupportedMethodError(message);

describe('task verbs without task support', () => {
  const refusals: readonly [string, string, object, (c: ReturnType<typeof createClient>) => unknown, string][] = [
    ['2025-06-18', 'callToolAsTask', DEFAULT_TESTING_CAPABILITIES, (c) => c.callToolAsTask('build'),
      'a tools/call as a task needs MCP 2025-11-25 or MCP 2026-07-28 with the io.modelcontextprotocol/tasks extension; the connection speaks MCP 2025-06-18'],
    ['2025-06-18', 'getTask', DEFAULT_TESTING_CAPABILITIES, (c) => c.getTask('t'),
      'tasks/get needs MCP 2025-11-25 or MCP 2026-07-28 with the io.modelcontextprotocol/tasks extension; the connection speaks MCP 2025-06-18'],
    ['2025-11-25', 'getTask', DEFAULT_TESTING_CAPABILITIES, (c) => c.getTask('t'), 'The server does not declare the tasks capability needed for tasks/get'],
    ['2025-11-25', 'watchTask', DEFAULT_TESTING_CAPABILITIES, (c) => c.watchTask('t'), 'The server does not declare the tasks capability needed for tasks/get'],
    ['2025-11-25', 'listTasks', { tasks: {} }, (c) => c.listTasks(), 'The server does not declare the tasks.list capability needed for tasks/list'],
    ['2025-11-25', 'cancelTask', { tasks: {} }, (c) => c.cancelTask('t'), 'The server does not declare the tasks.cancel capability needed for tasks/cancel'],
    ['2025-11-25', 'callToolAsTask', { tools: {}, tasks: {} }, (c) => c.callToolAsTask('build'),
      'The server does not declare the tasks.requests.tools.call capability needed for a tools/call as a task'],
    ['2025-11-25', 'updateTask', TASK_TESTING_CAPABILITIES, (c) => c.updateTask('t', {}),
      'tasks/update is not part of MCP 2025-11-25 (it belongs to the io.modelcontextprotocol/tasks extension of 2026-07-28)'],
    ['2026-07-28', 'getTask', DEFAULT_TESTING_CAPABILITIES, (c) => c.getTask('t'), 'The server does not declare the io.modelcontextprotocol/tasks extension needed for tasks/get'],
    ['2026-07-28', 'callToolAsTask', DEFAULT_TESTING_CAPABILITIES, (c) => c.callToolAsTask('build'),
      'The server does not declare the io.modelcontextprotocol/tasks extension needed for a tools/call as a task'],
    ['2026-07-28', 'updateTask', DEFAULT_TESTING_CAPABILITIES, (c) => c.updateTask('t', {}), 'The server does not declare the io.modelcontextprotocol/tasks extension needed for tasks/update'],
    ['2026-07-28', 'listTasks', TASK_TESTING_CAPABILITIES, (c) => c.listTasks(), 'tasks/list is not part of the io.modelcontextprotocol/tasks extension of MCP 2026-07-28 (only 2025-11-25 has it)'],
    ['2026-07-28', 'taskResult', TASK_TESTING_CAPABILITIES, (c) => c.taskResult('t'), 'tasks/result is not part of the io.modelcontextprotocol/tasks extension of MCP 2026-07-28 (only 2025-11-25 has it)'],
  ];
  for (const [revision, verb, capabilities, call, message] of refusals) {
    it(`${verb} on a ${revision} server ${capabilities === TASK_TESTING_CAPABILITIES ? 'with tasks' : 'without what it needs'} fails with UnsupportedMethodError and sends nothing`, () => {
      const server = eraCase(revision as '2025-11-25').run(createTestScheduler(), (server, { expectObservable }) => {
        expectObservable(call(createClient(server.transport)) as never).toBe('#', undefined, unsupported(message));
      }, { capabilities });
      expect(server.requests.map((r) => r.method)).toEqual([]);
    });
  }

  it('2025-11-25: refuses to call a tool as a task when the tool does not support it (taskSupport absent or forbidden)', () => {
    const server = eraCase('2025-11-25').run(createTestScheduler(), (server, { expectObservable }) => {
      serveTools(server, [tool('build'), tool('lint', { execution: { taskSupport: 'forbidden' } })]);
      const client = createClient(server.transport);
      const why = 'does not support task execution (execution.taskSupport is forbidden or absent), so it cannot be called as a task';
      expectObservable(client.callToolAsTask('build')).toBe('#', undefined, unsupported(`Tool build ${why}`));
      expectObservable(client.callToolAsTask('lint')).toBe('#', undefined, unsupported(`Tool lint ${why}`));
      expectObservable(client.callToolAsTask('deploy')).toBe('#', undefined, unsupported('Tool deploy is not in the server\'s tool list, so it cannot be called as a task'));
    }, TASK_SERVER);
    server.expectNoRequest('tools/call');
  });

  it('client.request refuses the tasks extension\'s methods on 2026-07-28 (they have verbs) and still sends other extensions\' methods', () =>
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('acme/ping').respond({ pong: true });
      const client = createClient(server.transport);
      expectObservable(client.request('tasks/get', { taskId: 't' })).toBe('#', undefined,
        unsupported(`tasks/get is a method of the ${TASKS} extension: use its verb`));
      expectObservable(client.request('acme/ping')).toBe('(p|)', { p: { resultType: 'complete', pong: true } });
    }, TASK_SERVER));
});

describe('task verbs on the wire', () => {
  it('2025-11-25: a tools/call as a task carries params.task with the ttl asked for', () => {
    const server = eraCase('2025-11-25').run(createTestScheduler(), (server) => {
      serveBuildTool(server, 'required');
      const tasks = serveTasks(server);
      server.whenRequest('tools/call').handle((call) => tasks.start(call).complete(toolResult('ok')));
      const client = createClient(server.transport);
      client.callToolAsTask('build', { target: 'all' }, { ttlMs: 120_000 }).subscribe();
      timer(10).subscribe(() => client.callToolAsTask('build').subscribe());
    }, TASK_SERVER);
    expect(server.requests.filter((r) => r.method === 'tools/call').map((r) => r.params)).toEqual([
      { name: 'build', arguments: { target: 'all' }, task: { ttl: 120_000 } },
      { name: 'build', task: {} },
    ]);
  });

  it('2026-07-28: declares the tasks extension on a tools/call as a task and on the task requests, and not on other calls', () => {
    const server = eraCase('2026-07-28').run(createTestScheduler(), (server) => {
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call', { name: 'build' }).handle((call) => {
        const task = tasks.start(call);
        timer(1500).subscribe(() => task.complete(toolResult('ok')));
      });
      server.whenRequest('tools/call', { name: 'echo' }).respond(toolResult('echo'));
      const client = createClient(server.transport);
      client.callToolAsTask('build').subscribe();
      client.callTool('echo').subscribe();
      timer(2000).subscribe(() => client.cancelTask('task-1').subscribe());
    }, { ...TASK_SERVER, taskNotifications: false, transport: 'per-request' });
    const declared = server.requests.map((r) => {
      const capabilities = r.meta?.['io.modelcontextprotocol/clientCapabilities'] as { extensions?: Record<string, unknown> } | undefined;
      return `${r.method}${r.method === 'tools/call' ? `(${String(r.params['name'])})` : ''}:${capabilities?.extensions?.[TASKS] === undefined ? 'no' : 'yes'}`;
    });
    expect(declared).toEqual(['tools/call(build):yes', 'tools/call(echo):no', 'tasks/get:yes', 'tasks/cancel:yes', 'tasks/get:yes']);
  });

  it('2026-07-28 over per-request streams: tasks/get and tasks/cancel carry Mcp-Method and Mcp-Name: <taskId>', () => {
    const server = eraCase('2026-07-28').run(createTestScheduler(), (server) => {
      const tasks = serveTasks(server);
      server.whenRequest('tools/call').handle((call) => void tasks.start(call));
      const client = createClient(server.transport);
      client.callToolAsTask('build').subscribe({ error: () => undefined });
      timer(1500).subscribe(() => client.cancelTask('task-1').subscribe());
    }, { ...TASK_SERVER, taskNotifications: false, transport: 'per-request' });
    const headers = server.requests.filter((r) => r.method.startsWith('tasks/')).map((r) => [r.headers?.['Mcp-Method'], r.headers?.['Mcp-Name']]);
    expect(headers).toEqual([['tasks/get', 'task-1'], ['tasks/cancel', 'task-1'], ['tasks/get', 'task-1']]);
  });

  it('2026-07-28: emits the result at once when the server answers without a task', () =>
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('tools/call').respond(toolResult('quick'));
      expectObservable(createClient(server.transport).callToolAsTask('build').pipe(map(show))).toBe('(r|)', { r: 'result:quick' });
    }, TASK_SERVER));
});

describe('task verbs', () => {
  itInEachEra("getTask gives the task's state in one shape whatever the revision", (server, { expectObservable }) => {
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1500, ttlMs: 30_000 });
    server.whenRequest('tools/call').handle((call) => void tasks.start(call, 'queued'));
    const client = createClient(server.transport);
    client.callToolAsTask('build').subscribe().unsubscribe();
    expectObservable(client.getTask('task-1')).toBe('(t|)', {
      t: { taskId: 'task-1', status: 'working', statusMessage: 'queued', createdAt: '2026-01-01T00:00:00.000Z', lastUpdatedAt: '2026-01-01T00:00:00.000Z', ttlMs: 30_000, pollIntervalMs: 1500 },
    });
  }, TASK_SERVER);

  it('2026-07-28: getTask carries the input requests, result or error inline', () =>
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      const tasks = serveTasks(server);
      server.whenRequest('tools/call').handle((call) => tasks.start(call).complete(toolResult('built')));
      const client = createClient(server.transport);
      client.callToolAsTask('build').subscribe().unsubscribe();
      expectObservable(client.getTask('task-1').pipe(map((t) => [t.status, t.result]))).toBe('(t|)', { t: ['completed', toolResult('built')] });
    }, { ...TASK_SERVER, taskNotifications: false }));

  it('2025-11-25: listTasks walks tasks/list and taskResult waits for the result', () =>
    eraCase('2025-11-25').run(createTestScheduler(), (server, { expectObservable }) => {
      serveBuildTool(server);
      const tasks = serveTasks(server);
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call);
        timer(700).subscribe(() => task.complete(toolResult('built')));
      });
      const client = createClient(server.transport);
      client.callToolAsTask('build').subscribe().unsubscribe();
      expectObservable(client.listTasks().pipe(map((list) => list.map((t) => `${t.taskId}:${t.status}`)))).toBe('(l|)', { l: ['task-1:working'] });
      expectObservable(client.taskResult('task-1').pipe(map((r) => r.content))).toBe('700ms (r|)', { r: toolResult('built').content });
    }, TASK_SERVER));

  eachEra((era) => {
    it(`toAsyncClient: callToolAsTask resolves with the result and reports the events before it (${era.name})`, async () => {
      const server = era.controller(TASK_SERVER);
      serveBuildTool(server);
      const tasks = serveTasks(server, { pollIntervalMs: 1 });
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call, 'queued');
        queueMicrotask(() => task.complete(toolResult('built')));
      });
      const client = createClient(server.transport);
      const events: TaskEvent[] = [];
      const result = await toAsyncClient(client).callToolAsTask('build', {}, { minPollIntervalMs: 1, onEvent: (e) => events.push(e) });
      expect(result.content).toEqual(toolResult('built').content);
      expect(events.map(show)).toEqual(['created:working:queued', 'status:completed:']);
      expect(await firstValueFrom(client.getTask('task-1').pipe(map((t) => t.status)))).toBe('completed');
      client.close();
    });
  });
});

describe('Client.callTool on tools that must run as tasks', () => {
  it('2025-11-25: runs a tool the client knows to require tasks (execution.taskSupport "required") as a task, and gives its result', () => {
    const server = eraCase('2025-11-25').run(createTestScheduler(), (server, { expectObservable }) => {
      serveBuildTool(server, 'required');
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call);
        timer(1500).subscribe(() => task.complete(toolResult('built')));
      });
      const client = createClient(server.transport);
      client.listTools().subscribe();
      expectObservable(client.callTool('build').pipe(map((r) => r.content))).toBe('2000ms (r|)', { r: toolResult('built').content });
    }, TASK_SERVER);
    expect(server.requests.find((r) => r.method === 'tools/call')?.params).toEqual({ name: 'build', task: {} });
  });

  it('2026-07-28: calls again as a task when the server refuses the plain call with -32021 for the tasks extension', () => {
    const server = eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => {
        if ((call.meta?.['io.modelcontextprotocol/clientCapabilities'] as { extensions?: object } | undefined)?.extensions === undefined) {
          call.error(-32021, 'Missing required client capability', { requiredCapabilities: { extensions: { [TASKS]: {} } } });
          return;
        }
        const task = tasks.start(call);
        timer(1500).subscribe(() => task.complete(toolResult('built')));
      });
      const client = createClient(server.transport);
      expectObservable(client.callTool('build').pipe(map((r) => r.content))).toBe('1500ms (r|)', { r: toolResult('built').content });
    }, TASK_SERVER);
    expect(server.requests.filter((r) => r.method === 'tools/call').length).toBe(2);
  });

  it('2026-07-28: passes a -32021 for another capability on as it came', () =>
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('tools/call').error(-32021, 'Missing required client capability', { requiredCapabilities: { sampling: {} } });
      const client = createClient(server.transport);
      expectObservable(client.callTool('build').pipe(map(() => 'r'))).toBe('#', undefined, new MissingRequiredClientCapabilityError('Missing required client capability', { data: { requiredCapabilities: { sampling: {} } } }));
    }, TASK_SERVER));
});

describe('Client.callTool with the tasks extension declared in the client capabilities', () => {
  it('2026-07-28: follows the task the server makes of a plain call to its result', () =>
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => {
        const task = tasks.start(call);
        timer(500).subscribe(() => task.complete(toolResult('built')));
      });
      const client = createClient(server.transport, { capabilities: { extensions: { [TASKS]: {} } } });
      expectObservable(client.callTool('build').pipe(map((r) => r.content))).toBe('1000ms (r|)', { r: toolResult('built').content });
    }, { ...TASK_SERVER, taskNotifications: false }));
});
