// The built command line tool (dist/cli.js, what package.json `bin` names), run as its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTenant } from '../../helpers/auth-fixtures.js';
import { fixtureServer } from '../../fixtures/servers/paths.js';
import { until } from '../../helpers/until.js';
import { CLI_SERVER, eventsOf } from './helpers.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = join(root, 'dist', 'cli.js');

interface Ran {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Spawns the bin itself (its shebang picks node) with a clean environment. */
function start(args: readonly string[], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<Ran>; stdout: () => string } {
  const child = spawn(BIN, args, { env: { PATH: process.env['PATH'] ?? '', HOME: tmpdir(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<Ran>((resolveRun) => child.once('exit', (code, signal) => setImmediate(() => resolveRun({ code, signal, stdout, stderr }))));
  return { child, done, stdout: () => stdout };
}

const run = (args: readonly string[], env?: Record<string, string>): Promise<Ran> => start(args, env).done;

const shows = (read: () => string, pattern: RegExp, ms = 10_000): Promise<void> =>
  until(() => pattern.test(read()), ms, () => `no ${pattern} within ${ms} ms in:\n${read()}`, 25);

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

describe('the rxmcp bin (dist/cli.js)', () => {
  beforeAll(() => {
    expect(existsSync(BIN)).withContext(`${BIN} is missing: run npm run build`).toBeTrue();
  });

  it('is what package.json names, starts with a node shebang, is executable and runs by itself', async () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin?: Record<string, string>; version: string };
    expect(pkg.bin).toEqual({ rxmcp: './dist/cli.js' });
    expect(readFileSync(BIN, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    expect(() => accessSync(BIN, constants.X_OK)).not.toThrow();
    const version = await run(['--version']);
    expect(version).toEqual(jasmine.objectContaining({ code: 0, stdout: `${pkg.version}\n` }));
  });

  it('exits 0, 1, 4 and 5 as documented', async () => {
    expect((await run(['tools', ...CLI_SERVER])).code).toBe(0);
    expect((await run(['--no-such-option'])).code).toBe(1);
    expect((await run(['tools', '--', 'rxmcp-no-such-command'])).code).toBe(4);
    const failed = await run(['call', 'fail', ...CLI_SERVER]);
    expect(failed.code).toBe(5);
    expect(failed.stdout).toBe('it failed\n');
  });

  it('--json: one JSON value on stdout, one JSON error line on stderr, no escape codes on pipes', async () => {
    const ok = await run(['--json', 'tools', ...CLI_SERVER]);
    expect((JSON.parse(ok.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    const bad = await run(['--json', 'call', 'types', 'zip=1', 'count=x', ...CLI_SERVER]);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n').length).toBe(1);
    expect(JSON.parse(bad.stderr)).toEqual({ error: jasmine.objectContaining({ step: 'argument', exitCode: 1 }) });
    expect(ok.stdout + bad.stderr).not.toContain('\x1b[');
  });

  it('SIGINT ends a watch cleanly: a last state event, exit 0, the server process gone', async () => {
    const watch = start(['watch', ...CLI_SERVER]);
    await shows(watch.stdout, /cli-server ready \(pid \d+\)/);
    await shows(watch.stdout, /"status":"ready"/);
    const pid = Number(/cli-server ready \(pid (\d+)\)/.exec(watch.stdout())?.[1]);
    watch.child.kill('SIGINT');
    const ended = await watch.done;
    expect(ended.code).toBe(0);
    expect(eventsOf(ended.stdout).at(-1)).toEqual(jasmine.objectContaining({ kind: 'state', status: 'closed', reason: 'interrupted' }));
    expect(gone(pid)).withContext(`server pid ${pid}`).toBeTrue();
  });

  it('SIGINT during a call cancels it on the wire and exits 130', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rxmcp-bin-'));
    try {
      const marker = join(folder, 'cancelled');
      const call = start(['call', 'slow', 'steps=100', 'delayMs=50', '--watch', '-e', `CANCEL_MARKER=${marker}`, ...CLI_SERVER]);
      await shows(call.stdout, /"progress":2/);
      call.child.kill('SIGINT');
      const ended = await call.done;
      expect(ended.code).toBe(130);
      expect(ended.stderr).toContain('the call of slow was cancelled');
      expect(existsSync(marker) ? readFileSync(marker, 'utf8') : 'no marker').toBe('cancelled: Request cancelled by the client');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('a reader that stops early (| head) ends the run without an error', async () => {
    const watch = start(['watch', '--frames', ...CLI_SERVER]);
    await shows(watch.stdout, /"status":"ready"/);
    watch.child.stdout?.destroy();
    watch.child.kill('SIGINT');
    const ended = await watch.done;
    expect(ended.code).toBe(0);
    expect(ended.stderr).not.toContain('EPIPE');
  });

  it('--oauth opens the sign-in URL with $BROWSER and keeps the tokens under XDG_CONFIG_HOME', async () => {
    const tenant = await createTenant();
    const folder = await mkdtemp(join(tmpdir(), 'rxmcp-bin-'));
    try {
      const env = { HOME: folder, XDG_CONFIG_HOME: join(folder, 'config'), BROWSER: `${process.execPath} ${fixtureServer('fake-browser')}` };
      const signedIn = await run(['--oauth', tenant.urls.mcp, 'tools'], env);
      expect(signedIn.code).withContext(signedIn.stderr).toBe(0);
      expect(signedIn.stderr).toMatch(/Sign in: open http:\/\/127\.0\.0\.1:\d+\/__rxmcp\/auth\/t\/\d+\/as\/authorize\?/);
      expect(existsSync(join(folder, 'config', 'rxmcp', 'oauth.json'))).toBeTrue();
      const later = await run([tenant.urls.mcp, 'tools'], { HOME: folder, XDG_CONFIG_HOME: join(folder, 'config') });
      expect(later.code).withContext(later.stderr).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 15_000);
});
