/**
 * The Events extension (`io.modelcontextprotocol/events`, SEP-3415) as Observables: {@link subscribeEvents} turns a
 * subscription to `(name, arguments)` into a stream of occurrences that resumes from its cursor after a dropped
 * stream, a reconnect or a restart (with a persistent {@link EventCursorStore}). The catalog is the client's
 * `listEvents()` and `eventTypes$`; `fileCursorStore` of `rxmcp/node` keeps cursors in a file.
 *
 * @packageDocumentation
 * @module rxmcp/events
 */

export { subscribeEvents } from './subscribe.js';
export { webhookSubscription } from './webhook-subscription.js';
export { webhookEvents } from './webhook-events.js';
export { webhookSubscriptions$ } from './webhook-registry.js';
export type {
  WebhookEvent, WebhookGap, WebhookTerminated, WebhookNotice, EventsWebhookSource, WebhookSubscriptionEntry, WebhookEventsOptions,
} from './webhook-types.js';
export type { WebhookSubscriptionGrant, WebhookSubscriptionOptions } from './webhook-subscription.js';
export type { SubscribeEventsOptions, EventNotice, ReceivedEvent, EventsTruncated } from './types.js';
export { memoryCursorStore, eventCursorKey } from './cursor-store.js';
export type { EventCursorStore, StoredEventCursor } from './cursor-store.js';
export { EventSchemaError, EventSubscriptionError } from '../errors/event-errors.js';
export type {
  EventSchemaIssue, EventSchemaFailure, EventSchemaErrorOptions, EventSubscriptionFailure, EventSubscriptionErrorOptions,
} from '../errors/event-errors.js';
export { EVENTS_EXTENSION } from '../protocol/model/events.js';
export type {
  EventType, EventOccurrence, EventDeliveryMode, ListEventsResult, PollEventsRequestParams, PollEventsResult, StreamEventsRequestParams,
  StreamEventsResult, EventSubscriptionParams, ListEventsRequestParams, EventStreamMeta,
} from '../protocol/model/events.js';
