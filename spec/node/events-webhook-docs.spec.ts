// docs/events.md's webhook sample (the `docs` region of examples/events-webhook.ts, quoted verbatim by the page) run as
// a program against the example server over Streamable HTTP on 127.0.0.1, webhook delivery on.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ExampleEvents } from '../../examples/server/events.js';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { region } from '../helpers/regions.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PROGRAM = join(root, 'examples/events-webhook.ts');

describe('the webhook sample of docs/events.md (examples/events-webhook.ts)', () => {
  let events: ExampleEvents;
  let running: ExampleHttpServer;

  beforeEach(async () => {
    events = new ExampleEvents({ tickMs: 50, webhook: true });
    running = await startExampleHttpServer({ events });
  });

  afterEach(async () => {
    events.stop();
    await running.close();
  });

  it('is quoted verbatim by docs/events.md', () => {
    const sample = region(readFileSync(PROGRAM, 'utf8'), 'docs');
    expect(sample).toBeDefined();
    expect(readFileSync(join(root, 'docs/events.md'), 'utf8')).toContain(`\`\`\`ts\n${sample}\n\`\`\``);
  });

  it('runs: each subscription gets only its own occurrences, both are listed and then neither, and nothing is refused', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', PROGRAM, running.url], { cwd: root, timeout: 60_000 });
    const lines = stdout.trim().split('\n');
    const last = /^every 2nd: \[ ([\d, ]+) \] every 3rd: \[ ([\d, ]+) \]$/.exec(lines[lines.length - 1]!);
    expect(last).withContext(stdout).not.toBeNull();
    const [even, third] = [last![1]!, last![2]!].map((list) => list.split(', ').map(Number));
    expect(even!.length).toBe(3);
    expect(even!.every((n) => n % 2 === 0)).withContext(String(even)).toBeTrue();
    expect(third!.length).toBe(2);
    expect(third!.every((n) => n % 3 === 0)).withContext(String(third)).toBeTrue();
    expect(lines).toContain('subscriptions: [ \'example.tick {"every":2}\', \'example.tick {"every":3}\' ]');
    expect(lines[lines.length - 2]).toBe('subscriptions: []');
    expect(stderr).toBe('');
  }, 60_000);
});
