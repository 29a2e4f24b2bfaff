// Durable task handles on a server that binds 2025-11-25 core tasks to their Streamable HTTP session
// (@modelcontextprotocol/server-everything on 127.0.0.1): process A starts simulate-research-query as a task and
// closes with close({ keepSession: true }); process B (spec/fixtures/programs/task-handoff.ts) joins that session
// from the reference file (taskSession) and follows the task to its report. A deleted session is a typed error.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filter, lastValueFrom, take } from 'rxjs';
import { parseTaskReference, taskReference, taskSession } from '../../src/agent/index.js';
import { createClient, streamableHttp, type FetchLike } from '../../src/index.js';
import { startEverythingHttp, type EverythingHttp } from '../helpers/everything.js';

const program = fileURLToPath(new URL('../fixtures/programs/task-handoff.ts', import.meta.url));
const TOOL = 'simulate-research-query';

interface Run {
  readonly code: number | null;
  readonly stderr: string;
  readonly lines: readonly Record<string, unknown>[];
}

function run(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', program, ...args], { timeout: 40_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      const lines = stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
      resolve({ code, stderr, lines });
    });
  });
}

/** A `fetch` that notes each request: its method and, for a POST, the JSON-RPC method it carries. */
function noting(seen: string[]): FetchLike {
  return (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : undefined;
    seen.push(`${init?.method ?? 'GET'}${body?.method === undefined ? '' : ` ${body.method}`}`);
    return fetch(input, init);
  };
}

describe('durable task handles in the session of a server that binds tasks to it (server-everything over Streamable HTTP)', () => {
  let everything: EverythingHttp;
  let dir: string;

  beforeAll(async () => {
    everything = await startEverythingHttp('streamableHttp');
  });
  afterAll(() => {
    everything.child.kill();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rxmcp-task-session-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('process A starts the research and exits keeping its session; process B joins it from the file: the status stream, the clarification answered, the report', async () => {
    const file = join(dir, 'task.json');
    const args = JSON.stringify({ topic: 'tides', ambiguous: true });
    const started = await run('start', everything.url, file, TOOL, args, 'legacy', 'keep');
    expect([started.code, started.stderr]).toEqual([0, '']);
    const reference = parseTaskReference(readFileSync(file, 'utf8'));
    expect(reference).toEqual(jasmine.objectContaining({ protocolVersion: '2025-11-25', shape: 'core', taskId: started.lines[0]?.['created'] }));
    expect(reference.sessionId).toMatch(/\S/);
    const resumed = await run('resume', file, 'join');
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    const statuses = resumed.lines.filter((line) => 'task-status' in line);
    expect(statuses.map((line) => line['task-status'])).toContain('input_required');
    expect(statuses).toContain({ 'task-status': 'working', message: 'Continuing with interpretation: "historical"...' });
    expect(statuses.at(-1)?.['task-status']).toBe('completed');
    expect(resumed.lines.filter((line) => 'task-input' in line).length).toBe(1);
    const result = resumed.lines.at(-1)?.['result'] as readonly { text: string }[] | undefined;
    expect(result?.[0]?.text).toContain('# Research Report: tides (historical)');
  }, 60_000);

  it('process B gets TaskReferenceError (session-ended) naming the session when process A ended it with DELETE', async () => {
    const file = join(dir, 'task.json');
    const started = await run('start', everything.url, file, TOOL, '{"topic":"tides"}', 'legacy');
    expect([started.code, started.stderr]).toEqual([0, '']);
    const { sessionId } = parseTaskReference(readFileSync(file, 'utf8'));
    const resumed = await run('resume', file, 'join');
    expect(resumed.code).toBe(2);
    expect(resumed.lines).toEqual([jasmine.objectContaining({ error: 'TaskReferenceError', failure: 'session-ended' })]);
    expect(resumed.lines[0]?.['message']).toContain(`session ${sessionId}`);
  }, 60_000);

  it('close() ends the session with DELETE; close({ keepSession: true }) sends none, and a client that joins the session sends no initialize', async () => {
    const opened: string[] = [];
    const first = createClient(streamableHttp(everything.url, { fetch: noting(opened) }), { protocol: 'legacy' });
    const created = await lastValueFrom(first.callToolAsTask(TOOL, { topic: 'tides' }).pipe(filter((event) => event.type === 'task-created'), take(1)));
    const reference = taskReference(first, created.type === 'task-created' ? created.task : '', { url: everything.url });
    first.close({ keepSession: true });
    const session = taskSession(reference);
    if (session === undefined) throw new Error('the reference records no session');
    const joinedSeen: string[] = [];
    const joined = createClient(streamableHttp(everything.url, { fetch: noting(joinedSeen), sessionId: session.sessionId }), { joinSession: session.joinSession });
    const state = await lastValueFrom(joined.getTask(reference.taskId));
    joined.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(state.taskId).toBe(reference.taskId);
    expect(opened).not.toContain('DELETE');
    expect(joinedSeen.filter((seen) => seen.startsWith('POST'))[0]).toBe('POST tasks/get');
    expect(joinedSeen).not.toContain('POST initialize');
    expect(joinedSeen).toContain('DELETE');
  }, 30_000);
});

