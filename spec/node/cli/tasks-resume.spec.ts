import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filter, lastValueFrom, take } from 'rxjs';
import { startExampleHttpServer, type ExampleHttpServer } from '../../../examples/server/http.js';
import { taskReference } from '../../../src/agent/index.js';
import { createClient, streamableHttp } from '../../../src/index.js';
import { startEverythingHttp, type EverythingHttp } from '../../helpers/everything.js';
import { cli, errorOf, eventsOf, jsonOf, tempHome, type TempHome } from './helpers.js';

const ANSWER = ['--elicit', 'accept={"angle":"economic"}'];
const REPORT = { content: [{ type: 'text', text: 'Report on ports, from the economic angle.' }] };

describe('rxmcp tasks resume, in process, against the example server\'s research task', () => {
  let server: ExampleHttpServer;
  let home: TempHome;

  /** Starts research in a client of its own, which stops watching and closes: the reference, as JSON. */
  async function started(protocol: 'modern' | 'legacy' = 'modern'): Promise<string> {
    const client = createClient(streamableHttp(server.url), { protocol });
    try {
      const created = await lastValueFrom(client.callToolAsTask('research', { topic: 'ports' }).pipe(filter((event) => event.type === 'task-created'), take(1)));
      return JSON.stringify(taskReference(client, created.type === 'task-created' ? created.task : '', { url: server.url }));
    } finally {
      client.close();
    }
  }

  beforeEach(async () => {
    server = await startExampleHttpServer({ tasks: true });
    home = await tempHome();
  });
  afterEach(async () => {
    await server.close();
    await home.remove();
  });

  it('tasks resume <file>: connects to the reference\'s server, streams each status as NDJSON, then the result', async () => {
    const file = join(home.path, 'task.json');
    writeFileSync(file, await started());
    const result = await cli(home, ['tasks', 'resume', 'task.json', ...ANSWER]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    const events = eventsOf(result.stdout);
    expect(events.map((event) => event['type'])).toContain('task-input');
    expect(events.at(-2)).toEqual({ type: 'task-status', task: jasmine.objectContaining({ status: 'completed', statusMessage: 'Report ready' }) });
    expect(events.at(-1)).toEqual({ type: 'result', result: jasmine.objectContaining(REPORT) });
  }, 30_000);

  it('a 2025-11-25 reference: connects at its revision (a server of both eras), to the core task\'s report', async () => {
    const result = await cli(home, ['--json', 'tasks', 'resume', await started('legacy')]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(jsonOf(result)).toEqual(jasmine.objectContaining({ content: [{ type: 'text', text: 'Report on ports.' }] }));
  }, 30_000);

  it('tasks resume <json> --json: the result only', async () => {
    const result = await cli(home, ['--json', 'tasks', 'resume', await started(), ...ANSWER]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(jsonOf(result)).toEqual(jasmine.objectContaining(REPORT));
  }, 30_000);

  it('a malformed reference is a usage error naming the field, and nothing is contacted', async () => {
    const result = await cli(home, ['--json', 'tasks', 'resume', '{"format":"rxmcp.task-reference/1","taskId":""}']);
    expect(result.exitCode).toBe(1);
    expect(errorOf(result).message).toContain('taskId');
  });

  it('a reference given another server as the target is refused (another server)', async () => {
    const other = await startExampleHttpServer({ tasks: true });
    try {
      const result = await cli(home, ['--json', other.url, 'tasks', 'resume', await started()]);
      expect(result.exitCode).toBe(1);
      expect(errorOf(result).message).toContain(`belongs to ${server.url}`);
    } finally {
      await other.close();
    }
  }, 30_000);

  it('tasks without resume is a usage error', async () => {
    const result = await cli(home, ['--json', 'tasks', 'list']);
    expect(result.exitCode).toBe(1);
    expect(errorOf(result).message).toContain('tasks resume <reference-file|json>');
  });
});

describe('rxmcp tasks resume against server-everything, which binds 2025-11-25 tasks to their session', () => {
  let everything: EverythingHttp;
  let home: TempHome;
  const TOOL = 'simulate-research-query';

  /** Starts the research in a client of its own, which closes (keeping its session or not): the reference, as JSON. */
  async function started(keepSession: boolean): Promise<string> {
    const client = createClient(streamableHttp(everything.url), { protocol: 'legacy', handlers: { elicitation: () => ({ action: 'cancel' as const }) } });
    try {
      const created = await lastValueFrom(client.callToolAsTask(TOOL, { topic: 'tides', ambiguous: true }).pipe(filter((event) => event.type === 'task-created'), take(1)));
      return JSON.stringify(taskReference(client, created.type === 'task-created' ? created.task : '', { url: everything.url }));
    } finally {
      client.close({ keepSession });
    }
  }

  beforeAll(async () => {
    everything = await startEverythingHttp('streamableHttp');
  });
  afterAll(() => {
    everything.child.kill();
  });
  beforeEach(async () => {
    home = await tempHome();
  });
  afterEach(async () => {
    await home.remove();
  });

  it('joins the session the reference records: the statuses, the clarification answered with --elicit, the report', async () => {
    const file = join(home.path, 'task.json');
    writeFileSync(file, await started(true));
    const result = await cli(home, ['tasks', 'resume', 'task.json', '--elicit', 'accept={"interpretation":"historical"}']);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    const events = eventsOf(result.stdout);
    expect(events.filter((event) => event['type'] === 'task-input')).toEqual([{ type: 'task-input', key: jasmine.any(String), method: 'elicitation/create' }]);
    expect(events.at(-2)).toEqual({ type: 'task-status', task: jasmine.objectContaining({ status: 'completed' }) });
    const result$ = events.at(-1) as { type: string; result: { content: { text: string }[] } };
    expect(result$.result.content[0]?.text).toContain('# Research Report: tides (historical)');
  }, 40_000);

  it('a session ended with DELETE: says the session is gone, and a session of its own does not know the task (exit 5, naming the session)', async () => {
    const reference = await started(false);
    const { sessionId } = JSON.parse(reference) as { sessionId: string };
    const result = await cli(home, ['tasks', 'resume', reference]);
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toContain(`The task's session ${sessionId} is gone; resuming in a session of its own`);
    expect(result.stderr).toContain(`started in session ${sessionId}`);
  }, 40_000);
});
