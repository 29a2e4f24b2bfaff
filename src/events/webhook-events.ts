import { EMPTY, Observable, concatMap, defer, finalize, from, map, merge, of, switchMap, take, takeUntil, tap, throwError } from 'rxjs';
import type { Client } from '../client/client-types.js';
import { EventSubscriptionError } from '../errors/event-errors.js';
import type { JsonObject } from '../protocol/model/common.js';
import type { EventType } from '../protocol/model/events.js';
import { eventCursorKey, memoryCursorStore, type StoredEventCursor } from './cursor-store.js';
import { deliver, persistOnTeardown, type DeliveryContext } from './delivery.js';
import type { DeliveryStep } from './steps.js';
import { closed, findType } from './subscribe.js';
import type { EventNotice } from './types.js';
import { schemaCheck } from './validate.js';
import { recordWebhookCursor } from './webhook-registry.js';
import { keepWebhookSubscription, webhookSubscriptionKey, type WebhookSubscriptionGrant } from './webhook-subscription.js';
import type { WebhookEventsOptions, WebhookNotice } from './webhook-types.js';

/** A routed notice as a delivery step, or the error that ends the subscription (`terminated`). */
function stepOf(name: string, notice: WebhookNotice): DeliveryStep | EventSubscriptionError {
  switch (notice.type) {
    case 'event': {
      const { type: _type, subscriptionId: _id, ...occurrence } = notice;
      return { kind: 'event', occurrence };
    }
    case 'gap':
      return { kind: 'position', cursor: notice.cursor, truncated: true };
    default:
      return new EventSubscriptionError(name, 'terminated', `The server ended the webhook subscription to "${name}": ${notice.error.message}`, { rpcCode: notice.error.code, data: notice.error.data });
  }
}

const grantStep = (grant: WebhookSubscriptionGrant): DeliveryStep => ({ kind: 'position', cursor: grant.cursor, truncated: grant.truncated });

/**
 * The steps of one subscription: the receiver's notices whose subscription id is the server's grant id (those that
 * arrive before the first grant wait for it: a replay may be delivered before `events/subscribe` is answered), and
 * each grant's cursor.
 */
function routedSteps(notices$: Observable<WebhookNotice>, grants$: Observable<WebhookSubscriptionGrant>, name: string): Observable<DeliveryStep | EventSubscriptionError> {
  return defer(() => {
    let id: string | undefined;
    const early: WebhookNotice[] = [];
    const routed = notices$.pipe(
      concatMap((notice) => {
        if (id === undefined) return (early.push(notice), EMPTY);
        return notice.subscriptionId === id ? of(stepOf(name, notice)) : EMPTY;
      }),
    );
    const granted = grants$.pipe(
      concatMap((grant) => {
        const waiting = id === undefined ? early.splice(0).filter((notice) => notice.subscriptionId === grant.id) : [];
        id = grant.id;
        return from([...waiting.map((notice) => stepOf(name, notice)), grantStep(grant)]);
      }),
    );
    return merge(routed, granted);
  });
}

function webhookType(client: Client, name: string): Observable<EventType> {
  return findType(client, name, undefined).pipe(
    switchMap((type) => (type.delivery.includes('webhook')
      ? of(type)
      : throwError(() => new EventSubscriptionError(name, 'no-delivery-mode', `Event type "${name}" is not delivered by webhook (it offers ${type.delivery.join(', ')})`)))),
  );
}

function loadContext(client: Client, type: EventType, args: JsonObject, options: WebhookEventsOptions): Observable<DeliveryContext> {
  const store = options.store ?? memoryCursorStore();
  const key = eventCursorKey(type.name, args, options.scope);
  return defer(() => {
    const entry = store.load(key);
    return entry instanceof Promise ? from(entry) : of(entry);
  }).pipe(
    map((entry): DeliveryContext => ({
      name: type.name, key, store, checkPayload: schemaCheck(type.name, 'payload', type.payloadSchema), validate: options.validatePayload ?? 'error',
      report: options.report, seenLimit: options.seenLimit ?? 256, state: entry ?? ({ cursor: null, seen: [] } satisfies StoredEventCursor), saved: entry,
    })),
  );
}

function run(client: Client, args: JsonObject, options: WebhookEventsOptions, context: DeliveryContext): Observable<EventNotice> {
  const { receiver } = options;
  let registryKey: string | undefined;
  const subscription = {
    secret: receiver.secret, cursor: context.state.cursor,
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
    ...(options.refreshMarginMs === undefined ? {} : { refreshMarginMs: options.refreshMarginMs }),
    ...(options.maxAgeMs === undefined ? {} : { maxAgeMs: options.maxAgeMs }),
  };
  // The receiver's URL is known once it listens, which its notices$ being subscribed (first, by routedSteps) starts.
  const grants$ = receiver.url$.pipe(
    take(1),
    switchMap((url) => {
      registryKey = webhookSubscriptionKey(url, context.name, args);
      return keepWebhookSubscription(client, context.name, args, { ...subscription, url }, () => context.state.cursor);
    }),
  );
  const record = () => registryKey !== undefined && recordWebhookCursor(client, registryKey, context.state.cursor);
  return routedSteps(receiver.notices$, grants$, context.name).pipe(
    concatMap((step) => (step instanceof EventSubscriptionError ? throwError(() => step) : deliver(context, step))),
    tap({ next: record, complete: record }),
    finalize(() => persistOnTeardown(context)),
  );
}

/**
 * One webhook subscription of the Events extension as a stream of its own, like `subscribeEvents`: finds the type
 * (`events/list`; it must offer `webhook`), checks `args` against its `inputSchema`, loads the cursor from the store
 * (the one `subscribeEvents` takes: a process started again resumes after the last occurrence delivered), subscribes
 * with the receiver's URL and secret (`webhookSubscription`: refreshed before each `refreshBefore`, with the last
 * cursor), and takes from the receiver only the deliveries whose `X-MCP-Subscription-Id` is this subscription's, so
 * one receiver serves several subscriptions. Each occurrence is emitted once (by `eventId`), its `data` checked
 * against `payloadSchema`, its cursor saved before the next goes out; a `gap` envelope, or a grant with
 * `truncated: true`, is an `EventsTruncated` notice. The subscription is on `webhookSubscriptions$(client)` meanwhile.
 *
 * - **Temperature:** cold; each subscription is one server-side subscription (it shares the receiver).
 * - **Emits:** `ReceivedEvent`s (`type: 'event'`) in arrival order, and `EventsTruncated` where the server skipped some.
 * - **Completes:** when the client is closed.
 * - **Errors:** `EventSchemaError` (`arguments`, before anything is sent; `payload` with `validatePayload: 'error'`),
 *   `EventSubscriptionError` (`unknown-type`, `no-delivery-mode`, `terminated` on a `terminated` envelope, with the
 *   server's `rpcCode` and `data`), the `events/subscribe` request's error, and the receiver's.
 * - **Teardown:** stops refreshing, sends `events/unsubscribe`, takes it off the list and leaves the receiver running
 *   for the others.
 * @example
 * ```ts
 * import { webhookEvents } from 'rxmcp/events';
 * import { eventsWebhookReceiver } from 'rxmcp/node';
 *
 * const receiver = eventsWebhookReceiver({ secret });
 * webhookEvents(client, 'example.tick', {}, { receiver }).subscribe((notice) => console.log(notice));
 * ```
 */
export function webhookEvents(client: Client, name: string, args: JsonObject = {}, options: WebhookEventsOptions): Observable<EventNotice> {
  return webhookType(client, name).pipe(
    switchMap((type) => {
      const refused = schemaCheck(name, 'arguments', type.inputSchema)(args);
      if (refused !== undefined) return throwError(() => refused);
      return loadContext(client, type, args, options);
    }),
    switchMap((context) => run(client, args, options, context)),
    takeUntil(closed(client)),
  );
}
