import {
  BehaviorSubject, NEVER, Observable, Subscription, distinctUntilChanged, filter, map, repeat, retry, share, switchMap, take, timer,
} from 'rxjs';
import type { RequestId } from '../../protocol/jsonrpc.js';
import type { SubscriptionFilter } from '../../protocol/model/subscriptions.js';
import type { ClientCore } from '../core.js';
import { requestOptionsFor } from '../envelope.js';
import type { Negotiated } from '../negotiate.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** One listen stream per client for every kind currently needed (2026-07-28 `subscriptions/listen`). */
export interface ListenManager {
  /**
   * Holds a demand for these kinds on the client's listen stream while subscribed.
   * **Temperature:** cold. **Emits:** nothing. **Completes:** never. **Errors:** never.
   * **Teardown:** drops the demand; the stream is re-opened without it, or closed when nothing is needed.
   */
  need(kinds: SubscriptionFilter): Observable<never>;
  /** What the server acknowledged for the current stream. Hot. */
  readonly acknowledged$: Observable<SubscriptionFilter>;
}

function union(demands: Iterable<SubscriptionFilter>): SubscriptionFilter {
  const uris = new Set<string>();
  const result: { toolsListChanged?: true; promptsListChanged?: true; resourcesListChanged?: true; resourceSubscriptions?: string[] } = {};
  for (const demand of demands) {
    if (demand.toolsListChanged) result.toolsListChanged = true;
    if (demand.promptsListChanged) result.promptsListChanged = true;
    if (demand.resourcesListChanged) result.resourcesListChanged = true;
    for (const uri of demand.resourceSubscriptions ?? []) uris.add(uri);
  }
  if (uris.size > 0) result.resourceSubscriptions = [...uris].sort();
  return result;
}

const key = (kinds: SubscriptionFilter): string => JSON.stringify(kinds);

function tagged(params: Readonly<Record<string, unknown>> | undefined, id: RequestId | undefined): boolean {
  const meta = params?.['_meta'] as Readonly<Record<string, unknown>> | undefined;
  return id !== undefined && meta?.[SUBSCRIPTION_ID] === id;
}

/** One listen request, emitting its acknowledgements; completes when the server ends it (result or cancel). */
function listenOnce(core: ClientCore, negotiated: Negotiated, kinds: SubscriptionFilter): Observable<SubscriptionFilter> {
  return new Observable<SubscriptionFilter>((subscriber) => {
    let listenId: RequestId | undefined;
    const notifications$ = core.session.notifications$;
    const acks$ = notifications$.pipe(
      filter((n) => n.method === 'notifications/subscriptions/acknowledged' && tagged(n.params, listenId)),
      map((n) => (n.params?.['notifications'] ?? {}) as SubscriptionFilter),
    );
    const endedByServer$ = notifications$.pipe(
      filter((n) => n.method === 'notifications/cancelled' && listenId !== undefined && n.params?.['requestId'] === listenId),
      take(1),
    );
    const params = { notifications: kinds };
    const options = { ...requestOptionsFor(negotiated.envelope, 'subscriptions/listen', params), timeout: false as const, onRequestId: (id: RequestId) => (listenId = id) };
    const subscriptions = new Subscription();
    subscriptions.add(acks$.subscribe((ack) => subscriber.next(ack)));
    subscriptions.add(endedByServer$.subscribe(() => subscriber.complete()));
    subscriptions.add(
      core.session.requestEvents('subscriptions/listen', params, options).subscribe({
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    );
    return subscriptions;
  });
}

/** Creates the client's listen manager. Legacy connections have no listen stream: demands are held, nothing is sent. */
export function createListenManager(core: ClientCore, backoff: BackoffOptions = {}): ListenManager {
  const demands = new BehaviorSubject<ReadonlyMap<object, SubscriptionFilter>>(new Map());
  const acknowledged$ = demands.pipe(
    map((all) => union(all.values())),
    distinctUntilChanged((a, b) => key(a) === key(b)),
    switchMap((kinds) => (Object.keys(kinds).length === 0 ? NEVER : openWhileNeeded(core, kinds, backoff))),
    share(),
  );
  const need = (kinds: SubscriptionFilter): Observable<never> =>
    new Observable<never>((subscriber) => {
      const token = {};
      demands.next(new Map(demands.value).set(token, kinds));
      const loop = acknowledged$.subscribe({ error: (error: unknown) => subscriber.error(error) });
      return () => {
        const next = new Map(demands.value);
        next.delete(token);
        demands.next(next);
        loop.unsubscribe();
      };
    });
  return { need, acknowledged$ };
}

function openWhileNeeded(core: ClientCore, kinds: SubscriptionFilter, backoff: BackoffOptions): Observable<SubscriptionFilter> {
  return core.ready().pipe(
    switchMap((negotiated) => (negotiated.server.era === 'modern' ? listenOnce(core, negotiated, kinds) : NEVER)),
    repeat({ delay: (count) => timer(backoffDelay(count, backoff)) }),
    retry({ delay: (_error, count) => timer(backoffDelay(count, backoff)), resetOnSuccess: true }),
  );
}
