import {
  EMPTY, Observable, ReplaySubject, catchError, concat, debounceTime, defer, filter, map, merge, of, scan, share, switchMap, takeUntil,
  tap, timer,
} from 'rxjs';
import { McpError } from '../../errors/mcp-error.js';
import { TransportError } from '../../errors/errors.js';
import { hasCapability } from '../../protocol/model/capabilities.js';
import type { SubscriptionFilter } from '../../protocol/model/subscriptions.js';
import type { ClientConnection } from '../client-connection.js';
import type { ClientCore } from '../core.js';
import type { CatalogOptions } from '../types.js';
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
 * keeps the last good items and reports the error beside them. A lapse (`lapses$`: changes may go unannounced for
 * a while) marks the items stale without listing; the next change lists again.
 *
 * **Temperature:** cold. **Emits:** a state per change (announced, lapse, refresh started, loaded, failed).
 * **Completes:** never by itself. **Errors:** never (failures are states). **Teardown:** cancels the refresh in flight.
 */
export function catalogState<T>(
  changes$: Observable<unknown>,
  list: () => Observable<readonly T[]>,
  debounceMs: number,
  seed: CatalogState<T> = EMPTY_CATALOG,
  lapses$: Observable<unknown> = EMPTY,
): Observable<CatalogState<T>> {
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
    // A lapse is a change that may have happened: stale at once, listed again only once changes are announced again.
    const events$ = merge(merge(shared$, lapses$).pipe(map((): CatalogEvent<T> => ({ type: 'changed' }))), refreshes$);
    return events$.pipe(
      scan(step<T>, { state: seed, changedSinceStart: false }),
      map((accumulated) => accumulated.state),
    );
  });
}

/** What distinguishes one catalog kind. */
export interface CatalogKind<T> {
  /** The list request (`tools/list`, ...): the name a warm start keeps the catalog under. */
  readonly method: string;
  /** The notification announcing a change (on the connection, or on a listen stream). */
  readonly notification: string;
  /** The server capability that lists are announced under (e.g. `['tools', 'listChanged']`). */
  readonly capability: readonly string[];
  /** What to ask a listen stream for. */
  readonly listen: SubscriptionFilter;
  /** Every page of the list, on this connection. */
  list(ready: ClientConnection): Observable<readonly T[]>;
}

/** Whether one catalog on one connection is kept fresh by the listen stream. */
const listensOn = <T>(kind: CatalogKind<T>, ready: ClientConnection): boolean =>
  ready.policy.revision.listChanges === 'listen' && hasCapability(ready.server.capabilities, kind.capability);

/** The changes of one catalog on one connection: its notifications, and on listen revisions the stream's gaps. */
function changesOn<T>(listen: ListenManager, kind: CatalogKind<T>, ready: ClientConnection): Observable<unknown> {
  const announced$ = ready.connection.notifications$.pipe(filter((n) => n.method === kind.notification));
  if (!listensOn(kind, ready)) return announced$;
  return merge(announced$, listen.need(kind.listen), listen.reopened$.pipe(filter((r) => r === ready)));
}

/** The lapses of the listen stream that keeps one catalog fresh on one connection (none without one). */
function lapsesOn<T>(listen: ListenManager, kind: CatalogKind<T>, ready: ClientConnection): Observable<unknown> {
  return listensOn(kind, ready) ? listen.lapsed$.pipe(filter((r) => r === ready)) : EMPTY;
}

/**
 * A live catalog: hot, replaying the latest state, lazy (the first subscriber lists), refreshed when the server
 * announces a change (a notification, or on 2026-07-28 the listen stream) and whenever a listen stream came back
 * after a gap; marked stale while the listen stream that keeps it fresh has lapsed. It belongs to the client, not to a connection: when the connection is lost it keeps the last good
 * items (marked stale) and lists again on the next one (the client reconnects while the catalog is subscribed).
 *
 * **Temperature:** hot, shared, replaying the latest state. **Emits:** a state per change. **Completes:** after the
 * client is closed. **Errors:** never (a failed refresh is a state with `error`). **Teardown:** the last
 * subscriber's leaving stops listening after `graceMs` (the listen demand is dropped, the refresh in flight cancelled).
 */
export function liveCatalog<T>(core: ClientCore, listen: ListenManager, kind: CatalogKind<T>, options: CatalogOptions = {}): Observable<CatalogState<T>> {
  let last: CatalogState<T> = EMPTY_CATALOG;
  const debounceMs = options.debounceMs ?? DEFAULT_CATALOG_DEBOUNCE_MS;
  const { warm } = core;
  const onConnection = (ready: ClientConnection): Observable<CatalogState<T>> => {
    const seed = last === EMPTY_CATALOG ? last : { ...last, stale: true };
    const changes$ = changesOn(listen, kind, ready);
    warm?.listing(kind.method, ready.cache);
    const live$ = catalogState(changes$, () => kind.list(ready), debounceMs, seed, lapsesOn(listen, kind, ready)).pipe(
      tap((state) => warm?.listed(kind.method, state, seed.items, ready.cache)),
      takeUntil(ready.ended$),
    );
    // The connection is gone: what is known may be out of date until the next connection lists again.
    const lost$ = defer(() => (last.stale && !last.refreshing ? EMPTY : of<CatalogState<T>>({ ...last, stale: true, refreshing: false })));
    return concat(live$, lost$);
  };
  // A warm start's stored catalog comes first, marked stale, while the first connection lists again.
  return concat(warm?.stored<T>(kind.method) ?? EMPTY, core.live$.pipe(switchMap(onConnection))).pipe(
    tap((state) => (last = state)),
    share({
      connector: () => new ReplaySubject<CatalogState<T>>(1),
      resetOnRefCountZero: () => timer(options.graceMs ?? DEFAULT_CATALOG_GRACE_MS),
      resetOnComplete: true,
      resetOnError: true,
    }),
  );
}
