import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EventCursorStore, StoredEventCursor } from '../events/cursor-store.js';

/** Mode of the store file: read and write for its owner only. */
const FILE_MODE = 0o600;

let temporaries = 0;

function readAll(path: string): Record<string, StoredEventCursor> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    const value = JSON.parse(text) as { format?: unknown; cursors?: unknown } | null;
    return value !== null && typeof value === 'object' && value.format === 1 && typeof value.cursors === 'object' && value.cursors !== null
      ? (value.cursors as Record<string, StoredEventCursor>)
      : {};
  } catch {
    // A torn or foreign file holds no cursor: subscriptions start from now and the next save replaces it.
    return {};
  }
}

function writeAll(path: string, cursors: Readonly<Record<string, StoredEventCursor>>): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${temporaries++}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify({ format: 1, cursors }), { mode: FILE_MODE, flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * An event cursor store in one JSON file (0600): every subscription's cursor and last delivered `eventId`s, under
 * its key. Each save is written before the subscription delivers its next occurrence (a temporary file renamed over
 * the store, synchronously), so a process killed at any moment leaves the old file or the new one, and a restarted
 * subscription resumes after the last occurrence it delivered. An unreadable file reads as no cursors.
 * @example
 * ```ts
 * import { subscribeEvents } from 'rxmcp/events';
 * import { fileCursorStore } from 'rxmcp/node';
 *
 * subscribeEvents(client, 'example.tick', {}, { store: fileCursorStore('.cache/event-cursors.json') })
 *   .subscribe((notice) => console.log(notice));
 * ```
 */
export function fileCursorStore(path: string): EventCursorStore {
  return {
    load: (key) => readAll(path)[key],
    save: (key, value) => writeAll(path, { ...readAll(path), [key]: value }),
  };
}
