import * as z from 'zod/mini';
import type { RevisionSchemas, SchemaTable } from '../schema-types.js';
import { memoizeBy, opt, receiving, sending } from '../shapes/context.js';
import { buildKit, type Kit } from '../shapes/kit.js';
import { buildSharedClientNotifications, buildSharedServerNotifications } from '../shapes/notifications.js';
import { buildSharedRequestParams } from '../shapes/requests.js';
import { buildEmptyResult, buildSharedResults } from '../shapes/results.js';
import { isVersionAtLeast, type LegacyProtocolVersion } from '../versions.js';
import { buildInitializeParams, buildInitializeResult, buildLegacyRequestMeta } from './lifecycle.js';
import { buildReceivedTasks, buildSentTasks } from './tasks.js';

type ReceivedTasks = ReturnType<typeof buildReceivedTasks>;
type SentTasks = ReturnType<typeof buildSentTasks>;

/** Builds every schema of one handshake revision (not memoised: use `buildSchemas`). */
export function createSchemas(version: LegacyProtocolVersion): RevisionSchemas {
  const receive = buildKit(receiving(version));
  const send = buildKit(sending(version));
  const meta = buildLegacyRequestMeta(send);
  const hasTasks = version === '2025-11-25';
  const rxTasks = hasTasks ? buildReceivedTasks(receive) : undefined;
  const txTasks = hasTasks ? buildSentTasks(send, meta) : undefined;
  const EmptyResultSchema = buildEmptyResult(receive.base);
  return {
    version,
    results: {
      ...buildSharedResults(receive.base, receive.content, receive.listing),
      initialize: buildInitializeResult(receive),
      ping: EmptyResultSchema,
      'resources/subscribe': EmptyResultSchema,
      'resources/unsubscribe': EmptyResultSchema,
      'logging/setLevel': EmptyResultSchema,
      ...rxTasks?.results,
    },
    ...(rxTasks ? { CreateTaskResultSchema: rxTasks.CreateTaskResultSchema } : {}),
    serverRequests: buildServerRequests(version, receive, rxTasks),
    serverNotifications: buildServerNotifications(version, receive, rxTasks),
    clientRequests: buildClientRequests(send, meta, txTasks),
    clientResults: buildClientResults(version, send, txTasks),
    clientNotifications: {
      ...buildSharedClientNotifications(send.ctx, send.base),
      'notifications/initialized': opt(send.ctx.object({ _meta: opt(send.base.MetaSchema) })),
      'notifications/roots/list_changed': opt(send.ctx.object({ _meta: opt(send.base.MetaSchema) })),
      ...txTasks?.clientNotifications,
    },
    kits: { receive, send },
  };
}

/** Elicitation arrives from 2025-06-18 (form only); 2025-11-25 adds URL mode with a required `elicitationId`. */
function buildElicitParams(version: LegacyProtocolVersion, receive: Kit): SchemaTable {
  const { ElicitRequestFormParamsSchema, ElicitRequestUrlParamsSchema } = receive.features;
  if (version === '2025-11-25') {
    const LegacyUrlParamsSchema = z.extend(ElicitRequestUrlParamsSchema, { elicitationId: z.string() });
    return { 'elicitation/create': z.union([LegacyUrlParamsSchema, ElicitRequestFormParamsSchema]) };
  }
  return isVersionAtLeast(version, '2025-06-18') ? { 'elicitation/create': ElicitRequestFormParamsSchema } : {};
}

function buildServerRequests(version: LegacyProtocolVersion, receive: Kit, tasks: ReceivedTasks | undefined): SchemaTable {
  return {
    ping: z.looseObject({ _meta: opt(receive.base.MetaSchema) }),
    'sampling/createMessage': receive.features.CreateMessageRequestParamsSchema,
    'roots/list': receive.features.ListRootsRequestParamsSchema,
    ...buildElicitParams(version, receive),
    ...tasks?.serverRequests,
  };
}

function buildServerNotifications(version: LegacyProtocolVersion, receive: Kit, tasks: ReceivedTasks | undefined): SchemaTable {
  const shared = buildSharedServerNotifications(receive.base);
  if (!tasks) {
    const CancelledParamsSchema = z.extend(shared['notifications/cancelled'], { requestId: receive.base.RequestIdSchema });
    return { ...shared, 'notifications/cancelled': CancelledParamsSchema };
  }
  const ElicitationCompleteParamsSchema = z.looseObject({ _meta: opt(receive.base.NotificationMetaSchema), elicitationId: z.string() });
  return { ...shared, 'notifications/elicitation/complete': ElicitationCompleteParamsSchema, ...tasks.serverNotifications };
}

function buildClientRequests(send: Kit, meta: z.ZodMiniType, tasks: SentTasks | undefined): SchemaTable {
  const shared = buildSharedRequestParams(send.ctx, send.base, send.features, meta);
  const o = send.ctx.object;
  const paginated = opt(shared.PaginatedRequestParamsSchema);
  const UriRequestParamsSchema = o({ _meta: meta, uri: z.string() });
  return {
    initialize: buildInitializeParams(send),
    ping: opt(o({ _meta: meta })),
    'tools/list': paginated,
    'tools/call': shared['tools/call'],
    'resources/list': paginated,
    'resources/templates/list': paginated,
    'resources/read': shared['resources/read'],
    'resources/subscribe': UriRequestParamsSchema,
    'resources/unsubscribe': UriRequestParamsSchema,
    'prompts/list': paginated,
    'prompts/get': shared['prompts/get'],
    'completion/complete': shared['completion/complete'],
    'logging/setLevel': o({ _meta: meta, level: send.base.LoggingLevelSchema }),
    ...tasks?.clientRequests,
  };
}

function buildClientResults(version: LegacyProtocolVersion, send: Kit, tasks: SentTasks | undefined): SchemaTable {
  const { CreateMessageResultSchema, ElicitResultSchema, ListRootsResultSchema } = send.features;
  const orTask = (schema: z.ZodMiniType) => (tasks ? z.union([schema, tasks.CreateTaskResultSchema]) : schema);
  return {
    ping: send.ctx.object({ _meta: opt(send.base.MetaSchema) }),
    'sampling/createMessage': orTask(CreateMessageResultSchema),
    'roots/list': ListRootsResultSchema,
    ...(isVersionAtLeast(version, '2025-06-18') ? { 'elicitation/create': orTask(ElicitResultSchema) } : {}),
    ...tasks?.clientResults,
  };
}

/** Every schema of a handshake revision, built on the first call for that revision and shared afterwards. */
export const buildSchemas: (version: LegacyProtocolVersion) => RevisionSchemas = memoizeBy(createSchemas);
