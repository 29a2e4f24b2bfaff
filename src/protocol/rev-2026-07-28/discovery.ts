import * as z from 'zod/mini';
import { opt } from '../shapes/context.js';
import type { Kit } from '../shapes/kit.js';

/** Builds the received shapes of `server/discover` and `subscriptions/listen`. */
export function buildDiscoveryResults(receive: Kit) {
  const { base, capabilities } = receive;
  const o = z.looseObject;
  const DiscoverResultSchema = o({
    _meta: opt(base.ResultMetaSchema),
    ttlMs: opt(z.number()),
    cacheScope: opt(z.enum(['public', 'private'])),
    supportedVersions: z.array(z.string()),
    capabilities: capabilities.ServerCapabilitiesSchema,
    instructions: opt(z.string()),
  });
  const SubscriptionsListenResultSchema = o({
    _meta: o({
      'io.modelcontextprotocol/serverInfo': opt(base.ImplementationSchema),
      'io.modelcontextprotocol/subscriptionId': base.RequestIdSchema,
    }),
  });
  return { 'server/discover': DiscoverResultSchema, 'subscriptions/listen': SubscriptionsListenResultSchema };
}

/** Builds a subscription filter in the context's direction (`taskIds` belongs to the tasks extension,
 * `eventsListChanged` to the Events extension). */
export function buildSubscriptionFilter(kit: Kit) {
  const uris = opt(z.array(z.string()));
  return kit.ctx.object({
    toolsListChanged: opt(z.boolean()),
    promptsListChanged: opt(z.boolean()),
    resourcesListChanged: opt(z.boolean()),
    resourceSubscriptions: uris,
    taskIds: uris,
    eventsListChanged: opt(z.boolean()),
  });
}

/** Builds `notifications/subscriptions/acknowledged` params (received). */
export function buildAcknowledged(receive: Kit) {
  return z.looseObject({ _meta: opt(receive.base.NotificationMetaSchema), notifications: buildSubscriptionFilter(receive) });
}
