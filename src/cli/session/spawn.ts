// Starting a session's daemon: the same `rxmcp` program, detached, its stderr in the session's log file.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Place } from '../target.js';
import { logPath } from './paths.js';

/** The hidden first word that makes `rxmcp` a session daemon. */
export const DAEMON_WORD = '__session-daemon';

/** The built `rxmcp` program (`dist/cli.js`), found upward from this module (in `src/` or in `dist/`). */
export function cliProgram(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (basename(dir) === 'dist' && existsSync(join(dir, 'cli.js'))) return join(dir, 'cli.js');
    if (existsSync(join(dir, 'dist', 'cli.js'))) return join(dir, 'dist', 'cli.js');
    if (dirname(dir) === dir) throw new Error('The rxmcp program (dist/cli.js) is not built: run npm run build');
  }
}

/** A started daemon: `exited` resolves when it ends (with its exit code). */
export interface StartedDaemon {
  readonly pid: number | undefined;
  readonly exited: Promise<number | null>;
}

/** Starts the daemon of `rxmcp connect <args…>` in the background; it outlives this process. */
export async function startDaemon(dir: string, name: string, args: readonly string[], place: Place): Promise<StartedDaemon> {
  const log = await open(logPath(dir, name), 'w', 0o600);
  try {
    const child = spawn(process.execPath, [cliProgram(), DAEMON_WORD, ...args], {
      cwd: place.cwd, env: { ...place.env }, detached: true, stdio: ['ignore', 'ignore', log.fd],
    });
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.once('error', () => resolve(null));
    });
    child.unref();
    return { pid: child.pid, exited };
  } finally {
    await log.close();
  }
}

/** The last lines of a session's log. */
export async function logTail(dir: string, name: string, lines = 10): Promise<string[]> {
  const text = await readFile(logPath(dir, name), 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line.trim() !== '').slice(-lines);
}
