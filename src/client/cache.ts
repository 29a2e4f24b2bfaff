import { Observable, asyncScheduler, finalize, share, tap } from 'rxjs';
import type { Params } from '../session/types.js';
import type { CallOptions } from './envelope.js';
import type { CallEvent } from './input-rounds.js';

/** How many results one connection's cache keeps at most: past it, expired entries go first, then the oldest. */
export const DEFAULT_CACHE_MAX_ENTRIES = 500;

/** The partition of `public` results while the authorization context is not known. */
export const PUBLIC_UNKNOWN = '\u0001';

/** The methods whose cached results a notification makes stale. */
const INVALIDATED_BY: Readonly<Record<string, readonly string[]>> = {
  'notifications/tools/list_changed': ['tools/list'],
  'notifications/prompts/list_changed': ['prompts/list'],
  'notifications/resources/list_changed': ['resources/list', 'resources/templates/list'],
};

/** One kept result. */
export interface CacheEntry {
  readonly result: unknown;
  readonly method: string;
  readonly uri: string | undefined;
  readonly freshUntil: number;
  readonly partition: string;
}

/** A stable text of the params that decide a result (`_meta` does not). */
function keyOf(method: string, params: Params | undefined, partition: string): string {
  const { _meta, ...rest } = params ?? {};
  void _meta;
  const sorted = Object.keys(rest).sort().map((name) => [name, rest[name]]);
  return `${method}\u0000${partition}\u0000${JSON.stringify(sorted)}`;
}

/**
 * What of a caller's options changes how a request runs, beside its params: two callers share one request in flight
 * only when they agree on these (a 100 ms limit must not cut a caller who gave 10 s; a caller who wants progress
 * must not join a request sent without a progress token). `undefined` when the options ask for nothing special.
 */
function runKeyOf(options: CallOptions): string | undefined {
  const { timeout, progress, cancellable, trace, meta, tool } = options;
  if (timeout === undefined && progress !== true && cancellable !== false && trace === undefined && meta === undefined && tool === undefined) return undefined;
  return JSON.stringify([timeout ?? null, progress === true, cancellable !== false, trace ?? null, meta ?? null, tool?.name ?? null]);
}

/** Whether the request is a round of a multi-round request: those are never cached (nor shared). */
const isRound = (params: Params | undefined): boolean => params !== undefined && ('inputResponses' in params || 'requestState' in params);

/** The cache hints of a decoded result, when it may be kept: complete, with `ttlMs` > 0. */
function hintsOf(result: unknown): { readonly ttlMs: number; readonly scope: string } | undefined {
  const value = result as { resultType?: unknown; ttlMs?: unknown; cacheScope?: unknown } | null;
  if (value === null || typeof value !== 'object' || value.resultType !== 'complete') return undefined;
  const ttl = typeof value.ttlMs === 'number' && Number.isFinite(value.ttlMs) ? value.ttlMs : 0;
  return ttl > 0 ? { ttlMs: ttl, scope: value.cacheScope === 'public' ? 'public' : 'private' } : undefined;
}

/**
 * The client's cache of 2026-07-28 cacheable results (`server/discover`, the lists, `resources/read`), by the rules
 * of the specification: a result is fresh for its `ttlMs` from when it arrived (none or 0: not kept); the key is the
 * method and the params that decide the result (each page is its own entry); `private` results are kept per
 * authorization context and only when the context is known; rounds of a multi-round request and `input_required`
 * answers are never kept; a matching `list_changed` or `resources/updated` makes entries stale at once. Identical
 * requests in flight at the same moment share one request, whether or not their result may be kept, when their
 * callers' options agree on how it runs (limits, progress, `_meta`).
 *
 * Each negotiated connection has its own cache (`ClientConnection.cache`): a new connection, perhaps to another
 * server behind the same URL, starts empty and never answers from what the last one said (a warm start fills it with
 * the stored results still fresh, only for the server they came from). It holds at most
 * `maxEntries` results, expired ones leaving first.
 */
export class ResultCache {
  /** The kept results by key, oldest first (a warm start reads and fills it). */
  readonly entries = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Observable<CallEvent<unknown>>>();
  /** Called after each change of what is kept (a result kept, entries dropped): a warm start stores them. */
  onChange: (() => void) | undefined;

  /**
   * @param partition The authorization context of requests now: `''` when there is no authorization at all,
   *   `undefined` when there is one but it is not known (private results are then not kept).
   */
  constructor(
    private readonly partition: () => string | undefined,
    private readonly maxEntries = DEFAULT_CACHE_MAX_ENTRIES,
  ) {}

  /** How many results are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The events of one cacheable request: a fresh cached result, the request in flight with the same key, or
   * `send$`, whose result is kept when its hints allow. With `fresh`, never the cached result (a listing that must
   * reflect the server now), though the new result is kept.
   */
  through(method: string, params: Params | undefined, options: CallOptions, send$: Observable<CallEvent<unknown>>): Observable<CallEvent<unknown>> {
    if (isRound(params)) return send$;
    const entryKey = keyOf(method, params, this.partition() ?? PUBLIC_UNKNOWN);
    const cached = options.fresh === true ? undefined : this.entries.get(entryKey);
    if (cached !== undefined) {
      if (asyncScheduler.now() < cached.freshUntil) return new Observable((subscriber) => {
        subscriber.next({ type: 'result', result: cached.result });
        subscriber.complete();
      });
      this.entries.delete(entryKey);
    }
    const runKey = runKeyOf(options);
    const key = runKey === undefined ? entryKey : `${entryKey}\u0000${runKey}`;
    const shared = options.fresh === true ? undefined : this.inFlight.get(key);
    if (shared !== undefined) return shared;
    const uri = typeof params?.['uri'] === 'string' ? params['uri'] : undefined;
    let rounds = false;
    const request$ = send$.pipe(
      tap((event) => {
        // A result that came after input rounds answers a retry: never kept.
        if (event.type === 'input-required') rounds = true;
        else if (event.type === 'result' && !rounds) this.keep(method, params, uri, event.result);
      }),
      finalize(() => {
        if (this.inFlight.get(key) === request$) this.inFlight.delete(key);
      }),
      share(),
    );
    this.inFlight.set(key, request$);
    return request$;
  }

  /** Makes stale what a notification says changed. */
  notified(method: string, params: Params | undefined): void {
    if (method === 'notifications/resources/updated') {
      const uri = params?.['uri'];
      this.drop((entry) => entry.method === 'resources/read' && entry.uri === uri);
      return;
    }
    const methods = INVALIDATED_BY[method];
    if (methods !== undefined) this.drop((entry) => methods.includes(entry.method));
  }

  /** Makes every entry of `method` stale (a cursor the server refused, a listening gap). */
  invalidate(method: string): void {
    this.drop((entry) => entry.method === method);
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear();
    this.onChange?.();
  }

  private keep(method: string, params: Params | undefined, uri: string | undefined, result: unknown): void {
    const hints = hintsOf(result);
    if (hints === undefined) return;
    const partition = hints.scope === 'public' ? this.partition() ?? PUBLIC_UNKNOWN : this.partition();
    if (partition === undefined) return;
    const key = keyOf(method, params, partition);
    const now = asyncScheduler.now();
    // Re-inserted, so that the map's order is the order of arrival and the oldest entry is the first.
    this.entries.delete(key);
    this.entries.set(key, { result, method, uri, freshUntil: now + hints.ttlMs, partition });
    this.bound(now);
    this.onChange?.();
  }

  /** Drops the expired entries, then the oldest ones, until the cache is within its bound (when it is past it). */
  bound(now: number): void {
    if (this.entries.size <= this.maxEntries) return;
    this.drop((entry) => entry.freshUntil <= now);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  private drop(stale: (entry: CacheEntry) => boolean): void {
    const before = this.entries.size;
    for (const [key, entry] of this.entries) if (stale(entry)) this.entries.delete(key);
    if (this.entries.size !== before) this.onChange?.();
  }
}
