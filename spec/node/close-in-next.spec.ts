// Closing inside the handler of a call's result, as a first program does, in a real Node process against the bundled
// example server (stdio child process, Streamable HTTP on 127.0.0.1): the process must exit by itself with code 0.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';

const program = fileURLToPath(new URL('../fixtures/programs/close-in-next.ts', import.meta.url));

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

const added = jasmine.objectContaining({ structuredContent: { sum: 5 } });

/** Each verb completed with its result, the call in flight at the close failed with ConnectionClosedError, exit 0. */
function expectClean(outcome: Run): void {
  expect(outcome.stderr).withContext('stderr').toBe('');
  expect(outcome.code).withContext('exit code').toBe(0);
  expect(outcome.lines).toEqual([
    { verb: 'callTool', result: added, completed: true, waiting: 'ConnectionClosedError' },
    { verb: 'callToolEvents', result: { type: 'result', result: added }, completed: true, waiting: 'ConnectionClosedError' },
    {
      verb: 'readResource',
      result: jasmine.objectContaining({ contents: [jasmine.objectContaining({ uri: 'example://readme' })] }),
      completed: true,
      waiting: 'ConnectionClosedError',
    },
  ]);
}

describe('closing inside the handler of a call result, in a Node program', () => {
  describe('over stdio (the example server as a child process)', () => {
    for (const protocol of ['auto', 'legacy']) {
      it(`(${protocol}) completes callTool, callToolEvents and readResource with their results, fails the call still waiting with ConnectionClosedError, and exits 0`, async () => {
        expectClean(await run('stdio', protocol));
      }, 60_000);
    }

    it('group.close() in the handler of group.callTool completes the call with its result and exits 0', async () => {
      const outcome = await run('stdio', 'auto', 'group');
      expect(outcome.stderr).withContext('stderr').toBe('');
      expect(outcome.code).withContext('exit code').toBe(0);
      expect(outcome.lines).toEqual([{ verb: 'group.callTool', result: added, completed: true }]);
    }, 60_000);
  });

  describe('over Streamable HTTP (examples/server/http.ts on 127.0.0.1)', () => {
    let server: ExampleHttpServer;
    beforeAll(async () => {
      server = await startExampleHttpServer();
    });
    afterAll(async () => {
      await server.close();
    });

    for (const protocol of ['auto', 'legacy']) {
      it(`(${protocol}) completes callTool, callToolEvents and readResource with their results, fails the call still waiting with ConnectionClosedError, and exits 0`, async () => {
        expectClean(await run(server.url, protocol));
      }, 60_000);
    }
  });
});
