import type { Observable } from 'rxjs';
import type { EventSchemaError } from '../errors/event-errors.js';
import type { OutputValidation } from '../protocol/output-schema.js';
import type { JsonObject } from '../protocol/model/common.js';
import type { EventCursorStore } from './cursor-store.js';
import type { ReceivedEvent } from './types.js';

/** An occurrence a webhook receiver verified, with the subscription it was delivered for. */
export interface WebhookEvent extends ReceivedEvent {
  /** The delivery's `X-MCP-Subscription-Id` (the `id` of the server's grant), or `undefined` when it had none. */
  readonly subscriptionId: string | undefined;
}

/**
 * A `gap` envelope: the server skipped occurrences between refreshes and continues from `cursor` (treat it as
 * `truncated: true`).
 */
export interface WebhookGap {
  /** Tells it from an occurrence. */
  readonly type: 'gap';
  /** The fresh position the server continues from. */
  readonly cursor: string | null;
  /** The delivery's `X-MCP-Subscription-Id`, or `undefined`. */
  readonly subscriptionId: string | undefined;
  /** The envelope's `webhook-id` (`msg_gap_…`). */
  readonly webhookId: string;
}

/** A `terminated` envelope: the server ended the subscription (e.g. access revoked); it no longer exists there. */
export interface WebhookTerminated {
  /** Tells it from an occurrence. */
  readonly type: 'terminated';
  /** Why, as a JSON-RPC error (`-32012` Forbidden, `-32011` NotFound, ...). */
  readonly error: {
    /** The JSON-RPC error code. */
    readonly code: number;
    /** What happened. */
    readonly message: string;
    /** Details (e.g. `{ reason }`), when the server gave some. */
    readonly data?: unknown;
  };
  /** The delivery's `X-MCP-Subscription-Id`, or `undefined`. */
  readonly subscriptionId: string | undefined;
  /** The envelope's `webhook-id` (`msg_terminated_…`). */
  readonly webhookId: string;
}

/** What a webhook receiver emits: verified occurrences and control envelopes, each with its subscription id. */
export type WebhookNotice = WebhookEvent | WebhookGap | WebhookTerminated;

/**
 * A running webhook receiver, as `webhookEvents` uses it: its notices (shared by every subscription routed through
 * it), its URL once it listens, and the secret it verifies with. `eventsWebhookReceiver` of `rxmcp/node` makes one.
 */
export interface EventsWebhookSource {
  /**
   * The verified notices of every subscription delivered to this receiver; each `webhookEvents` subscribes to them
   * (first, so that the receiver listens) and keeps its own.
   *
   * **Temperature:** shared by the subscriptions routed through the receiver. **Emits:** each verified delivery.
   * **Completes:** never by itself. **Errors:** the receiver's failure to start.
   * **Teardown:** the receiver may stop once nobody is subscribed.
   */
  readonly notices$: Observable<WebhookNotice>;
  /**
   * The receiver's URL (`delivery.url`), once it listens.
   *
   * **Temperature:** hot, the last URL replayed. **Emits:** the URL each time the receiver listens.
   * **Completes:** never. **Errors:** never. **Teardown:** nothing.
   */
  readonly url$: Observable<string>;
  /** The secret the receiver verifies with (`delivery.secret`). */
  readonly secret: string;
}

/** One live webhook subscription of a client, as `webhookSubscriptions$` lists it. */
export interface WebhookSubscriptionEntry {
  /** The server's handle (the `X-MCP-Subscription-Id` of its deliveries). */
  readonly id: string;
  /** The event type's name. */
  readonly name: string;
  /** The subscription's arguments. */
  readonly arguments: JsonObject;
  /** Where the server delivers (`delivery.url`). */
  readonly url: string;
  /** When it lapses unless refreshed (ISO 8601), or `null`: no expiry. */
  readonly refreshBefore: string | null;
  /** The last position received (an occurrence's, a `gap`'s or a grant's cursor). */
  readonly cursor: string | null;
}

/** Options of `webhookEvents`. */
export interface WebhookEventsOptions {
  /** The receiver the server delivers to: its URL and secret go to `events/subscribe`, its notices are routed by id. */
  readonly receiver: EventsWebhookSource;
  /** The lifetime to suggest (`ttlMs`); absent: the server's default. */
  readonly ttlMs?: number;
  /** Refresh this long before `refreshBefore` (default 30000), but never before half the remaining time. */
  readonly refreshMarginMs?: number;
  /** Where the cursor is kept between runs (the store `subscribeEvents` takes); default: a memory store of its own. */
  readonly store?: EventCursorStore;
  /** Prefix of the store key, to tell servers apart in a shared store. */
  readonly scope?: string;
  /** Payloads against `payloadSchema`: `error` (default), `diagnostic` or `off`, as for `subscribeEvents`. */
  readonly validatePayload?: OutputValidation;
  /** Receives each payload failure in `diagnostic` mode. */
  readonly report?: (problem: EventSchemaError | Error) => void;
  /** Replay no occurrence older than this many milliseconds (`maxAgeMs`). */
  readonly maxAgeMs?: number;
  /** How many `eventId`s are remembered to skip repeats (default 256). */
  readonly seenLimit?: number;
}
