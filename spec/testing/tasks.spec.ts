import { firstValueFrom, lastValueFrom } from 'rxjs';
import { RpcError, createClient } from '../../src/index.js';
import { createSession } from '../../src/session/index.js';
import { TASK_TESTING_CAPABILITIES, TestScriptError, createTestingController, serveTasks, toolResult } from '../../src/testing/index.js';
import { modernMeta } from '../helpers/mcp-fixtures.js';
import { label, recording } from '../helpers/recording-transport.js';

const TASKS = 'io.modelcontextprotocol/tasks';

describe('serveTasks (rxmcp/testing)', () => {
  it('2026-07-28: refuses a listen for task ids that does not declare the tasks extension with -32021', async () => {
    const server = createTestingController({ capabilities: TASK_TESTING_CAPABILITIES });
    const session = createSession(server.transport);
    const listen = session.request('subscriptions/listen', { notifications: { taskIds: ['t'] }, _meta: modernMeta() }, { timeout: false });
    const error = await firstValueFrom(listen).catch((e: unknown) => e);
    expect(RpcError.is(error) && (error as RpcError).rpcCode).toBe(-32021);
    session.close();
  });

  it('2026-07-28: acknowledges task ids only while taskNotifications is on, and delivers notifications/tasks only there', async () => {
    for (const taskNotifications of [true, false]) {
      const server = createTestingController({ capabilities: TASK_TESTING_CAPABILITIES, taskNotifications });
      const wire = recording(server.transport);
      const tasks = serveTasks(server);
      server.whenRequest('tools/call').handle((call) => void tasks.start(call));
      const client = createClient(wire.transport);
      const watching = client.callToolAsTask('build').subscribe();
      const ack = wire.received.find((m) => label(m) === 'notifications/subscriptions/acknowledged') as { params: { notifications: object } };
      expect(ack.params.notifications).withContext(String(taskNotifications)).toEqual(taskNotifications ? { taskIds: ['task-1'] } : {});
      tasks.tasks[0]?.update('working', 'busy');
      expect(wire.received.filter((m) => label(m) === 'notifications/tasks').length).withContext(String(taskNotifications)).toBe(taskNotifications ? 1 : 0);
      watching.unsubscribe();
      client.close();
    }
  });

  it('refuses to answer with a task a request that did not opt in (2025-11-25 params.task, 2026-07-28 the extension)', async () => {
    for (const revision of ['2025-11-25', '2026-07-28'] as const) {
      const server = createTestingController({ revision, capabilities: TASK_TESTING_CAPABILITIES });
      const tasks = serveTasks(server);
      let refusal: unknown;
      server.whenRequest('tools/call').handle((call) => {
        try {
          tasks.start(call);
        } catch (error) {
          refusal = error;
          call.respond(toolResult('plain'));
        }
      });
      const client = createClient(server.transport);
      await lastValueFrom(client.callTool('build'));
      expect(refusal).withContext(revision).toEqual(jasmine.any(TestScriptError));
      expect(String(refusal)).withContext(revision).toContain(revision === '2025-11-25' ? 'carries no params.task' : `did not declare the ${TASKS} extension`);
      client.close();
    }
  });

  it('answers tasks/get for an unknown task with -32602, and (2025-11-25) tasks/list with every task', async () => {
    const server = createTestingController({ revision: '2025-11-25', capabilities: TASK_TESTING_CAPABILITIES });
    serveTasks(server);
    const client = createClient(server.transport);
    const error = await firstValueFrom(client.getTask('nope')).catch((e: unknown) => e);
    expect(RpcError.is(error) && (error as RpcError).rpcCode).toBe(-32602);
    expect(await firstValueFrom(client.listTasks())).toEqual([]);
    client.close();
  });
});
