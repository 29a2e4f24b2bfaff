import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { asyncScheduler, firstValueFrom, interval, timer, type Subscription } from 'rxjs';
import { AuthError } from '../errors.js';

/** Options of `fileStorage`: the lock it takes for changes and token refreshes, shared by the processes using the file. */
export interface FileStorageOptions {
  /** How long to wait for the lock before failing with `AuthError` reason `storage-lock`, in ms (default 20000). */
  readonly lockTimeoutMs?: number;
  /**
   * A lock whose holder has not shown life for this long, in ms, is stale and is broken (default 10000). The
   * holder renews it every third of that; a lock of a process of this host that no longer runs is broken at once.
   */
  readonly staleLockMs?: number;
}

/** A held lock: release it once. */
type Release = () => Promise<void>;

const FOLDER_MODE = 0o700;

function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** True when the lock's owner file names a process of this host that no longer runs. */
async function ownerGone(lock: string): Promise<boolean> {
  try {
    const owner = JSON.parse(await readFile(`${lock}/owner`, 'utf8')) as { pid?: unknown; host?: unknown };
    if (owner.host !== hostname() || typeof owner.pid !== 'number') return false;
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return errno(error) === 'ESRCH';
  }
}

/** Breaks `lock` when it is stale: renamed away first (atomic), then removed. */
async function breakIfStale(lock: string, staleMs: number): Promise<void> {
  let modified: number;
  try {
    modified = (await stat(lock)).mtimeMs;
  } catch (error) {
    if (errno(error) === 'ENOENT') return;
    throw error;
  }
  if (asyncScheduler.now() - modified < staleMs && !(await ownerGone(lock))) return;
  const away = `${lock}.stale.${process.pid}.${asyncScheduler.now()}`;
  try {
    await rename(lock, away);
  } catch (error) {
    if (errno(error) === 'ENOENT') return;
    throw error;
  }
  await rm(away, { recursive: true, force: true });
}

/** One try: true when this process now holds `lock`. */
async function tryLock(lock: string): Promise<boolean> {
  try {
    await mkdir(lock, { mode: FOLDER_MODE });
  } catch (error) {
    if (errno(error) === 'EEXIST') return false;
    throw error;
  }
  await writeFile(`${lock}/owner`, JSON.stringify({ pid: process.pid, host: hostname() }), { mode: 0o600 }).catch(() => undefined);
  return true;
}

/** Keeps `lock` fresh while it is held. */
function keepAlive(lock: string, staleMs: number): Subscription {
  return interval(Math.max(1, Math.floor(staleMs / 3))).subscribe(() => {
    const now = new Date(asyncScheduler.now());
    void utimes(lock, now, now).catch(() => undefined);
  });
}

/**
 * Takes the lock `lock` (a folder: `mkdir` is atomic, on every file system), waiting a bounded time, and breaks
 * stale locks. Resolves with its release; fails with `AuthError` reason `storage-lock` when the wait runs out.
 */
export async function acquireFileLock(lock: string, options: FileStorageOptions = {}): Promise<Release> {
  const timeoutMs = options.lockTimeoutMs ?? 20_000;
  const staleMs = options.staleLockMs ?? 10_000;
  await mkdir(dirname(lock), { recursive: true, mode: FOLDER_MODE });
  const start = asyncScheduler.now();
  for (let attempt = 0; !(await tryLock(lock)); attempt++) {
    if (asyncScheduler.now() - start >= timeoutMs) {
      throw new AuthError('storage-lock', `The token storage lock ${lock} was held by another process for more than ${timeoutMs} ms`);
    }
    await breakIfStale(lock, staleMs);
    await firstValueFrom(timer(Math.min(5 + attempt * 5, 50) + Math.floor(Math.random() * 10)));
  }
  const alive = keepAlive(lock, staleMs);
  return async () => {
    alive.unsubscribe();
    await rm(lock, { recursive: true, force: true });
  };
}
