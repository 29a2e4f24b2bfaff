import { BehaviorSubject, type Observable } from 'rxjs';
import type { Client } from '../client/client-types.js';
import type { WebhookSubscriptionEntry } from './webhook-types.js';

/** The live webhook subscriptions of one client, by subscription key (`url name canonical-arguments`). */
interface Registry {
  readonly entries: Map<string, WebhookSubscriptionEntry>;
  readonly list$: BehaviorSubject<readonly WebhookSubscriptionEntry[]>;
}

const registries = new WeakMap<Client, Registry>();

function registryOf(client: Client): Registry {
  let registry = registries.get(client);
  if (registry === undefined) {
    registry = { entries: new Map(), list$: new BehaviorSubject<readonly WebhookSubscriptionEntry[]>([]) };
    registries.set(client, registry);
  }
  return registry;
}

function publish(registry: Registry): void {
  registry.list$.next([...registry.entries.values()]);
}

/** Records a grant (the first, or a refresh's) under `key`. */
export function recordWebhookGrant(client: Client, key: string, entry: WebhookSubscriptionEntry): void {
  const registry = registryOf(client);
  registry.entries.set(key, entry);
  publish(registry);
}

/** Moves the last cursor of the subscription under `key`, if it is listed. */
export function recordWebhookCursor(client: Client, key: string, cursor: string | null): void {
  const registry = registryOf(client);
  const entry = registry.entries.get(key);
  if (entry === undefined || entry.cursor === cursor) return;
  registry.entries.set(key, { ...entry, cursor });
  publish(registry);
}

/** Takes the subscription under `key` off the list (unsubscribed, or ended by the server). */
export function forgetWebhookSubscription(client: Client, key: string): void {
  const registry = registryOf(client);
  if (registry.entries.delete(key)) publish(registry);
}

/**
 * The canonical list of `client`'s live webhook subscriptions (Events extension): each one `webhookSubscription` or
 * `webhookEvents` holds, with its server id, name, arguments, URL, expiry (`refreshBefore`) and last cursor. An entry
 * appears with the first grant, changes with each refresh and each cursor received, and goes when the subscription is
 * unsubscribed or terminated by the server. The server keeps no list of its own: this is where to look.
 *
 * - **Temperature:** hot; the current list at once on subscribing, then each change.
 * - **Emits:** the whole list (a new array) after each change.
 * - **Completes:** never.
 * - **Errors:** never.
 * - **Teardown:** nothing; the list is kept whether anyone watches or not.
 * @example
 * ```ts
 * import { webhookSubscriptions$ } from 'rxmcp/events';
 *
 * webhookSubscriptions$(client).subscribe((list) => console.table(list.map(({ id, name, refreshBefore, cursor }) => ({ id, name, refreshBefore, cursor }))));
 * ```
 */
export function webhookSubscriptions$(client: Client): Observable<readonly WebhookSubscriptionEntry[]> {
  return registryOf(client).list$.asObservable();
}
