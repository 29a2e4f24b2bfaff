import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { lastValueFrom, map } from 'rxjs';
import { createClient } from '../../../src/index.js';
import { replayController, text } from '../../../src/testing/index.js';
import type { RecordedFrame, RecordingLine } from '../../../src/session/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { cli, EXAMPLE_STDIO, tempHome, withExampleHttpServer, type TempHome } from './helpers.js';

const linesOf = (recording: string): RecordingLine[] => recording.trim().split('\n').map((line) => JSON.parse(line) as RecordingLine);
const methodsOut = (recording: string): string[] =>
  linesOf(recording).filter((line): line is RecordedFrame => 'dir' in line && line.dir === 'out').map((line) => String((line.message as { method?: string }).method ?? 'answer'));

describe('rxmcp record', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(() => home.remove());

  for (const era of ['legacy', 'modern'] as const) {
    it(`records a scripted session of the example server (${era}) that replays in a marble spec with the recorded answers`, async () => {
      const file = `example-${era}.ndjson`;
      const result = await cli(home, ['--protocol', era, 'record', file, ...EXAMPLE_STDIO], { stdin: 'call add a=2 b=40\n\n# a comment\nread example://readme\n' });
      expect(result.exitCode).withContext(result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^42\n# rxmcp example server/);
      const recording = await readFile(join(home.path, file), 'utf8');
      expect(linesOf(recording)[0]).toEqual(jasmine.objectContaining({ format: 'rxmcp-recording', version: 1, transport: 'stdio' }));
      expect(methodsOut(recording)).toEqual(jasmine.arrayContaining(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'tools/call', 'resources/read']));
      expect(((await stat(join(home.path, file))).mode & 0o777).toString(8)).toBe('600');

      createTestScheduler().run(({ expectObservable, flush }) => {
        const server = replayController(recording);
        expect(server.era).toBe(era);
        const client = createClient(server.transport);
        const recorded = linesOf(recording).filter((line): line is RecordedFrame => 'dir' in line && JSON.stringify(line.message).includes('"add"') && line.dir === 'out')[0];
        const answer = linesOf(recording).find((line): line is RecordedFrame => 'dir' in line && line.dir === 'in' && JSON.stringify(line.message).includes('"42"'));
        const delay = (answer?.t ?? 0) - (recorded?.t ?? 0);
        expectObservable(client.callTool('add', { a: 2, b: 40 }).pipe(map((r) => r.content))).toBe(`${delay}ms (r|)`, { r: [text('42')] });
        flush();
        server.verify();
        client.close();
      });
    });
  }

  it('reports a failing step and goes on, exits with the first failure, and redacts --redact fields', async () => {
    const result = await cli(home, ['record', 'steps.ndjson', '--redact', 'b', ...EXAMPLE_STDIO], { stdin: 'call nosuch\ncall add a=1 b=2\nwatch\n' });
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toContain('no tool "nosuch"');
    expect(result.stderr).toContain('"watch" cannot be a step of a recording');
    expect(result.stdout).toBe('3\n');
    const recording = await readFile(join(home.path, 'steps.ndjson'), 'utf8');
    expect(recording).toContain('"arguments":{"a":1,"b":"[redacted]"}');
  });

  it('ends the recording on Ctrl-C while waiting for the next step, with a complete file', async () => {
    const controller = new AbortController();
    async function* stdin(): AsyncGenerator<string> {
      yield 'ping\n';
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort();
      await new Promise(() => undefined);
    }
    const result = await cli(home, ['record', 'ctrl-c.ndjson', ...EXAMPLE_STDIO], { stdin: stdin(), signal: controller.signal });
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^pong /);
    const recording = await readFile(join(home.path, 'ctrl-c.ndjson'), 'utf8');
    expect(linesOf(recording).at(-1)).toEqual(jasmine.objectContaining({ event: 'close', conn: 1 }));
  });

  it('needs a file, and --redact goes with record only', async () => {
    const none = await cli(home, ['record']);
    expect([none.exitCode, none.stderr]).toEqual([1, jasmine.stringContaining('record needs a file')]);
    const other = await cli(home, ['--redact', 'x', 'tools', ...EXAMPLE_STDIO]);
    expect([other.exitCode, other.stderr]).toEqual([1, jasmine.stringContaining('--redact goes with record, not tools')]);
  });

  describe('over Streamable HTTP', () => {
    const env = withExampleHttpServer();

    for (const era of ['legacy', 'modern'] as const) {
      it(`records the exchanges of a ${era} session, and the replay answers as the server did`, async () => {
        const file = join(env.home.path, `http-${era}.ndjson`);
        const result = await cli(env.home, ['--protocol', era, 'record', file, env.url], { stdin: 'call add a=2 b=40\n' });
        expect([result.exitCode, result.stdout]).withContext(result.stderr).toEqual([0, '42\n']);
        const recording = await readFile(file, 'utf8');
        expect(linesOf(recording)[0]).toEqual(jasmine.objectContaining({ transport: jasmine.stringMatching(/http/) }));
        const server = replayController(recording, { delays: false });
        expect([server.era, server.revision]).toEqual([era, era === 'legacy' ? '2025-11-25' : '2026-07-28']);
        const client = createClient(server.transport);
        const added = await lastValueFrom(client.callTool('add', { a: 2, b: 40 }));
        expect(added.structuredContent).toEqual({ sum: 42 });
        server.verify();
        client.close();
      });
    }
  });
});
