import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AuthStorage } from '../types.js';
import { acquireFileLock, type FileStorageOptions } from './file-lock.js';


/** Mode of the storage file: read and write for its owner only. */
export const FILE_STORAGE_MODE = 0o600;
/** Mode of a folder the storage creates. */
const FOLDER_MODE = 0o700;

type Entries = Record<string, string>;

async function readEntries(path: string): Promise<Entries> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Entries) : {};
  } catch {
    // An unreadable file holds nothing usable; the next write replaces it.
    return {};
  }
}

let temporaries = 0;

async function writeEntries(path: string, entries: Entries): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: FOLDER_MODE });
  const temporary = `${path}.${process.pid}.${temporaries++}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(entries, null, 2)}\n`, { mode: FILE_STORAGE_MODE, flag: 'wx' });
    await chmod(temporary, FILE_STORAGE_MODE);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Storage in one JSON file that only its owner may read or write (mode 0600, its folder 0700 when created), for
 * OAuth tokens and registrations of Node agents and command line tools. Every change reads the file, applies
 * itself and replaces the file atomically (write, then rename) while holding a lock on the file (a folder beside
 * it, `<path>.lock`), so processes that share the file lose no change. Token refreshes run under the same lock
 * (`lock`): processes that share the file refresh a rotating refresh token once, and the others use the tokens
 * it stored. The wait for the lock is bounded (`lockTimeoutMs`, then `AuthError` reason `storage-lock`), and a
 * lock left by a process that died is broken (`staleLockMs`).
 */
export function fileStorage(path: string, options: FileStorageOptions = {}): AuthStorage {
  let queue: Promise<unknown> = Promise.resolve();
  let holders: Promise<unknown> = Promise.resolve();
  let held = false;
  /** Runs `task` holding the file's lock: one holder at a time in this process, one process at a time. */
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const next = holders.then(async () => {
      const release = await acquireFileLock(`${path}.lock`, options);
      held = true;
      try {
        return await task();
      } finally {
        held = false;
        await queue;
        await release();
      }
    });
    holders = next.catch(() => undefined);
    return next;
  };
  const change = (apply: (entries: Entries) => void): Promise<void> => {
    const write = () => {
      const next = queue.then(async () => {
        const entries = await readEntries(path);
        apply(entries);
        await writeEntries(path, entries);
      });
      queue = next.catch(() => undefined);
      return next;
    };
    // While this process holds the lock (a refresh), changes need not take it again: they are in this queue.
    return held ? write() : exclusive(write);
  };
  return {
    get: async (key) => {
      await queue;
      return (await readEntries(path))[key];
    },
    set: (key, value) => change((entries) => void (entries[key] = value)),
    delete: (key) => change((entries) => void delete entries[key]),
    lock: (_key, task) => exclusive(task),
  };
}
