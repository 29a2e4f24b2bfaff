import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WarmRecord, WarmStore } from '../client/warm/store.js';

/** Mode of a record file: read and write for its owner only (a record may hold private results). */
const FILE_MODE = 0o600;
/** Mode of the folder the store creates. */
const FOLDER_MODE = 0o700;

let temporaries = 0;

/** The file of one key: its SHA-256, so any key (a URL, a command line) makes a safe file name. */
const fileOf = (folder: string, key: string): string => join(folder, `${createHash('sha256').update(key).digest('hex')}.json`);

async function readRecord(path: string): Promise<WarmRecord | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const value = JSON.parse(text) as { format?: unknown } | null;
    return value !== null && typeof value === 'object' && value.format === 1 ? (value as WarmRecord) : undefined;
  } catch {
    // A torn or foreign file holds nothing usable: the client starts cold and the next write replaces it.
    return undefined;
  }
}

async function writeRecord(folder: string, path: string, record: WarmRecord): Promise<void> {
  await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
  const temporary = `${path}.${process.pid}.${temporaries++}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(record), { mode: FILE_MODE, flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * A warm store in a folder (created 0700 when missing), one JSON file per server record (0600, named by the key's
 * SHA-256), for command line tools and Node dashboards that start again and again. Each write goes to a temporary
 * file that is then renamed over the record, so a reader, in this process or another, sees the old record or the
 * new one, never half of one; an unreadable file reads as no record.
 * @example
 * ```ts
 * import { createClient } from 'rxmcp';
 * import { fileWarmStore, stdio } from 'rxmcp/node';
 * import { warmStart } from 'rxmcp/warm';
 *
 * const client = createClient(stdio({ command: 'node', args: ['server.js'] }), {
 *   warmStart: warmStart({ store: fileWarmStore('.cache/rxmcp'), server: 'node server.js' }),
 * });
 * ```
 */
export function fileWarmStore(folder: string): WarmStore {
  return {
    get: (key) => readRecord(fileOf(folder, key)),
    set: (key, record) => writeRecord(folder, fileOf(folder, key), record),
    delete: (key) => rm(fileOf(folder, key), { force: true }),
  };
}
