import type { RequestId } from '../jsonrpc.js';
import type { CompleteResultBase, NotificationParamsBase, RequestParamsBase, ResultMeta } from './common.js';

/**
 * What a 2026-07-28 `subscriptions/listen` stream should deliver; every kind is opt-in. `taskIds` belongs
 * to the tasks extension, `eventsListChanged` to the Events extension.
 */
export interface SubscriptionFilter {
  readonly toolsListChanged?: boolean;
  readonly promptsListChanged?: boolean;
  readonly resourcesListChanged?: boolean;
  readonly resourceSubscriptions?: readonly string[];
  readonly taskIds?: readonly string[];
  /** `notifications/events/list_changed` (Events extension). */
  readonly eventsListChanged?: boolean;
}

/** Params of `subscriptions/listen`. */
export interface SubscriptionsListenRequestParams extends RequestParamsBase {
  readonly notifications: SubscriptionFilter;
}

/** Params of `notifications/subscriptions/acknowledged`: the subset of the filter the server honours. */
export interface SubscriptionsAcknowledgedNotificationParams extends NotificationParamsBase {
  readonly notifications: SubscriptionFilter;
}

/** `_meta` of the result that ends a listen stream gracefully. */
export interface SubscriptionsListenResultMeta extends ResultMeta {
  readonly 'io.modelcontextprotocol/subscriptionId': RequestId;
}

/** The result that ends a listen stream gracefully. */
export interface SubscriptionsListenResult extends CompleteResultBase {
  readonly _meta: SubscriptionsListenResultMeta;
}

/** The subscription request the client sends (2026-07-28), with its params and decoded result (part of `ClientRequests`). */
export interface SubscriptionsRequests {
  readonly 'subscriptions/listen': { readonly params: SubscriptionsListenRequestParams; readonly result: SubscriptionsListenResult };
}
