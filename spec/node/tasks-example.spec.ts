// examples/tasks.ts, run as a user runs it (it imports rxmcp through the package's exports: the built dist/).
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('examples/tasks.ts', () => {
  it('runs research as a task to its report, then resumes a second task by id from a new client', async () => {
    const output = await new Promise<string>((resolvePromise, reject) => {
      execFile(process.execPath, ['--import', 'tsx', 'examples/tasks.ts'], { cwd: root, timeout: 20_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolvePromise(stdout));
    });
    const lines = output.trim().split('\n').map((line) => line.replace(/task [0-9a-f-]{36}/, 'task <id>'));
    expect(lines).toEqual([
      'calling research as a task…',
      '  task <id> created: Gathering sources',
      '  input_required: Waiting for the angle to take',
      '  ← the task asks: "Which angle on tides?" → answering "historical"',
      '  working: Writing the report (historical)',
      '  completed: Report ready',
      '  result: Report on tides, from the historical angle.',
      'starting another, then resuming it from a new client…',
      '  task <id> created; this client goes away',
      '  working: Gathering sources',
      '  input_required: Waiting for the angle to take',
      '  ← the task asks: "Which angle on rivers?" → answering "historical"',
      '  working: Writing the report (historical)',
      '  completed: Report ready',
      '  result: Report on rivers, from the historical angle.',
    ]);
  }, 25_000);
});
