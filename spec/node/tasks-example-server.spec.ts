// The 2026-07-28 tasks extension against the bundled example server over Streamable HTTP (examples/server/http.ts
// with `tasks: true`: the extension served in front of the official SDK, the task tool `research`).
import { lastValueFrom, toArray } from 'rxjs';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { TaskCancelledError, createClient, streamableHttp, type Client, type TaskEvent } from '../../src/index.js';

const TASKS = 'io.modelcontextprotocol/tasks';

describe('tasks against the example server (2026-07-28 tasks extension over Streamable HTTP)', () => {
  let server: ExampleHttpServer;
  let clients: Client[] = [];
  const connect = (angle = 'historical'): Client => {
    const client = createClient(streamableHttp(server.url), {
      protocol: 'modern',
      handlers: { elicitation: () => ({ action: 'accept', content: { angle } }) },
    });
    clients.push(client);
    return client;
  };

  beforeEach(async () => {
    server = await startExampleHttpServer({ tasks: true });
  });
  afterEach(async () => {
    for (const client of clients) client.close();
    clients = [];
    await server.close();
  });

  it('runs research as a task: each status with its message, the question answered through the handler, the report', async () => {
    const client = connect();
    const connected = await lastValueFrom(client.connect());
    expect(connected.capabilities.extensions?.[TASKS]).toEqual({});
    const events = await lastValueFrom(client.callToolAsTask('research', { topic: 'tides' }).pipe(toArray()));
    const seen = events.map((e: TaskEvent) => {
      if (e.type === 'task-created' || e.type === 'task-status') return `${e.type === 'task-created' ? 'created' : 'status'} ${e.task.status}: ${e.task.statusMessage ?? ''}`;
      if (e.type === 'task-input') return `input ${e.key}`;
      return e.type === 'result' ? `result ${JSON.stringify(e.result.content)}` : e.type;
    });
    expect(seen).toEqual([
      'created working: Gathering sources',
      'status input_required: Waiting for the angle to take',
      'input angle',
      'status working: Writing the report (historical)',
      'status completed: Report ready',
      `result ${JSON.stringify([{ type: 'text', text: 'Report on tides, from the historical angle.' }])}`,
    ]);
  });

  it('callTool on research gets the -32021 asking for the extension and runs it as a task by itself', async () => {
    const result = await lastValueFrom(connect('economic').callTool('research', { topic: 'ports' }));
    expect(result.content).toEqual([{ type: 'text', text: 'Report on ports, from the economic angle.' }]);
  });

  it('resumes a task by id in a new client, and getTask then shows the result inline', async () => {
    const first = connect();
    let taskId = '';
    await new Promise<void>((resolve) => {
      const watching = first.callToolAsTask('research', { topic: 'rivers' }).subscribe((event) => {
        if (event.type !== 'task-created') return;
        taskId = event.task.taskId;
        queueMicrotask(() => {
          watching.unsubscribe();
          first.close();
          resolve();
        });
      });
    });
    const second = connect('geological');
    const result = await lastValueFrom(second.watchTask(taskId));
    expect(result.type === 'result' && result.result.content).toEqual([{ type: 'text', text: 'Report on rivers, from the geological angle.' }]);
    const task = await lastValueFrom(second.getTask(taskId));
    expect([task.status, task.result]).toEqual(['completed', { content: [{ type: 'text', text: 'Report on rivers, from the geological angle.' }] }]);
  });

  it('cancelTask cancels it, and the watch ends with TaskCancelledError', async () => {
    const client = connect();
    const failure = await new Promise<unknown>((resolve) => {
      client.callToolAsTask('research', { topic: 'moons' }).subscribe({
        next: (event) => {
          if (event.type === 'task-created') client.cancelTask(event.task.taskId).subscribe({ error: resolve });
        },
        error: resolve,
        complete: () => resolve(undefined),
      });
    });
    expect(TaskCancelledError.is(failure)).toBeTrue();
    expect((failure as TaskCancelledError).statusMessage).toBe('Cancelled by the client');
  });
});
