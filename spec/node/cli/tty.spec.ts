// The built tool on a real terminal: tmux (a private server per spec run) gives it a pseudo-terminal, keys are
// typed with send-keys and the screen is read with capture-pane.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fixtureServer } from '../../fixtures/servers/paths.js';

const exec = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = join(root, 'dist', 'cli.js');
const SOCKET = `rxmcp-spec-${process.pid}`;
const SERVER = `${process.execPath} ${fixtureServer('cli-server')}`;

const tmux = (...args: string[]) => exec('tmux', ['-L', SOCKET, ...args], { env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' } });

let sessions = 0;

/** Runs `command` in a new 120×40 terminal; the pane stays open after it ends and shows `EXIT=<code>`. */
async function terminal(command: string, env: Record<string, string> = {}) {
  const name = `s${++sessions}`;
  const vars = Object.entries({ PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...env }).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  await tmux('new-session', '-d', '-s', name, '-x', '120', '-y', '40', ...vars, `${command}; echo "EXIT=$?"; sleep 60`);
  const screen = async (escapes = false): Promise<string> => (await tmux('capture-pane', '-p', '-J', ...(escapes ? ['-e'] : []), '-t', name)).stdout;
  const until = async (pattern: RegExp, ms = 10_000): Promise<string> => {
    const started = Date.now();
    for (;;) {
      const text = await screen();
      if (pattern.test(text)) return text;
      if (Date.now() - started > ms) throw new Error(`no ${pattern} within ${ms} ms on the screen:\n${text}`);
      await new Promise((wake) => setTimeout(wake, 50));
    }
  };
  const type = async (...keys: string[]) => void (await tmux('send-keys', '-t', name, ...keys));
  return { screen, until, type, close: () => tmux('kill-session', '-t', name).catch(() => undefined) };
}

describe('rxmcp on a terminal (tmux)', () => {
  beforeAll(async () => {
    expect(existsSync(BIN)).withContext('run npm run build').toBeTrue();
    await expectAsync(exec('tmux', ['-V'])).withContext('tmux is needed (.ci/run installs it)').toBeResolved();
    // One session lives as long as the suite, so the private server does not exit between two specs.
    await tmux('new-session', '-d', '-s', 'keep', 'sleep 600');
  });
  afterAll(async () => {
    await tmux('kill-server').catch(() => undefined);
  });

  it('asks an elicitation as a form generated from the requested schema, re-asking a bad answer', async () => {
    const term = await terminal(`node ${BIN} call form -- ${SERVER}`);
    try {
      await term.until(/The server asks: Tell me about you[\s\S]*answer \(Y\)es, \(n\)o = decline, \(c\)ancel/);
      await term.type('y', 'Enter');
      await term.until(/Name\*[\s\S]*text \[world\]: $/m);
      await term.type('Enter');
      await term.until(/Age\*/);
      await term.type('abc', 'Enter');
      await term.until(/expected a whole number ≥ 0, ≤ 150 \(required\)/);
      await term.type('42', 'Enter');
      await term.until(/1\) Red\s+2\) Green\s+3\) Blue/);
      await term.type('2', 'Enter');
      await term.until(/Subscribe/);
      await term.type('y', 'Enter');
      const screen = await term.until(/EXIT=\d+/);
      expect(screen).toContain('{"action":"accept","content":{"name":"world","age":42,"colour":"green","subscribe":true}}');
      expect(screen).toContain('EXIT=0');
    } finally {
      await term.close();
    }
  }, 30_000);

  it('draws a progress bar on stderr during a long call and takes it away at the end', async () => {
    const term = await terminal(`node ${BIN} call slow steps=25 delayMs=80 -- ${SERVER}`);
    try {
      const during = await term.until(/\[█+░+\] \d+\/25 step \d+/);
      expect(during).toMatch(/\[█+░+\] \d+\/25 step \d+/);
      const after = await term.until(/EXIT=\d+/);
      expect(after).toContain('done after 25');
      expect(after).toContain('EXIT=0');
      expect(after).not.toContain('/25 step');
    } finally {
      await term.close();
    }
  }, 30_000);

  it('Ctrl-C on the terminal cancels the call and exits 130', async () => {
    const term = await terminal(`node ${BIN} call slow steps=200 delayMs=50 -- ${SERVER}`);
    try {
      await term.until(/\/200 step \d+/);
      await term.type('C-c');
      const screen = await term.until(/EXIT=\d+/);
      expect(screen).toContain('the call of slow was cancelled');
      expect(screen).toContain('EXIT=130');
    } finally {
      await term.close();
    }
  }, 30_000);

  it('colours on the terminal, none with NO_COLOR', async () => {
    const coloured = await terminal(`node ${BIN} tools -- ${SERVER}`);
    const plain = await terminal(`node ${BIN} tools -- ${SERVER}`, { NO_COLOR: '1' });
    try {
      await coloured.until(/EXIT=0/);
      await plain.until(/EXIT=0/);
      expect(await coloured.screen(true)).toContain('\x1b[');
      expect(await plain.screen(true)).not.toContain('\x1b[');
      expect(await plain.screen()).toContain('types(zip: string');
    } finally {
      await coloured.close();
      await plain.close();
    }
  }, 30_000);
});
