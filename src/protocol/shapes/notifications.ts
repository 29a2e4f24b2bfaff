import * as z from 'zod/mini';
import type { BaseShapes } from './base.js';
import { opt, since, type SchemaContext } from './context.js';

/**
 * Builds the params of the server notifications every revision shares, by method (received, so loose).
 * `requestId` of `notifications/cancelled` is optional here; revisions that require it say so.
 */
export function buildSharedServerNotifications(base: BaseShapes) {
  const o = z.looseObject;
  const withMeta = { _meta: opt(base.NotificationMetaSchema) };
  const ListChangedParamsSchema = o(withMeta);
  return {
    'notifications/cancelled': o({ ...withMeta, requestId: opt(base.RequestIdSchema), reason: opt(z.string()) }),
    'notifications/progress': o({
      ...withMeta,
      progressToken: base.ProgressTokenSchema,
      progress: z.number(),
      total: opt(z.number()),
      message: opt(z.string()),
    }),
    'notifications/message': o({ ...withMeta, level: base.LoggingLevelSchema, logger: opt(z.string()), data: z.unknown() }),
    'notifications/resources/updated': o({ ...withMeta, uri: z.string() }),
    'notifications/resources/list_changed': ListChangedParamsSchema,
    'notifications/tools/list_changed': ListChangedParamsSchema,
    'notifications/prompts/list_changed': ListChangedParamsSchema,
  };
}

/** Builds the params of the client notifications every revision shares, by method (sent, so exact). */
export function buildSharedClientNotifications(ctx: SchemaContext, base: BaseShapes) {
  const o = ctx.object;
  const withMeta = { _meta: opt(base.MetaSchema) };
  return {
    'notifications/cancelled': o({ ...withMeta, requestId: base.RequestIdSchema, reason: opt(z.string()) }),
    'notifications/progress': o({
      ...withMeta,
      progressToken: base.ProgressTokenSchema,
      progress: z.number(),
      total: opt(z.number()),
      ...since(ctx, '2025-03-26', { message: opt(z.string()) }),
    }),
  };
}
