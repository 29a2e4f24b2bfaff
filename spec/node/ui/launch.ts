// `rxmcp ui` as a user runs it: the `rxmcp` command of the packed tarball installed in a fresh project, a child
// process with its own stdout (the page's URL) and stderr (spawns, exits, refusals).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { until } from '../../helpers/until.js';
import { ROOT } from '../packed-project.js';

/** A running `rxmcp ui`. */
export interface RunningUi {
  /** The printed URL (with the token, and `url=` when a target was named). */
  readonly url: string;
  readonly child: ChildProcess;
  /** Every stderr line so far. */
  readonly log: string[];
  /** The pids of the servers it spawned, in order. */
  pids(): number[];
  /** Sends `signal` and resolves with the exit code once it exited (SIGKILL after `ms`). */
  stop(signal?: NodeJS.Signals, ms?: number): Promise<number | null>;
}

/** Whether a process of that pid is alive. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `<project>/node_modules/rxmcp/dist/cli.js ui --no-open …args` in the repository (servers' paths resolve there). */
export async function startUi(project: string, args: readonly string[], home: string): Promise<RunningUi> {
  const cli = join(project, 'node_modules/rxmcp/dist/cli.js');
  const child = spawn(process.execPath, [cli, 'ui', '--no-open', ...args], { cwd: ROOT, env: { ...process.env, HOME: home, BROWSER: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  let stdout = '';
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    log.push(...lines);
  });
  await until(() => stdout.includes('\n') || child.exitCode !== null, 20_000, () => `rxmcp ui printed no URL: ${log.join('\n')}`, 20);
  if (child.exitCode !== null) throw new Error(`rxmcp ui exited with ${child.exitCode}: ${log.join('\n')}`);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: stdout.split('\n')[0] as string,
    child,
    log,
    pids: () => log.flatMap((line) => /spawned .* \(pid (\d+)\)$/.exec(line)?.[1] ?? []).map(Number),
    stop: async (signal = 'SIGINT', ms = 10_000) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
