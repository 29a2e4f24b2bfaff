import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filter, lastValueFrom, take } from 'rxjs';
import { startExampleHttpServer, type ExampleHttpServer } from '../../../examples/server/http.js';
import { taskReference } from '../../../src/agent/index.js';
import { createClient, streamableHttp } from '../../../src/index.js';
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
