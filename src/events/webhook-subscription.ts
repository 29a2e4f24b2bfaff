import { asyncScheduler, expand, NEVER, Observable, switchMap, tap, timer, type Subscription } from 'rxjs';
import type { Client } from '../client/client-types.js';
import type { JsonObject } from '../protocol/model/common.js';
import { eventCursorKey } from './cursor-store.js';
import { forgetWebhookSubscription, recordWebhookGrant } from './webhook-registry.js';

/** Options of {@link webhookSubscription}. */
export interface WebhookSubscriptionOptions {
  /** Where the server POSTs the occurrences (`delivery.url`): the URL of an `eventsWebhook` receiver, say. */
  readonly url: string;
  /** The signing secret (`delivery.secret`): `whsec_` and base64 of 24 to 64 random bytes. */
  readonly secret: string;
  /** The lifetime to suggest (`ttlMs`); absent: the server's default. The server's `refreshBefore` is what counts. */
  readonly ttlMs?: number;
  /** The position to start from (`cursor`; default `null`: from now). Each answer's cursor is sent on refresh. */
  readonly cursor?: string | null;
  /** Refresh this long before `refreshBefore` (default 30000), but never before half the remaining time. */
  readonly refreshMarginMs?: number;
}

/** One answer of `events/subscribe` (the first, and each refresh). */
export interface WebhookSubscriptionGrant {
  /** The server's handle of the subscription (the `X-MCP-Subscription-Id` of its deliveries). */
  readonly id: string;
  /** When the subscription lapses unless refreshed (ISO 8601), or `null`: no expiry. */
  readonly refreshBefore: string | null;
  /** The safe-to-persist position, or `null` for a type without replay. */
  readonly cursor: string | null;
  /** Whether delivery starts later than the cursor given. */
  readonly truncated: boolean;
}

function refreshDelay(grant: WebhookSubscriptionGrant, now: number, margin: number): number | undefined {
  if (grant.refreshBefore === null) return undefined;
  const remaining = Math.max(0, Date.parse(grant.refreshBefore) - now);
  return Math.max(remaining / 2, remaining - margin);
}

/** How `keepWebhookSubscription` learns the cursor to refresh with (the last one received, by default the grant's). */
export type LastCursor = (grant: WebhookSubscriptionGrant) => string | null;

/** The subscription key a client's registry lists a webhook subscription under. */
export const webhookSubscriptionKey = (url: string, name: string, args: JsonObject) => eventCursorKey(name, args, url);

/** `webhookSubscription` with the cursor of each refresh given by `lastCursor`; the registry entry follows each grant. */
export function keepWebhookSubscription(client: Client, name: string, args: JsonObject, options: WebhookSubscriptionOptions & { readonly maxAgeMs?: number }, lastCursor: LastCursor): Observable<WebhookSubscriptionGrant> {
  const delivery = { mode: 'webhook', url: options.url, secret: options.secret };
  const extra = { ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }), ...(options.maxAgeMs === undefined ? {} : { maxAgeMs: options.maxAgeMs }) };
  const key = webhookSubscriptionKey(options.url, name, args);
  const subscribe = (cursor: string | null) => client.request<WebhookSubscriptionGrant>('events/subscribe', { name, arguments: args, delivery, cursor, ...extra }).pipe(
    tap((grant) => recordWebhookGrant(client, key, { id: grant.id, name, arguments: args, url: options.url, refreshBefore: grant.refreshBefore, cursor: lastCursor(grant) })),
  );
  const margin = options.refreshMarginMs ?? 30_000;
  const grants = subscribe(options.cursor ?? null).pipe(
    expand((grant) => {
      const delay = refreshDelay(grant, asyncScheduler.now(), margin);
      return delay === undefined ? NEVER : timer(delay).pipe(switchMap(() => subscribe(lastCursor(grant))));
    }),
  );
  return new Observable<WebhookSubscriptionGrant>((subscriber) => {
    const inner: Subscription = grants.subscribe(subscriber);
    return () => {
      inner.unsubscribe();
      forgetWebhookSubscription(client, key);
      client.request('events/unsubscribe', { name, arguments: args, delivery: { url: options.url } }).subscribe({ error: () => undefined });
    };
  });
}

/**
 * A webhook subscription of the Events extension kept alive: sends `events/subscribe` for `(name, args)` with
 * `delivery: { mode: 'webhook', url, secret }`, then again (with the last cursor) before each `refreshBefore` the
 * server grants, so the subscription does not lapse; unsubscribing sends `events/unsubscribe`. The occurrences
 * arrive at `url` (see `eventsWebhook` of `rxmcp/node`), not on this stream: `webhookEvents` routes them to a stream
 * of this subscription's own. While it runs, the subscription is on the client's list, `webhookSubscriptions$`.
 *
 * **Temperature:** cold; each subscription is one server-side subscription.
 * **Emits:** each grant (the first answer and each refresh's).
 * **Completes:** never (a grant without expiry, `refreshBefore: null`, is not refreshed; it ends by unsubscribing).
 * **Errors:** the `events/subscribe` request's error (e.g. `RpcError` for an unknown type or a refused secret).
 * **Teardown:** cancels a request in flight, stops refreshing, takes it off `webhookSubscriptions$` and sends
 * `events/unsubscribe` (its answer ignored).
 */
export function webhookSubscription(client: Client, name: string, args: JsonObject = {}, options: WebhookSubscriptionOptions): Observable<WebhookSubscriptionGrant> {
  return keepWebhookSubscription(client, name, args, options, (grant) => grant.cursor);
}
