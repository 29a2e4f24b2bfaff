/** What a cursor store keeps of one subscription: its position and the ids of the last occurrences delivered. */
export interface StoredEventCursor {
  /** The position to resume from; `null` starts from now (also for a type without replay). */
  readonly cursor: string | null;
  /** The `eventId`s of the most recent occurrences delivered, oldest first: a replay skips them. */
  readonly seen: readonly string[];
}

/**
 * Where subscriptions keep their cursors between runs. Plain JSON values under string keys, each method may answer
 * at once or with a Promise, so an IndexedDB object store (`get`/`put`), a file or a database fits behind it.
 * `memoryCursorStore()` (the default) keeps them for the life of the process; `fileCursorStore(path)` of `rxmcp/node`
 * in a file.
 */
export interface EventCursorStore {
  /** The entry under `key`, or `undefined` when there is none. */
  load(key: string): StoredEventCursor | undefined | Promise<StoredEventCursor | undefined>;
  /** Replaces the entry under `key`. A subscription waits for it before it delivers the next occurrence. */
  save(key: string, value: StoredEventCursor): void | Promise<void>;
}

/** A cursor store in memory: the entries last as long as the store object. */
export function memoryCursorStore(): EventCursorStore {
  const entries = new Map<string, StoredEventCursor>();
  return {
    load: (key) => entries.get(key),
    save: (key, value) => {
      entries.set(key, value);
    },
  };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The store key of a subscription: the event type's name and its arguments as canonical JSON, after `scope`. */
export function eventCursorKey(name: string, args: Readonly<Record<string, unknown>> | undefined, scope = ''): string {
  return `${scope}${scope === '' ? '' : ' '}${name} ${canonical(args ?? {})}`;
}
