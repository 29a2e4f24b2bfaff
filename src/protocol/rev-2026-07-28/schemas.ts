import * as z from 'zod/mini';
import type { RevisionSchemas } from '../schema-types.js';
import type { ModernProtocolVersion } from '../versions.js';
import { memoize, receiving, sending } from '../shapes/context.js';
import { buildKit, type Kit } from '../shapes/kit.js';
import { buildSharedClientNotifications, buildSharedServerNotifications } from '../shapes/notifications.js';
import { buildSharedRequestParams } from '../shapes/requests.js';
import { buildSharedResults } from '../shapes/results.js';
import { buildAcknowledged, buildDiscoveryResults, buildSubscriptionFilter } from './discovery.js';
import { buildRequestMeta } from './meta.js';
import { buildInputRequestParams, buildInputRequired } from './mrtr.js';

/**
 * Builds every 2026-07-28 schema (not memoised: use `buildSchemas`); a later stateless revision's folder builds on
 * these with its own `version`.
 */
export function createSchemas(version: ModernProtocolVersion = '2026-07-28'): RevisionSchemas {
  const receive = buildKit(receiving(version));
  const send = buildKit(sending(version));
  const { InputRequiredResultSchema } = buildInputRequired(receive);
  const serverNotifications = buildSharedServerNotifications(receive.base);
  return {
    version,
    results: buildResults(receive),
    InputRequiredResultSchema,
    serverRequests: buildInputRequestParams(receive),
    serverNotifications: {
      ...serverNotifications,
      'notifications/cancelled': z.extend(serverNotifications['notifications/cancelled'], { requestId: receive.base.RequestIdSchema }),
      'notifications/subscriptions/acknowledged': buildAcknowledged(receive),
    },
    clientRequests: buildClientRequests(send),
    clientResults: {
      'elicitation/create': send.features.ElicitResultSchema,
      'sampling/createMessage': send.features.CreateMessageResultSchema,
      'roots/list': send.features.ListRootsResultSchema,
    },
    clientNotifications: { 'notifications/cancelled': buildSharedClientNotifications(send.ctx, send.base)['notifications/cancelled'] },
    kits: { receive, send },
  };
}

/**
 * The completed results of the client's requests (received), by method: the ones every revision shares, then this
 * revision's own. A request this revision adds gets its result schema as one more entry here, beside its params
 * schema in `buildClientRequests`.
 */
export function buildResults(receive: Kit) {
  return { ...buildSharedResults(receive.base, receive.content, receive.listing), ...buildDiscoveryResults(receive) };
}

/** The params of the client's requests (sent), by method. */
function buildClientRequests(send: Kit) {
  const meta = buildRequestMeta(send);
  const shared = buildSharedRequestParams(send.ctx, send.base, send.features, meta);
  const o = send.ctx.object;
  return {
    'server/discover': o({ _meta: meta }),
    'tools/list': shared.PaginatedRequestParamsSchema,
    'tools/call': shared['tools/call'],
    'resources/list': shared.PaginatedRequestParamsSchema,
    'resources/templates/list': shared.PaginatedRequestParamsSchema,
    'resources/read': shared['resources/read'],
    'prompts/list': shared.PaginatedRequestParamsSchema,
    'prompts/get': shared['prompts/get'],
    'completion/complete': shared['completion/complete'],
    'subscriptions/listen': o({ _meta: meta, notifications: buildSubscriptionFilter(send) }),
  };
}

/** Every 2026-07-28 schema, built on first call and shared afterwards. */
export const buildSchemas: () => RevisionSchemas = memoize(() => createSchemas());
