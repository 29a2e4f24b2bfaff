import type { ServerSession } from '../server-session.js';

/** The discovery a warm start remembers of a server: what negotiation agreed, and how long it may be trusted. */
export interface StoredDiscovery {
  /** The negotiated server (era, revision, capabilities, server info). */
  readonly server: ServerSession;
  /** When it was obtained (ms since the epoch). */
  readonly obtainedAt: number;
  /**
   * Until when a 2026-07-28 `server/discover` result is fresh (its `ttlMs` after `obtainedAt`); absent for a legacy
   * server, whose era alone is remembered (its `initialize` handshake happens on every connection).
   */
  readonly freshUntil?: number;
  /** The authorization context a `private` discovery belongs to; absent when it is `public`. */
  readonly partition?: string;
}

/** A catalog a warm start remembers: every item of the list, fresh while the list's pages were. */
export interface StoredCatalog {
  /** Every item of the list (tools, resources, ...), as the server sent them. */
  readonly items: readonly unknown[];
  /** Until when every page of the list was fresh by the server's cache hints (ms since the epoch). */
  readonly freshUntil: number;
  /** The authorization context the list was obtained in. */
  readonly partition: string;
}

/** One cached result, as the result cache keeps it. */
export interface StoredResult {
  /** The cache key (method, authorization context, the params that decide the result). */
  readonly key: string;
  /** The request's method (`tools/list`, `resources/read`, ...). */
  readonly method: string;
  /** The resource's URI, for a `resources/read` result (a `resources/updated` notification makes it stale). */
  readonly uri?: string;
  /** The decoded result. */
  readonly result: unknown;
  /** Until when the result is fresh (ms since the epoch). */
  readonly freshUntil: number;
  /** The authorization context the result was kept under. */
  readonly partition: string;
}

/** What a warm start keeps of one server, as JSON. */
export interface WarmRecord {
  /** The record's format: 1. */
  readonly format: 1;
  /** What negotiation agreed with the server, when it may be kept. */
  readonly discovery?: StoredDiscovery;
  /** The catalogs by their list method (`tools/list`, `prompts/list`, ...). */
  readonly catalogs: Readonly<Record<string, StoredCatalog>>;
  /** The result cache's entries that were fresh when it was written. */
  readonly results: readonly StoredResult[];
}

/**
 * Where a warm start keeps what it knows of servers between runs: JSON-serialisable records, one per key (a server
 * as a client sees it). Any asynchronous key-value store fits: memory (`memoryWarmStore`), a file per key
 * (`fileWarmStore` of `rxmcp/node`), IndexedDB or `localStorage` in a browser.
 */
export interface WarmStore {
  /** The record under `key`, `undefined` when there is none. */
  get(key: string): Promise<WarmRecord | undefined>;
  /** Replaces the record under `key`. */
  set(key: string, record: WarmRecord): Promise<void>;
  /** Forgets the record under `key`. */
  delete(key: string): Promise<void>;
}

/**
 * A warm store in memory: what it keeps lasts as long as the store object (several clients of one process share it).
 * Records are copied in and out as JSON, so a client never shares objects with the store.
 */
export function memoryWarmStore(): WarmStore {
  const records = new Map<string, string>();
  return {
    get: (key) => {
      const text = records.get(key);
      return Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as WarmRecord));
    },
    set: (key, record) => {
      records.set(key, JSON.stringify(record));
      return Promise.resolve();
    },
    delete: (key) => {
      records.delete(key);
      return Promise.resolve();
    },
  };
}

/** A record with nothing in it. */
export const EMPTY_WARM_RECORD: WarmRecord = { format: 1, catalogs: {}, results: [] };
