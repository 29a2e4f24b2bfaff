import type { Observable } from 'rxjs';
import type { Implementation } from '../../protocol/model/metadata.js';
import type { Diagnostic } from '../../session/types.js';
import type { ResultCache } from '../cache.js';
import type { Negotiated, NegotiationContext } from '../negotiate.js';
import type { WarmStart } from './option.js';

/** What a client tells its warm start when it is created. */
export interface WarmContext {
  readonly clientInfo: Implementation;
  /** The client's `protocol` option (part of the record's key). */
  readonly protocol: unknown;
  /** The authorization context of requests now (as the result cache sees it). */
  partition(): string | undefined;
  /** Reports a store that failed, on `diagnostics$`. */
  diagnose(diagnostic: Diagnostic): void;
}

/**
 * One client's warm start, as the client core calls it: the whole of the core's dependency on it. The
 * implementation lives in `rxmcp/warm` (src/client/warm/warm-start.ts).
 */
export interface WarmSession {
  /** Negotiates a connection, from the stored discovery while it is valid, else as `cold` does. */
  negotiate(context: NegotiationContext, cold: (context: NegotiationContext) => Observable<Negotiated>): Observable<Negotiated>;
  /** A negotiated connection's cache: it takes in the stored results when the server is theirs, and is stored in turn. */
  attach(cache: ResultCache): void;
  /** The stored catalog of `method` (`tools/list`, ...) while it is fresh, as a stale catalog state: once, or nothing. */
  stored<T>(method: string): Observable<StoredCatalogState<T>>;
  /** A connection is about to list `method`: until one list of it arrived, it comes from the server, not the store. */
  listing(method: string, cache: ResultCache): void;
  /** A catalog state of `method` on the connection of `cache` (`seed`: the items it started from); a new list is kept. */
  listed(method: string, state: ListedState, seed: readonly unknown[] | undefined, cache: ResultCache): void;
}

/** A stored catalog, as the live catalog emits it first (a `CatalogState` marked stale). */
export interface StoredCatalogState<T> {
  readonly items: readonly T[];
  readonly error: undefined;
  readonly stale: true;
  readonly refreshing: false;
}

/** What a warm start reads of a live catalog's state. */
export interface ListedState {
  readonly items: readonly unknown[] | undefined;
  readonly error: unknown;
  readonly refreshing: boolean;
}

/** What `warmStart()` of `rxmcp/warm` makes: a `WarmStart` whose `open` gives each client its session. */
export interface WarmHooks extends WarmStart {
  readonly open: (context: WarmContext) => WarmSession;
}
