import type { RequestId } from '../jsonrpc.js';
import type { CompleteResultBase, JsonObject, Meta, NotificationParamsBase, PaginatedRequestParams, PaginatedResult, RequestParamsBase } from './common.js';
import type { JsonSchema } from './tools.js';

/** The identifier of the Events extension (SEP-3415), as servers list it under `capabilities.extensions`. */
export const EVENTS_EXTENSION = 'io.modelcontextprotocol/events';

/** How a server delivers an event type: `events/poll`, a long-lived `events/stream`, or signed POSTs (`events/subscribe`). */
export type EventDeliveryMode = 'poll' | 'push' | 'webhook';

/** One event type of `events/list`: its name, the modes it is delivered in and the schemas of its arguments and payload. */
export interface EventType {
  /** The event type's name, such as `email.received`. */
  readonly name: string;
  /** What it reports. */
  readonly description?: string;
  /** The delivery modes it supports: a non-empty subset of `poll`, `push` and `webhook`. */
  readonly delivery: readonly EventDeliveryMode[];
  /** JSON Schema of the subscription arguments. */
  readonly inputSchema: JsonSchema;
  /** JSON Schema of each occurrence's `data`. */
  readonly payloadSchema: JsonSchema;
  /** Metadata, as on tools. */
  readonly _meta?: Meta;
}

/** One occurrence of an event: a poll result's entry, a push notification's params, a webhook body. */
export interface EventOccurrence {
  /** The server's stable identifier of the occurrence: the key of de-duplication. */
  readonly eventId: string;
  /** The event type's name. */
  readonly name: string;
  /** When it happened (ISO 8601). */
  readonly timestamp: string;
  /** The payload, which the event type's `payloadSchema` describes. */
  readonly data: JsonObject;
  /** The subscription's position after this occurrence (push and webhook); `null` or absent without replay. */
  readonly cursor?: string | null;
  /** Protocol metadata (push: the stream's subscription id). */
  readonly _meta?: Meta;
}

/** Params of `events/list`. */
export type ListEventsRequestParams = PaginatedRequestParams;

/** One page of `events/list`. */
export interface ListEventsResult extends PaginatedResult {
  /** The event types on this page. */
  readonly events: readonly EventType[];
}

/** What names one subscription: the event type, its arguments, where to start, and how far back replay may reach. */
export interface EventSubscriptionParams extends RequestParamsBase {
  /** The event type's name. */
  readonly name: string;
  /** Arguments valid against the type's `inputSchema`. */
  readonly arguments?: JsonObject;
  /** The position to continue from; `null` starts from now. */
  readonly cursor: string | null;
  /** Replay no event older than this many milliseconds. */
  readonly maxAgeMs?: number;
}

/** Params of `events/poll`. */
export interface PollEventsRequestParams extends EventSubscriptionParams {
  /** At most this many events in the answer. */
  readonly maxEvents?: number;
}

/** The answer to `events/poll`. */
export interface PollEventsResult extends CompleteResultBase {
  /** The occurrences since the cursor, oldest first. */
  readonly events: readonly EventOccurrence[];
  /** The position after them, to send on the next poll; `null` for a type without replay. */
  readonly cursor?: string | null;
  /** True when the server started later than the cursor sent: events were skipped. */
  readonly truncated?: boolean;
  /** True when more events wait: poll again at once. */
  readonly hasMore?: boolean;
  /** The wait the server asks for before the next poll. */
  readonly nextPollMs?: number;
}

/** Params of `events/stream`. */
export type StreamEventsRequestParams = EventSubscriptionParams;

/** The empty result that closes an `events/stream` the server ends: nothing but its `_meta` (the subscription id). */
export interface StreamEventsResult extends CompleteResultBase {
  /** The subscription id (`io.modelcontextprotocol/subscriptionId`), as on the stream's notifications. */
  readonly _meta?: EventStreamMeta;
}

/** `_meta` of every push notification: the id of its `events/stream` request. */
export interface EventStreamMeta extends Meta {
  /** The JSON-RPC id of the `events/stream` request the notification belongs to. */
  readonly 'io.modelcontextprotocol/subscriptionId'?: RequestId;
}

/** Params of `notifications/events/active` and `notifications/events/heartbeat`. */
export interface EventStreamPositionParams extends NotificationParamsBase {
  /** The subscription's position; `null` without replay. */
  readonly cursor?: string | null;
  /** `active` only: true when the server started later than the cursor sent. */
  readonly truncated?: boolean;
}

/** Params of `notifications/events/error` and `notifications/events/terminated`. */
export interface EventStreamErrorParams extends NotificationParamsBase {
  /** The JSON-RPC error. */
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown };
}

/** The Events extension's requests, with their params and decoded results. */
export interface EventsRequests {
  readonly 'events/list': { readonly params: ListEventsRequestParams | undefined; readonly result: ListEventsResult };
  readonly 'events/poll': { readonly params: PollEventsRequestParams; readonly result: PollEventsResult };
  readonly 'events/stream': { readonly params: StreamEventsRequestParams; readonly result: StreamEventsResult };
}
