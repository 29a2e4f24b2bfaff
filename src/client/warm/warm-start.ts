import { asyncScheduler, filter, from, map, switchMap, tap, type Observable } from 'rxjs';
import type { DiscoverResult } from '../../protocol/model/lifecycle.js';
import type { Implementation } from '../../protocol/model/metadata.js';
import type { Diagnostic } from '../../session/types.js';
import type { ResultCache } from '../cache.js';
import type { Negotiated, NegotiationContext } from '../negotiate.js';
import type { ServerSession } from '../server-session.js';
import { freshUntil, restore, snapshot } from './cache-records.js';
import type { ListedState, StoredCatalogState, WarmContext, WarmHooks, WarmSession } from './hooks.js';
import type { WarmStart } from './option.js';
import { fromKnown } from './known-negotiation.js';
import { EMPTY_WARM_RECORD, type StoredCatalog, type StoredDiscovery, type StoredResult, type WarmRecord, type WarmStore } from './store.js';

/** `ClientOptions.warmStart`: where a client keeps what it learnt of its server, and under which name. */
export interface WarmStartOptions {
  /** Where records are kept between runs. */
  readonly store: WarmStore;
  /**
   * The server as the application names it: its URL, or its command line. The record's key is this, the client's
   * `clientInfo` and its `protocol` option together.
   */
  readonly server: string;
}

/** The cache hints of a `server/discover` result. */
export interface DiscoveryHints {
  readonly ttlMs: number;
  readonly cacheScope: 'public' | 'private';
}

/** The cache hints of a `server/discover` result (a missing `ttlMs` keeps nothing; a missing scope is `private`). */
export const hintsOf = (result: DiscoverResult): DiscoveryHints => ({ ttlMs: result.ttlMs ?? 0, cacheScope: result.cacheScope === 'public' ? 'public' : 'private' });

/** The key of a server's record in a warm store. */
export function warmKey(server: string, clientInfo: Implementation, protocol: unknown): string {
  return JSON.stringify([server, clientInfo.name, clientInfo.version, protocol ?? 'auto']);
}

const sameServer = (a: ServerSession, b: ServerSession): boolean =>
  a.era === b.era && a.protocolVersion === b.protocolVersion && JSON.stringify(a.serverInfo) === JSON.stringify(b.serverInfo);

/** A discovery read back from JSON, with the fields JSON leaves out when `undefined` in place again. */
function revived(discovery: StoredDiscovery | undefined): StoredDiscovery | undefined {
  if (discovery === undefined) return undefined;
  const { server } = discovery;
  return { ...discovery, server: { ...server, serverInfo: server.serverInfo ?? undefined, instructions: server.instructions ?? undefined } };
}

type Mutable = { -readonly [K in keyof WarmRecord]: WarmRecord[K] };

/**
 * One client's warm start: reads its server's record once, hands out what is still valid by the server's cache
 * hints (the discovery, catalogs, cached results) and writes back what the client learns, one write at a time (the
 * latest record wins). Nothing whose hints forbid keeping it (no `ttlMs`, 0) is written; nothing expired is handed
 * out. A store that fails is reported as a diagnostic and the client goes on cold.
 */
export class WarmStartSession implements WarmSession {
  private record: Mutable | undefined;
  /** Whether the last negotiated server is the one the record describes (its stored results may answer). */
  private same = false;
  /** The catalogs listed from the server once already. */
  private readonly fromServer = new Set<string>();
  private loading: Promise<Mutable> | undefined;
  private writing = false;
  private dirty = false;

  constructor(
    private readonly options: WarmStartOptions,
    private readonly key: string,
    private readonly partition: () => string | undefined,
    private readonly diagnose: (diagnostic: Diagnostic) => void,
  ) {}

  /** One client's warm start, from what the client tells it. */
  static open(options: WarmStartOptions, context: WarmContext): WarmStartSession {
    return new WarmStartSession(options, warmKey(options.server, context.clientInfo, context.protocol), () => context.partition(), (d) => context.diagnose(d));
  }

  negotiate(context: NegotiationContext, cold: (context: NegotiationContext) => Observable<Negotiated>): Observable<Negotiated> {
    return this.seed().pipe(
      switchMap((seed) => fromKnown(context, seed?.server) ?? cold(context)),
      tap(({ server, discovered }) => (this.same = this.negotiated(server, discovered === undefined ? undefined : hintsOf(discovered)))),
    );
  }

  attach(cache: ResultCache): void {
    // The stored results answer only for the server they came from; what this connection keeps is stored in turn.
    if (this.same) restore(cache, this.results());
    cache.onChange = () => this.keepResults(snapshot(cache));
  }

  stored<T>(method: string): Observable<StoredCatalogState<T>> {
    return from(this.catalog(method)).pipe(
      filter((stored) => stored !== undefined),
      map((stored) => ({ items: stored.items as readonly T[], error: undefined, stale: true, refreshing: false })),
    );
  }

  listing(method: string, cache: ResultCache): void {
    // Listed from the server, never from what was stored: the stored catalog is what is being refreshed.
    if (!this.fromServer.has(method)) cache.invalidate(method);
  }

  listed(method: string, state: ListedState, seed: readonly unknown[] | undefined, cache: ResultCache): void {
    if (state.items === seed || state.items === undefined || state.refreshing || state.error !== undefined) return;
    this.fromServer.add(method);
    this.keepCatalog(method, state.items, freshUntil(cache, method, this.partition()));
  }

  /** The stored discovery while it is valid: a 2026-07-28 one within its ttl, a legacy server's era. Emits once. */
  seed(): Observable<StoredDiscovery | undefined> {
    return from(this.load()).pipe(map((record) => revived(this.valid(record.discovery))));
  }

  /**
   * Takes in what negotiation agreed (`hints`: those of the `server/discover` result it read, if it read one) and
   * says whether the server is the one the record describes, so that its stored results may answer.
   */
  negotiated(server: ServerSession, hints: DiscoveryHints | undefined): boolean {
    const record = this.record ?? { ...EMPTY_WARM_RECORD };
    const stored = record.discovery;
    const same = stored !== undefined && sameServer(stored.server, server);
    if (!same) record.results = [];
    if (server.era === 'legacy') record.discovery = { server, obtainedAt: asyncScheduler.now() };
    else if (hints !== undefined) record.discovery = this.discovery(server, hints);
    this.record = record;
    this.save();
    return same;
  }

  /** A stored catalog of `method` (`tools/list`, ...) while it is fresh, for the authorization context now. */
  catalog(method: string): Promise<StoredCatalog | undefined> {
    return this.load().then((record) => {
      const catalog = record.catalogs[method];
      const partition = this.partition();
      return catalog !== undefined && catalog.freshUntil > asyncScheduler.now() && catalog.partition === partition ? catalog : undefined;
    });
  }

  /** Keeps a catalog loaded from the server while its pages are fresh until `freshUntil`; forgets it otherwise. */
  keepCatalog(method: string, items: readonly unknown[], freshUntil: number | undefined): void {
    const record = this.record;
    if (record === undefined) return;
    const partition = this.partition();
    const { [method]: _old, ...others } = record.catalogs;
    void _old;
    const keep = freshUntil !== undefined && freshUntil > asyncScheduler.now() && partition !== undefined;
    record.catalogs = keep ? { ...others, [method]: { items, freshUntil, partition } } : others;
    this.save();
  }

  /** The stored results (the cache takes in those still fresh). */
  results(): readonly StoredResult[] {
    return this.record?.results ?? [];
  }

  /** Replaces the stored results with the cache's fresh entries. */
  keepResults(results: readonly StoredResult[]): void {
    if (this.record === undefined) return;
    this.record.results = results;
    this.save();
  }

  private discovery(server: ServerSession, hints: DiscoveryHints): StoredDiscovery | undefined {
    const now = asyncScheduler.now();
    if (!(hints.ttlMs > 0)) return undefined;
    const base = { server, obtainedAt: now, freshUntil: now + hints.ttlMs };
    if (hints.cacheScope === 'public') return base;
    const partition = this.partition();
    return partition === undefined ? undefined : { ...base, partition };
  }

  private valid(discovery: StoredDiscovery | undefined): StoredDiscovery | undefined {
    if (discovery === undefined) return undefined;
    if (discovery.server.era === 'legacy') return discovery.freshUntil === undefined ? discovery : undefined;
    if (discovery.freshUntil === undefined || discovery.freshUntil <= asyncScheduler.now()) return undefined;
    return discovery.partition === undefined || discovery.partition === this.partition() ? discovery : undefined;
  }

  private load(): Promise<Mutable> {
    this.loading ??= this.options.store.get(this.key).then(
      (stored) => (this.record ??= stored?.format === 1 ? { ...EMPTY_WARM_RECORD, ...stored } : { ...EMPTY_WARM_RECORD }),
      (error: unknown) => {
        this.report('read', error);
        return (this.record ??= { ...EMPTY_WARM_RECORD });
      },
    );
    return this.loading;
  }

  /** Writes the record; a change made while a write is under way is written right after it. */
  private save(): void {
    if (this.writing) {
      this.dirty = true;
      return;
    }
    const record = this.record;
    if (record === undefined) return;
    this.writing = true;
    this.dirty = false;
    this.options.store.set(this.key, { ...record }).then(
      () => this.written(),
      (error: unknown) => {
        this.report('write', error);
        this.written();
      },
    );
  }

  private written(): void {
    this.writing = false;
    if (this.dirty) this.save();
  }

  private report(what: 'read' | 'write', error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.diagnose({ kind: 'warm-store-failed', message: `The warm start store could not ${what} the record of ${this.options.server}: ${message}` });
  }
}

/**
 * A warm start for `ClientOptions.warmStart`: what a client learns of its server (the negotiated discovery, the
 * catalogs, cacheable results) is kept in `store` under `server` and used by the next client of the same server,
 * within the server's cache hints (docs/warm-start.md).
 *
 * **Temperature:** not a stream (a value for the client's options). **Emits:** nothing. **Completes:** not
 * applicable. **Errors:** never; a store that fails is a `warm-store-failed` diagnostic of the client.
 * **Teardown:** none; each client reads its record once and writes it after each change.
 */
export function warmStart(options: WarmStartOptions): WarmStart {
  const hooks: WarmHooks = { open: (context) => WarmStartSession.open(options, context) };
  return hooks;
}
