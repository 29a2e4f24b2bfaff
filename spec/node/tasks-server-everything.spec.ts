// Tasks against the reference server: @modelcontextprotocol/server-everything speaks 2025-11-25 with core tasks
// (`simulate-research-query` has `execution.taskSupport: "required"`, asks for clarification through elicitation tagged
// with the task, and suggests `pollInterval: 1000`).
import { lastValueFrom, toArray } from 'rxjs';
import { createClient, type Client, type ElicitRequestParams } from '../../src/index.js';
import { stdio } from '../../src/node/index.js';
import { EVERYTHING_ENTRY } from '../helpers/everything.js';
import { textOf } from '../helpers/mcp-fixtures.js';

const TOOL = 'simulate-research-query';

function connect(elicitation: (params: ElicitRequestParams) => unknown): Client {
  return createClient(stdio({ command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], closeGraceMs: 300, termGraceMs: 300 }), {
    handlers: { elicitation: (params) => elicitation(params) as never },
    timeout: { firstMs: 10_000 },
  });
}

describe('tasks against @modelcontextprotocol/server-everything (2025-11-25, stdio)', () => {
  it('lists simulate-research-query as a task-only tool, and the server takes tool calls as tasks', async () => {
    const client = connect(() => ({ action: 'decline' }));
    try {
      const tools = await lastValueFrom(client.listTools());
      expect(tools.find((t) => t.name === TOOL)?.execution).toEqual({ taskSupport: 'required' });
      expect(client.server?.capabilities.tasks?.requests).toEqual({ tools: { call: {} } });
    } finally {
      client.close();
    }
  });

  it('runs it as a task: status messages stage by stage, the clarification asked through the elicitation handler, then the report', async () => {
    const asked: string[] = [];
    const client = connect((params) => {
      asked.push(params.message);
      return { action: 'accept', content: { interpretation: 'programming' } };
    });
    try {
      await lastValueFrom(client.listTools());
      const events = await lastValueFrom(client.callToolAsTask(TOOL, { topic: 'python', ambiguous: true }, { ttlMs: 60_000 }).pipe(toArray()));
      const kinds = events.map((e) => e.type);
      expect(kinds[0]).toBe('task-created');
      expect(kinds.at(-1)).toBe('result');
      const statuses = events.flatMap((e) => (e.type === 'task-status' ? [`${e.task.status}: ${e.task.statusMessage ?? ''}`] : []));
      expect(statuses).toContain('input_required: Found multiple interpretations for "python". Requesting clarification...');
      expect(statuses.at(-1)?.startsWith('completed')).toBeTrue();
      expect(statuses.some((s) => s.startsWith('working: Continuing with interpretation: "programming"'))).toBeTrue();
      expect(events.filter((e) => e.type === 'task-input').map((e) => (e.type === 'task-input' ? e.request.method : ''))).toEqual(['elicitation/create']);
      expect(asked.length).toBe(1);
      const last = events.at(-1);
      expect(textOf(last?.type === 'result' ? last.result : undefined)).toContain('# Research Report: python (programming)');
    } finally {
      client.close();
    }
  }, 20_000);

  it('callTool runs the task-only tool as a task by itself; getTask and listTasks see the finished task', async () => {
    const client = connect(() => ({ action: 'decline' }));
    try {
      await lastValueFrom(client.listTools());
      const result = await lastValueFrom(client.callTool(TOOL, { topic: 'tides' }));
      expect(JSON.stringify(result.content)).toContain('Research Report: tides');
      const tasks = await lastValueFrom(client.listTasks());
      expect(tasks.length).toBeGreaterThan(0);
      const task = await lastValueFrom(client.getTask(tasks.at(-1)?.taskId ?? ''));
      expect(task.status).toBe('completed');
      expect(task.pollIntervalMs).toBe(1000);
    } finally {
      client.close();
    }
  }, 20_000);

  it('cancelTask cancels a running task, and the watch ends with TaskCancelledError', async () => {
    const client = connect(() => ({ action: 'decline' }));
    try {
      await lastValueFrom(client.listTools());
      const failure = await new Promise<unknown>((resolve) => {
        client.callToolAsTask(TOOL, { topic: 'cancel me' }).subscribe({
          next: (event) => {
            if (event.type === 'task-created') client.cancelTask(event.task.taskId).subscribe({ error: resolve });
          },
          complete: () => resolve(undefined),
          error: resolve,
        });
      });
      expect((failure as Error | undefined)?.name).toBe('TaskCancelledError');
    } finally {
      client.close();
    }
  }, 20_000);
});
