import {
  BehaviorSubject, EMPTY, NEVER, Observable, Subject, Subscription, defer, distinctUntilChanged, filter, map, repeat, retry, share, switchMap, take,
  tap, timer,
} from 'rxjs';
import type { RequestId } from '../../protocol/jsonrpc.js';
import type { SubscriptionFilter } from '../../protocol/model/subscriptions.js';
import { TASKS_EXTENSION } from '../../protocol/model/tasks-extension.js';
import type { ClientConnection } from '../client-connection.js';
import type { ClientCore } from '../core.js';
import type { BackoffOptions } from '../types.js';
import { backoffDelay } from './backoff.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** The client's `subscriptions/listen` stream: one per connection, for every kind currently needed. */
export interface ListenManager {
  /**
   * Holds a demand for these kinds on the client's listen stream while subscribed (and keeps the client connected).
   * **Temperature:** cold. **Emits:** nothing. **Completes:** when the client is closed. **Errors:** never.
   * **Teardown:** drops the demand; the stream is re-opened without it, or closed when nothing is needed.
   */
  need(kinds: SubscriptionFilter): Observable<never>;
  /**
   * A connection whose listen stream came back after a gap (it dropped, or the server ended it, and was re-opened):
   * what it covers may have changed unannounced meanwhile. Not emitted for the first stream of a connection.
   * **Temperature:** hot. **Emits:** the connection. **Completes:** never. **Errors:** never.
   */
  readonly reopened$: Observable<ClientConnection>;
}

function union(demands: Iterable<SubscriptionFilter>): SubscriptionFilter {
  const uris = new Set<string>();
  const tasks = new Set<string>();
  const result: { toolsListChanged?: true; promptsListChanged?: true; resourcesListChanged?: true; resourceSubscriptions?: string[]; taskIds?: string[] } = {};
  for (const demand of demands) {
    if (demand.toolsListChanged) result.toolsListChanged = true;
    if (demand.promptsListChanged) result.promptsListChanged = true;
    if (demand.resourcesListChanged) result.resourcesListChanged = true;
    for (const uri of demand.resourceSubscriptions ?? []) uris.add(uri);
    for (const id of demand.taskIds ?? []) tasks.add(id);
  }
  if (uris.size > 0) result.resourceSubscriptions = [...uris].sort();
  if (tasks.size > 0) result.taskIds = [...tasks].sort();
  return result;
}

const key = (kinds: SubscriptionFilter): string => JSON.stringify(kinds);

function tagged(params: Readonly<Record<string, unknown>> | undefined, id: RequestId | undefined): boolean {
  const meta = params?.['_meta'] as Readonly<Record<string, unknown>> | undefined;
  return id !== undefined && meta?.[SUBSCRIPTION_ID] === id;
}

/** One listen request on `ready`, emitting its acknowledgements; completes when the server ends it (result or cancel). */
function listenOnce(core: ClientCore, ready: ClientConnection, kinds: SubscriptionFilter): Observable<SubscriptionFilter> {
  return new Observable<SubscriptionFilter>((subscriber) => {
    let listenId: RequestId | undefined;
    const notifications$ = ready.connection.notifications$;
    const acks$ = notifications$.pipe(
      filter((n) => n.method === 'notifications/subscriptions/acknowledged' && tagged(n.params, listenId)),
      map((n) => (n.params?.['notifications'] ?? {}) as SubscriptionFilter),
    );
    const endedByServer$ = notifications$.pipe(filter((n) => n.method === 'notifications/cancelled' && listenId !== undefined && n.params?.['requestId'] === listenId), take(1));
    const params = { notifications: kinds };
    // Task ids belong to the tasks extension: a listen that asks for them declares it.
    const callOptions = kinds.taskIds?.length ? { extensions: { [TASKS_EXTENSION]: {} } } : {};
    const options = { ...ready.policy.requestOptions('subscriptions/listen', params, callOptions, core.logLevel), timeout: false as const, onRequestId: (id: RequestId) => (listenId = id) };
    const subscriptions = new Subscription();
    subscriptions.add(acks$.subscribe((ack) => subscriber.next(ack)));
    subscriptions.add(endedByServer$.subscribe(() => subscriber.complete()));
    subscriptions.add(
      ready.connection.requestEvents('subscriptions/listen', params, options).subscribe({
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    );
    return subscriptions;
  });
}

/**
 * The listen stream of one connection for `kinds`: re-opened with backoff, each time with a `listen-retry`
 * diagnostic, when the server ends it or it fails while the connection lasts; every acknowledgement after the first
 * announces a gap on `reopened`.
 */
function listenLoop(core: ClientCore, ready: ClientConnection, kinds: SubscriptionFilter, backoff: BackoffOptions, reopened: Subject<ClientConnection>): Observable<never> {
  return defer(() => {
    let acks = 0;
    let attempt = 0;
    const again = (why: string) => {
      if (ready.connection.end !== undefined) return EMPTY;
      attempt += 1;
      const delay = backoffDelay(attempt, backoff);
      core.diagnose({ kind: 'listen-retry', message: `The listen stream ${why}: re-opening in ${delay} ms (attempt ${attempt})`, value: kinds });
      return timer(delay);
    };
    return listenOnce(core, ready, kinds).pipe(
      tap(() => {
        acks += 1;
        attempt = 0;
        if (acks > 1) {
          // A gap: whatever the stream would have announced meanwhile may have changed, cached results included.
          ready.cache.clear();
          reopened.next(ready);
        }
      }),
      repeat({ delay: () => again('was ended by the server') }),
      retry({ delay: (error: unknown) => again(`failed (${error instanceof Error ? error.message : String(error)})`) }),
      switchMap(() => EMPTY),
    );
  });
}

/** Creates the client's listen manager. Connections without listen streams hold the demands and send nothing. */
export function createListenManager(core: ClientCore, backoff: BackoffOptions = {}): ListenManager {
  const demands = new BehaviorSubject<ReadonlyMap<object, SubscriptionFilter>>(new Map());
  const reopened = new Subject<ClientConnection>();
  const kinds$ = demands.pipe(map((all) => union(all.values())), distinctUntilChanged((a, b) => key(a) === key(b)));
  const stream$ = core.live$.pipe(
    switchMap((ready) =>
      ready.policy.revision.listChanges !== 'listen'
        ? NEVER
        : kinds$.pipe(switchMap((kinds) => (Object.keys(kinds).length === 0 ? NEVER : listenLoop(core, ready, kinds, backoff, reopened)))),
    ),
    share(),
  );
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
  return { need, reopened$: reopened.asObservable() };
}
