import { asyncScheduler } from 'rxjs';
import { PUBLIC_UNKNOWN, type ResultCache } from '../cache.js';
import type { StoredResult } from './store.js';

/** The cache's entries fresh now, oldest first, as JSON-serialisable records (for a warm start's store). */
export function snapshot(cache: ResultCache): StoredResult[] {
  const now = asyncScheduler.now();
  const fresh: StoredResult[] = [];
  for (const [key, entry] of cache.entries) {
    if (entry.freshUntil > now) fresh.push({ key, ...entry, uri: entry.uri });
  }
  return fresh;
}

/** Takes stored entries that are still fresh into the cache; what it keeps already stays. */
export function restore(cache: ResultCache, stored: readonly StoredResult[]): void {
  const now = asyncScheduler.now();
  for (const { key, method, uri, result, freshUntil, partition } of stored) {
    if (freshUntil > now && !cache.entries.has(key)) cache.entries.set(key, { result, method, uri, freshUntil, partition });
  }
  cache.bound(now);
}

/**
 * Until when every kept page of `method` under the authorization context `partition` is fresh (the earliest end),
 * `undefined` when none is kept.
 */
export function freshUntil(cache: ResultCache, method: string, partition: string | undefined): number | undefined {
  let earliest: number | undefined;
  for (const entry of cache.entries.values()) {
    if (entry.method !== method || (entry.partition !== partition && entry.partition !== PUBLIC_UNKNOWN)) continue;
    earliest = earliest === undefined ? entry.freshUntil : Math.min(earliest, entry.freshUntil);
  }
  return earliest;
}
