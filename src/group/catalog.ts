// A merged catalog over the members of a group. Each member is followed once, from the moment it joins until it
// leaves (never re-subscribed when another member joins), through its client's catalog and its connection state:
// the connection state is what tells a server that never answered from one that is still starting.
import {
  ReplaySubject, combineLatest, defer, distinctUntilChanged, map, merge, mergeMap, scan, share, startWith, takeUntil, type Observable,
} from 'rxjs';
import type { Client } from '../client/client-types.js';
import type { CatalogState } from '../client/live/catalog.js';
import type { ClientState } from '../client/live/client-state.js';
import { ConnectionClosedError, UnsupportedMethodError } from '../errors/errors.js';
import type { McpError } from '../errors/mcp-error.js';
import { joiners } from './joiners.js';
import type { Member } from './members.js';
import type { GroupCatalogState, GroupServerCatalog } from './types.js';

/** One server's list, for naming. */
export interface ServerList<S> {
  readonly server: string;
  readonly items: readonly S[];
}

/** What distinguishes one kind of merged catalog. */
export interface GroupKind<S, G> {
  /** The member client's catalog of this kind. */
  catalog(client: Client): Observable<CatalogState<S>>;
  /** Group items for every server's list at once (names may depend on all of them), in the same order. */
  name(lists: readonly ServerList<S>[]): readonly (readonly G[])[];
}

interface MemberView<S> {
  readonly state: ClientState;
  readonly catalog: CatalogState<S>;
}

interface Summary<S> extends GroupServerCatalog<S> {
  /** The server answered: a list, an error, or its connection failed. */
  readonly settled: boolean;
}

const NOTHING_YET: CatalogState<never> = { items: undefined, error: undefined, stale: true, refreshing: false };
const UNANSWERED: Summary<never> = { items: undefined, error: undefined, stale: true, refreshing: true, settled: false };

function connectionError(server: string, state: ClientState): McpError | undefined {
  if (state.status !== 'reconnecting' && state.status !== 'disconnected' && state.status !== 'failed' && state.status !== 'closed') return undefined;
  const error = state.status === 'closed' ? undefined : state.error;
  return error ?? new ConnectionClosedError(`The connection to "${server}" is ${state.status}`);
}

/** A server's catalog as the group counts it: a missing capability is an empty list, a lost connection an error. */
function summarize<S>(server: string, view: MemberView<S> | undefined): Summary<S> {
  if (view === undefined) return UNANSWERED;
  const { state, catalog } = view;
  if (catalog.items === undefined && UnsupportedMethodError.is(catalog.error)) {
    return { items: [], error: undefined, stale: false, refreshing: false, settled: true };
  }
  const down = connectionError(server, state);
  const settled = catalog.items !== undefined || catalog.error !== undefined || down !== undefined;
  return { items: catalog.items, error: catalog.error ?? down, stale: catalog.stale || down !== undefined, refreshing: catalog.refreshing || !settled, settled };
}

/** The namer, remembering its last answer so that unchanged lists keep the same group items (and arrays). */
function remembered<S, G>(name: GroupKind<S, G>['name']): (lists: readonly ServerList<S>[]) => { readonly perServer: readonly (readonly G[])[]; readonly all: readonly G[] } {
  let last: { lists: readonly ServerList<S>[]; perServer: readonly (readonly G[])[]; all: readonly G[] } | undefined;
  return (lists) => {
    const same = last !== undefined && last.lists.length === lists.length && lists.every((list, i) => list.server === last!.lists[i]?.server && list.items === last!.lists[i]?.items);
    if (!same || last === undefined) {
      const perServer = name(lists);
      last = { lists, perServer, all: perServer.flat() };
    }
    return last;
  };
}

function merged<S, G>(members: readonly Member[], views: ReadonlyMap<Member, MemberView<S>>, name: ReturnType<typeof remembered<S, G>>): GroupCatalogState<G> {
  const summaries = members.map((member) => ({ server: member.name, summary: summarize(member.name, views.get(member)) }));
  const loaded = summaries.filter((entry) => entry.summary.items !== undefined);
  const { perServer, all } = name(loaded.map(({ server, summary }) => ({ server, items: summary.items as readonly S[] })));
  const itemsOf = new Map(loaded.map((entry, index) => [entry.server, perServer[index] as readonly G[]]));
  const servers = new Map<string, GroupServerCatalog<G>>(
    summaries.map(({ server, summary }) => [server, { items: itemsOf.get(server), error: summary.error, stale: summary.stale, refreshing: summary.refreshing }]),
  );
  const error = summaries.find((entry) => entry.summary.error !== undefined)?.summary.error;
  const everyoneAnswered = summaries.every((entry) => entry.summary.settled);
  return {
    items: loaded.length > 0 || (everyoneAnswered && error === undefined) ? all : undefined,
    stale: summaries.some((entry) => entry.summary.stale),
    refreshing: summaries.some((entry) => entry.summary.refreshing),
    error,
    servers,
  };
}

function sameServers<G>(a: ReadonlyMap<string, GroupServerCatalog<G>>, b: ReadonlyMap<string, GroupServerCatalog<G>>): boolean {
  if (a.size !== b.size) return false;
  const right = [...b];
  return [...a].every(([server, x], i) => {
    const [otherServer, y] = right[i] as [string, GroupServerCatalog<G>];
    return server === otherServer && x.items === y.items && x.error === y.error && x.stale === y.stale && x.refreshing === y.refreshing;
  });
}

const sameState = <G>(a: GroupCatalogState<G>, b: GroupCatalogState<G>): boolean =>
  a.items === b.items && a.stale === b.stale && a.refreshing === b.refreshing && a.error === b.error && sameServers(a.servers, b.servers);

/** One member's view while it is in the group: `undefined` once it left (a view that just completed stays). */
function followed<S>(member: Member, kind: GroupKind<S, unknown>): Observable<readonly [Member, MemberView<S> | undefined]> {
  const view$ = combineLatest([member.client.state$, kind.catalog(member.client).pipe(startWith(NOTHING_YET))]).pipe(
    map(([state, catalog]) => [member, { state, catalog }] as const),
    takeUntil(member.removed$),
  );
  return merge(view$, member.removed$.pipe(map(() => [member, undefined] as const)));
}

/**
 * The merged catalog of one kind over the members of a group.
 *
 * **Temperature:** hot, shared, replaying the latest state; lazy (the first subscriber subscribes every member's
 * catalog, which lists). **Emits:** a state whenever it changes (a member's list, freshness or connection; a member
 * joining or leaving). **Completes:** when the group is closed. **Errors:** never. **Teardown:** the last
 * subscriber's leaving unsubscribes every member's catalog.
 */
export function groupCatalog<S, G>(members$: Observable<readonly Member[]>, kind: GroupKind<S, G>): Observable<GroupCatalogState<G>> {
  return defer(() => {
    const name = remembered(kind.name);
    const views$ = joiners(members$).pipe(
      mergeMap((member) => followed(member, kind)),
      scan((views, [member, view]) => {
        const next = new Map(views);
        if (view === undefined) next.delete(member);
        else next.set(member, view);
        return next;
      }, new Map<Member, MemberView<S>>()),
      startWith(new Map<Member, MemberView<S>>()),
    );
    return combineLatest([members$, views$]).pipe(
      map(([list, views]) => merged(list, views, name)),
      distinctUntilChanged(sameState),
    );
  }).pipe(share({ connector: () => new ReplaySubject<GroupCatalogState<G>>(1), resetOnRefCountZero: true, resetOnComplete: true, resetOnError: true }));
}
