// Durable task handles across processes, over Streamable HTTP on 127.0.0.1, in both eras: process A starts a task,
// writes its reference to a file and exits; process B (spec/fixtures/programs/task-handoff.ts) resumes it from the file. Also a
// reopened dashboard tab (a new client in this process), and server-everything's session-bound 2025-11-25 tasks.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filter, lastValueFrom, take, toArray } from 'rxjs';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { TaskNotFoundError, parseTaskReference, resumeTask, taskReference } from '../../src/agent/index.js';
import { createClient, streamableHttp, type Client, type TaskEvent } from '../../src/index.js';
import { startEverythingHttp, type EverythingHttp } from '../helpers/everything.js';

const program = fileURLToPath(new URL('../fixtures/programs/task-handoff.ts', import.meta.url));
const REPORT = [{ type: 'text' as const, text: 'Report on rivers, from the geological angle.' }];

interface Run {
  readonly code: number | null;
  readonly stderr: string;
  readonly lines: readonly Record<string, unknown>[];
}

function run(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', program, ...args], { timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      const lines = stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
      resolve({ code, stderr, lines });
    });
  });
}

const handlers = { elicitation: () => ({ action: 'accept' as const, content: { angle: 'geological' } }) };

describe('durable task handles across processes, the example server over Streamable HTTP', () => {
  let server: ExampleHttpServer;
  let dir: string;
  let clients: Client[] = [];

  beforeEach(async () => {
    server = await startExampleHttpServer({ tasks: true });
    dir = mkdtempSync(join(tmpdir(), 'rxmcp-task-'));
  });
  afterEach(async () => {
    for (const client of clients) client.close();
    clients = [];
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('2026-07-28 extension: process A starts research and exits; process B resumes it from the file: the status stream, the question answered, the report', async () => {
    const file = join(dir, 'task.json');
    const started = await run('start', server.url, file, 'research', '{"topic":"rivers"}', 'modern');
    expect([started.code, started.stderr]).toEqual([0, '']);
    const reference = parseTaskReference(readFileSync(file, 'utf8'));
    expect(reference).toEqual(jasmine.objectContaining({ server: { url: server.url }, protocolVersion: '2026-07-28', shape: 'extension', taskId: started.lines[0]?.['created'], pollIntervalMs: 200 }));
    const resumed = await run('resume', file);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(resumed.lines.slice(-4)).toEqual([
      { 'task-input': 'angle' },
      { 'task-status': 'working', message: 'Writing the report (geological)' },
      { 'task-status': 'completed', message: 'Report ready' },
      { result: REPORT },
    ]);
    expect(resumed.lines[0]).toEqual({ 'task-status': 'input_required', message: 'Waiting for the angle to take' });
  }, 60_000);

  it('2025-11-25 core tasks: process A starts research and exits; process B, in a session of its own, resumes it to the report', async () => {
    const file = join(dir, 'task.json');
    const started = await run('start', server.url, file, 'research', '{"topic":"rivers"}', 'legacy');
    expect([started.code, started.stderr]).toEqual([0, '']);
    const reference = parseTaskReference(readFileSync(file, 'utf8'));
    expect(reference).toEqual(jasmine.objectContaining({ protocolVersion: '2025-11-25', shape: 'core', taskId: started.lines[0]?.['created'], pollIntervalMs: 200 }));
    expect(reference.sessionId).toMatch(/\S/);
    const resumed = await run('resume', file);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(resumed.lines.slice(-2)).toEqual([
      { 'task-status': 'completed', message: 'Report ready' },
      { result: [{ type: 'text', text: 'Report on rivers.' }] },
    ]);
    expect(resumed.lines[0]?.['task-status']).toBeDefined();
  }, 60_000);

  it('process B gets TaskNotFoundError from a server that does not know the task (a restarted one)', async () => {
    const file = join(dir, 'task.json');
    const started = await run('start', server.url, file, 'research', '{"topic":"rivers"}', 'modern');
    expect(started.code).toBe(0);
    const other = await startExampleHttpServer({ tasks: true });
    try {
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), server: { url: other.url } }));
      const resumed = await run('resume', file);
      expect(resumed.code).toBe(2);
      expect(resumed.lines).toEqual([jasmine.objectContaining({ error: 'TaskNotFoundError' })]);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('a reopened dashboard tab: a new client in the same process resumes the task from the stored JSON', async () => {
    const first = createClient(streamableHttp(server.url), { handlers, protocol: 'modern' });
    clients.push(first);
    const created = await lastValueFrom(first.callToolAsTask('research', { topic: 'rivers' }).pipe(filter((event) => event.type === 'task-created'), take(1)));
    const stored = JSON.stringify(taskReference(first, created.type === 'task-created' ? created.task : '', { url: server.url }));
    first.close();
    const second = createClient(streamableHttp(server.url), { handlers, protocol: 'modern' });
    clients.push(second);
    const events = await lastValueFrom(resumeTask(second, stored, { server: { url: server.url } }).pipe(toArray()));
    const last = events.at(-1);
    expect(last?.type === 'result' && last.result.content).toEqual(REPORT);
    expect(events.filter((event) => event.type === 'task-status').map((event: TaskEvent) => (event.type === 'task-status' ? event.task.status : '')).at(-1)).toBe('completed');
  }, 30_000);

  it('a reopened dashboard tab on 2025-11-25: a new client (a new session) resumes the core task from the stored JSON', async () => {
    const first = createClient(streamableHttp(server.url), { protocol: 'legacy' });
    clients.push(first);
    const created = await lastValueFrom(first.callToolAsTask('research', { topic: 'rivers' }).pipe(filter((event) => event.type === 'task-created'), take(1)));
    const stored = JSON.stringify(taskReference(first, created.type === 'task-created' ? created.task : '', { url: server.url }));
    first.close();
    const second = createClient(streamableHttp(server.url), { protocol: { pin: '2025-11-25' } });
    clients.push(second);
    const last = (await lastValueFrom(resumeTask(second, stored, { server: { url: server.url } }).pipe(toArray()))).at(-1);
    expect(last?.type === 'result' && last.result.content).toEqual([{ type: 'text', text: 'Report on rivers.' }]);
    expect(second.session.current?.sessionId).not.toBe(JSON.parse(stored).sessionId);
  }, 30_000);
});

describe('durable task handles against server-everything (2025-11-25 core tasks over Streamable HTTP)', () => {
  let everything: EverythingHttp;
  let clients: Client[] = [];
  const TOOL = 'simulate-research-query';
  const connect = (): Client => {
    const client = createClient(streamableHttp(everything.url), { timeout: { firstMs: 10_000 } });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    everything = await startEverythingHttp('streamableHttp');
  });
  afterAll(() => {
    everything.child.kill();
  });
  afterEach(() => {
    for (const client of clients) client.close();
    clients = [];
  });

  it('the reference records the core shape and the session; the same client resumes it to the report', async () => {
    const client = connect();
    const created = await lastValueFrom(client.callToolAsTask(TOOL, { topic: 'tides' }).pipe(filter((event) => event.type === 'task-created'), take(1)));
    const reference = taskReference(client, created.type === 'task-created' ? created.task : '', { url: everything.url });
    expect(reference).toEqual(jasmine.objectContaining({ protocolVersion: '2025-11-25', shape: 'core', sessionId: client.session.current?.sessionId }));
    expect(reference.sessionId).toMatch(/\S/);
    const events = await lastValueFrom(resumeTask(client, JSON.stringify(reference)).pipe(toArray()));
    const last = events.at(-1);
    expect(last?.type === 'result' && JSON.stringify(last.result.content)).toContain('Research Report: tides');
  }, 30_000);

  it('a new client (a new session) gets TaskNotFoundError naming the session: the server binds tasks to their session', async () => {
    const first = connect();
    const created = await lastValueFrom(first.callToolAsTask(TOOL, { topic: 'tides' }).pipe(filter((event) => event.type === 'task-created'), take(1)));
    const stored = JSON.stringify(taskReference(first, created.type === 'task-created' ? created.task : '', { url: everything.url }));
    const failure = await lastValueFrom(resumeTask(connect(), stored)).then(() => undefined, (error: unknown) => error);
    expect(TaskNotFoundError.is(failure)).toBeTrue();
    expect((failure as TaskNotFoundError).sessionId).toBe(first.session.current?.sessionId);
  }, 30_000);
});
