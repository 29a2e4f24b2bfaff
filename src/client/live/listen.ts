import {
  BehaviorSubject, EMPTY, NEVER, Observable, Subject, defer, distinctUntilChanged, ignoreElements, map, repeat, retry, share, switchMap, tap, timer,
} from 'rxjs';
import { McpError } from '../../errors/mcp-error.js';
import type { SubscriptionFilter } from '../../protocol/model/subscriptions.js';
import type { ClientConnection } from '../client-connection.js';
import type { ClientCore } from '../core.js';
import type { CatalogOptions } from '../types.js';
import { backoffDelay } from './backoff.js';
import { DEFAULT_LISTEN_ACK_TIMEOUT_MS, DEFAULT_LISTEN_HEALTHY_MS, healthyAfter, isAckTimeout, listenOnce } from './listen-stream.js';

/** The client's `subscriptions/listen` stream: one per connection, for every kind currently needed. */
export interface ListenManager {
  /**
   * Holds a demand for these kinds on the client's listen stream while subscribed (and keeps the client connected).
   * **Temperature:** cold. **Emits:** nothing. **Completes:** when the client is closed. **Errors:** never.
   * **Teardown:** drops the demand; the stream is re-opened without it, or closed when nothing is needed.
   */
  need(kinds: SubscriptionFilter): Observable<never>;
  /**
   * A connection whose listen stream came back after a lapse (see `lapsed$`): it is acknowledged again, and what it
   * covers may have changed unannounced meanwhile. Not emitted for the first acknowledgement of a connection that
   * had no lapse before it.
   * **Temperature:** hot. **Emits:** the connection. **Completes:** never. **Errors:** never.
   */
  readonly reopened$: Observable<ClientConnection>;
  /**
   * A connection whose listen stream stopped keeping what it covers fresh: it dropped, the server ended it, it
   * failed, or it was not acknowledged within `listenAckTimeoutMs`. It is re-opened with backoff; until it is
   * acknowledged again (`reopened$`), changes go unannounced.
   * **Temperature:** hot. **Emits:** the connection, once per lapse. **Completes:** never. **Errors:** never.
   */
  readonly lapsed$: Observable<ClientConnection>;
}

function union(demands: Iterable<SubscriptionFilter>): SubscriptionFilter {
  const uris = new Set<string>();
  const tasks = new Set<string>();
  const result: { toolsListChanged?: true; promptsListChanged?: true; resourcesListChanged?: true; resourceSubscriptions?: string[]; taskIds?: string[]; eventsListChanged?: true } = {};
  for (const demand of demands) {
    if (demand.toolsListChanged) result.toolsListChanged = true;
    if (demand.promptsListChanged) result.promptsListChanged = true;
    if (demand.resourcesListChanged) result.resourcesListChanged = true;
    if (demand.eventsListChanged) result.eventsListChanged = true;
    for (const uri of demand.resourceSubscriptions ?? []) uris.add(uri);
    for (const id of demand.taskIds ?? []) tasks.add(id);
  }
  if (uris.size > 0) result.resourceSubscriptions = [...uris].sort();
  if (tasks.size > 0) result.taskIds = [...tasks].sort();
  return result;
}

const key = (kinds: SubscriptionFilter): string => JSON.stringify(kinds);

/** The listen streams of one connection: whether one lapsed since the last acknowledgement, and where to tell it. */
interface ConnectionListen {
  readonly ready: ClientConnection;
  lapsed: boolean;
  readonly reopened: Subject<ClientConnection>;
  readonly lapses: Subject<ClientConnection>;
}

/** Why a listen stream is being re-opened, for the `listen-retry` diagnostic. */
function whyFailed(error: unknown): string {
  if (isAckTimeout(error)) return `was not acknowledged within ${error.ms} ms`;
  return `failed (${error instanceof Error ? error.message : String(error)})`;
}

/**
 * The listen stream of one connection for `kinds`: re-opened with backoff, each time with a `listen-retry`
 * diagnostic and a lapse on `lapsed$`, when the server ends it, it fails or it is not acknowledged in time, while the
 * connection lasts. The backoff starts over only once a stream has stayed acknowledged and open for `healthyMs`.
 * The first acknowledgement after a lapse announces the gap on `reopened$` (and clears the result cache).
 */
function listenLoop(core: ClientCore, at: ConnectionListen, kinds: SubscriptionFilter, options: CatalogOptions): Observable<never> {
  const backoff = options.backoff ?? {};
  const healthyMs = backoff.healthyMs ?? DEFAULT_LISTEN_HEALTHY_MS;
  const ackTimeoutMs = options.listenAckTimeoutMs ?? DEFAULT_LISTEN_ACK_TIMEOUT_MS;
  return defer(() => {
    let attempt = 0;
    const again = (why: string, error?: unknown) => {
      if (at.ready.connection.end !== undefined) return EMPTY;
      at.lapsed = true;
      at.lapses.next(at.ready);
      attempt += 1;
      const delay = backoffDelay(attempt, backoff);
      const message = `The listen stream ${why}: re-opening in ${delay} ms (attempt ${attempt})`;
      core.diagnose({ kind: 'listen-retry', message, value: kinds, ...(McpError.is(error) ? { error } : {}) });
      return timer(delay);
    };
    const acknowledged = () => {
      if (!at.lapsed) return;
      at.lapsed = false;
      // A gap: whatever the stream would have announced meanwhile may have changed, cached results included.
      at.ready.cache.clear();
      at.reopened.next(at.ready);
    };
    return listenOnce(at.ready, kinds, ackTimeoutMs).pipe(
      tap(acknowledged),
      healthyAfter(healthyMs, () => (attempt = 0)),
      repeat({ delay: () => again('was ended by the server') }),
      retry({ delay: (error: unknown) => again(whyFailed(error), error) }),
      ignoreElements(),
    );
  });
}

/** Creates the client's listen manager. Connections without listen streams hold the demands and send nothing. */
export function createListenManager(core: ClientCore, options: CatalogOptions = {}): ListenManager {
  const demands = new BehaviorSubject<ReadonlyMap<object, SubscriptionFilter>>(new Map());
  const reopened = new Subject<ClientConnection>();
  const lapses = new Subject<ClientConnection>();
  const kinds$ = demands.pipe(map((all) => union(all.values())), distinctUntilChanged((a, b) => key(a) === key(b)));
  const onConnection = (ready: ClientConnection): Observable<never> => {
    if (ready.policy.revision.listChanges !== 'listen') return NEVER;
    const at: ConnectionListen = { ready, lapsed: false, reopened, lapses };
    return kinds$.pipe(switchMap((kinds) => (Object.keys(kinds).length === 0 ? NEVER : listenLoop(core, at, kinds, options))));
  };
  const stream$ = core.live$.pipe(switchMap(onConnection), share());
  const need = (kinds: SubscriptionFilter): Observable<never> =>
    new Observable<never>((subscriber) => {
      const token = {};
      demands.next(new Map(demands.value).set(token, kinds));
      const loop = stream$.subscribe({ complete: () => subscriber.complete() });
      return () => {
        const next = new Map(demands.value);
        next.delete(token);
        demands.next(next);
        loop.unsubscribe();
      };
    });
  return { need, reopened$: reopened.asObservable(), lapsed$: lapses.asObservable() };
}
