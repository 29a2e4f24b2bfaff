// Helpers of the session and completion specs: a temporary place (HOME, a private sessions folder, an `rxmcp` on PATH
// that runs the built dist/cli.js) and interactive bash shells in tmux (keys typed with send-keys, the screen read
// with capture-pane).
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const exec = promisify(execFile);
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const BIN = join(ROOT, 'dist', 'cli.js');
/** The bundled example server over stdio, as a command after `--` (run in ROOT, so that `--import tsx` resolves). */
export const EXAMPLE_SERVER = ['--cwd', ROOT, '--', process.execPath, '--import', 'tsx', 'examples/server/example-server.ts'];

/** A temporary HOME with its own sessions folder and an `rxmcp` on PATH. */
export interface ShellPlace {
  readonly home: string;
  readonly sessions: string;
  readonly env: Readonly<Record<string, string>>;
  /** Runs `rxmcp` (the built program) in the place, outside any terminal. */
  rxmcp(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  remove(): Promise<void>;
}

export async function shellPlace(): Promise<ShellPlace> {
  const home = await mkdtemp(join(tmpdir(), 'rxmcp-shell-'));
  const bin = join(home, 'bin');
  await mkdir(bin);
  await writeFile(join(bin, 'rxmcp'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  await chmod(join(bin, 'rxmcp'), 0o755);
  const sessions = join(home, 'sessions');
  const env = { PATH: `${bin}:${process.env['PATH'] ?? ''}`, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), RXMCP_SESSIONS_DIR: sessions, TERM: 'xterm' };
  const rxmcp = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], { env, cwd: home });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  };
  return { home, sessions, env, rxmcp, remove: () => rm(home, { recursive: true, force: true }) };
}

/** A private tmux server for one spec file. */
export function tmuxServer(socket: string) {
  const tmux = (...args: string[]) => exec('tmux', ['-L', socket, ...args], { env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' } });
  return {
    tmux,
    /** Keeps the server up between specs. */
    start: () => tmux('new-session', '-d', '-s', 'keep', 'sleep 900'),
    stop: () => tmux('kill-server').catch(() => undefined),
  };
}

/** One interactive bash in a 160×50 terminal. */
export interface Shell {
  /** The whole screen and its history. */
  screen(): Promise<string>;
  /** Resolves with the screen once it matches `pattern`. */
  until(pattern: RegExp, ms?: number): Promise<string>;
  type(...keys: string[]): Promise<void>;
  /** Types `command`, waits for it to end; resolves with what it printed and its exit code. */
  run(command: string, ms?: number): Promise<{ text: string; code: number }>;
  /** Types `command` and returns at once; `finished()` waits for it. */
  start(command: string): Promise<{ finished: (ms?: number) => Promise<{ text: string; code: number }> }>;
  close(): Promise<unknown>;
}

let commands = 0;

export async function bashShell(server: ReturnType<typeof tmuxServer>, name: string, place: ShellPlace, cwd: string): Promise<Shell> {
  // The environment goes through env(1): the shell gets exactly these variables.
  const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
  const vars = Object.entries({ ...place.env, PS1: '$ ' }).map(([key, value]) => quote(`${key}=${value}`)).join(' ');
  await server.tmux('new-session', '-d', '-s', name, '-x', '160', '-y', '50', '-c', cwd, `env -i ${vars} bash --norc --noprofile`);
  const screen = async (): Promise<string> => (await server.tmux('capture-pane', '-p', '-J', '-S', '-3000', '-t', name)).stdout;
  const until = async (pattern: RegExp, ms = 30_000): Promise<string> => {
    const started = Date.now();
    for (;;) {
      const text = await screen();
      if (pattern.test(text)) return text;
      if (Date.now() - started > ms) throw new Error(`no ${pattern} within ${ms} ms on the screen of ${name}:\n${text}`);
      await new Promise((wake) => setTimeout(wake, 100));
    }
  };
  const type = async (...keys: string[]) => void (await server.tmux('send-keys', '-t', name, ...keys));
  const start = async (command: string) => {
    const tag = `DONE${++commands}`;
    await type('-l', `${command}; echo "${tag}=$?"`);
    await type('Enter');
    const finished = async (ms?: number) => {
      const text = await until(new RegExp(`${tag}=\\d+`), ms);
      const begin = text.lastIndexOf(`${tag}=$?"`);
      const end = text.search(new RegExp(`${tag}=\\d+`));
      const code = Number(new RegExp(`${tag}=(\\d+)`).exec(text)?.[1]);
      return { text: text.slice(begin + tag.length + 4, end), code };
    };
    return { finished };
  };
  return {
    screen, until, type, start,
    run: async (command, ms) => (await start(command)).finished(ms),
    close: () => server.tmux('kill-session', '-t', name).catch(() => undefined),
  };
}

/** True while process `pid` exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
