import {
  EMPTY, Observable, ReplaySubject, catchError, concat, debounceTime, defer, endWith, filter, ignoreElements, map, merge, of,
  repeat, scan, share, switchMap, takeUntil, tap, timer,
} from 'rxjs';
import { McpError } from '../../errors/mcp-error.js';
import { TransportError } from '../../errors/errors.js';
import { hasCapability } from '../../protocol/model/capabilities.js';
import type { SubscriptionFilter } from '../../protocol/model/subscriptions.js';
import type { ClientCore } from '../core.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';
import type { ListenManager } from './listen.js';

/** What a live catalog knows: the last good list, and how fresh it is. */
export interface CatalogState<T> {
  /** The last list that loaded completely; `undefined` until the first listing succeeds. Never emptied by a failure. */
  readonly items: readonly T[] | undefined;
  /** Why the last refresh failed; `undefined` after a success. */
  readonly error: McpError | undefined;
  /** True when `items` may be out of date: a change was announced and not loaded yet, or the last refresh failed. */
  readonly stale: boolean;
  /** True while a refresh is in flight. */
  readonly refreshing: boolean;
}

/** Timing of live catalogs. */
export interface CatalogOptions {
  /** Changes closer together than this cause one refresh (default 100 ms). */
  readonly debounceMs?: number;
  /** How long a catalog keeps listening after its last subscriber left (default 1000 ms). */
  readonly graceMs?: number;
  /** Delays before re-opening after the connection dropped. */
  readonly backoff?: BackoffOptions;
}

/** Default debounce of catalog refreshes. */
export const DEFAULT_CATALOG_DEBOUNCE_MS = 100;
/** Default grace period of a catalog without subscribers. */
export const DEFAULT_CATALOG_GRACE_MS = 1000;

/** The initial state: nothing loaded yet. */
export const EMPTY_CATALOG: CatalogState<never> = { items: undefined, error: undefined, stale: true, refreshing: false };

type CatalogEvent<T> = { readonly type: 'changed' } | { readonly type: 'start' } | { readonly type: 'ok'; readonly items: readonly T[] } | { readonly type: 'fail'; readonly error: McpError };

interface Accumulated<T> {
  readonly state: CatalogState<T>;
  /** A change arrived after the refresh in flight started. */
  readonly changedSinceStart: boolean;
}

function step<T>({ state, changedSinceStart }: Accumulated<T>, event: CatalogEvent<T>): Accumulated<T> {
  switch (event.type) {
    case 'changed':
      return { state: { ...state, stale: true }, changedSinceStart: true };
    case 'start':
      return { state: { ...state, refreshing: true }, changedSinceStart: false };
    case 'ok':
      return { state: { items: event.items, error: undefined, stale: changedSinceStart, refreshing: false }, changedSinceStart };
    default:
      return { state: { ...state, error: event.error, stale: true, refreshing: false }, changedSinceStart };
  }
}

const asMcpError = (error: unknown): McpError => (McpError.is(error) ? error : TransportError.from(error));

/**
 * The refresh logic of a catalog, as a pure operator over a stream of change announcements: lists once at
 * subscription, then once per burst of changes (debounced); a newer refresh cancels the one in flight; a failure
 * keeps the last good items and reports the error beside them.
 *
 * **Temperature:** cold. **Emits:** a state per change (announced, refresh started, loaded, failed).
 * **Completes:** never by itself. **Errors:** never (failures are states). **Teardown:** cancels the refresh in flight.
 */
export function catalogState<T>(changes$: Observable<unknown>, list: () => Observable<readonly T[]>, debounceMs: number, seed: CatalogState<T> = EMPTY_CATALOG): Observable<CatalogState<T>> {
  return defer(() => {
    const shared$ = changes$.pipe(share());
    const refreshes$ = merge(of(null), shared$.pipe(debounceTime(debounceMs))).pipe(
      switchMap(() =>
        concat(
          of<CatalogEvent<T>>({ type: 'start' }),
          list().pipe(
            map((items): CatalogEvent<T> => ({ type: 'ok', items })),
            catchError((error: unknown) => of<CatalogEvent<T>>({ type: 'fail', error: asMcpError(error) })),
          ),
        ),
      ),
    );
    const events$ = merge(shared$.pipe(map((): CatalogEvent<T> => ({ type: 'changed' }))), refreshes$);
    return events$.pipe(
      scan(step<T>, { state: seed, changedSinceStart: false }),
      map((accumulated) => accumulated.state),
    );
  });
}

/** What distinguishes one catalog kind. */
export interface CatalogKind<T> {
  /** The legacy notification announcing a change. */
  readonly notification: string;
  /** The server capability that lists are announced under (e.g. `['tools', 'listChanged']`). */
  readonly capability: readonly string[];
  /** What to ask a 2026-07-28 listen stream for. */
  readonly listen: SubscriptionFilter;
  list(): Observable<readonly T[]>;
}

function changesOf<T>(core: ClientCore, listen: ListenManager, kind: CatalogKind<T>): Observable<unknown> {
  const announced$ = core.session.notifications$.pipe(filter((n) => n.method === kind.notification));
  const demand$ = core.ready().pipe(
    switchMap((n) => (n.server.era === 'modern' && hasCapability(n.server.capabilities, kind.capability) ? listen.need(kind.listen) : EMPTY)),
    catchError(() => EMPTY),
  );
  return merge(announced$, demand$);
}

/**
 * A live catalog: hot, replaying the latest state, lazy (the first subscriber lists), refreshed when the server
 * announces a change (legacy notification or 2026-07-28 listen stream), listening for `graceMs` after the last
 * subscriber leaves, and re-opened with backoff after the connection drops, keeping the last good items.
 *
 * **Temperature:** hot, shared, replaying the latest state. **Emits:** a state per change. **Completes:** after the
 * client is closed. **Errors:** never (a failed refresh is a state with `error`). **Teardown:** the last
 * subscriber's leaving stops listening after `graceMs` (the listen demand is dropped, the refresh in flight cancelled).
 */
export function liveCatalog<T>(core: ClientCore, listen: ListenManager, kind: CatalogKind<T>, options: CatalogOptions = {}): Observable<CatalogState<T>> {
  let last: CatalogState<T> = EMPTY_CATALOG;
  const closed = () => core.session.state.status === 'closed';
  const perConnection$ = defer(() => {
    if (closed()) return EMPTY;
    const ended$ = core.session.notifications$.pipe(ignoreElements(), endWith(0));
    const seed = last === EMPTY_CATALOG ? last : { ...last, stale: true };
    return catalogState(changesOf(core, listen, kind), () => kind.list(), options.debounceMs ?? DEFAULT_CATALOG_DEBOUNCE_MS, seed).pipe(
      takeUntil(ended$),
      tap((state) => (last = state)),
    );
  });
  return perConnection$.pipe(
    repeat({ delay: (count) => (closed() ? EMPTY : timer(backoffDelay(count, options.backoff))) }),
    share({
      connector: () => new ReplaySubject<CatalogState<T>>(1),
      resetOnRefCountZero: () => timer(options.graceMs ?? DEFAULT_CATALOG_GRACE_MS),
      resetOnComplete: true,
      resetOnError: true,
    }),
  );
}
