import * as z from 'zod/mini';
import { opt, since, type SchemaContext } from './context.js';

/** Builds the small shapes every other builder uses: `_meta`, ids, roles, icons, implementations, annotations. */
export function buildBase(ctx: SchemaContext) {
  const scalars = buildScalars();
  const o = ctx.object;
  const IconSchema = o({
    src: z.string(),
    mimeType: opt(z.string()),
    sizes: opt(z.array(z.string())),
    theme: opt(z.enum(['light', 'dark'])),
  });
  const ImplementationSchema = o({
    name: z.string(),
    version: z.string(),
    ...since(ctx, '2025-06-18', { title: opt(z.string()) }),
    ...since(ctx, '2025-11-25', { description: opt(z.string()), icons: opt(z.array(IconSchema)), websiteUrl: opt(z.string()) }),
  });
  const AnnotationsSchema = o({
    audience: opt(z.array(scalars.RoleSchema)),
    priority: opt(z.number()),
    ...since(ctx, '2025-06-18', { lastModified: opt(z.string()) }),
  });
  /** Result `_meta`: open, with the 2026-07-28 `serverInfo` key checked when present. */
  const ResultMetaSchema = z.looseObject({ 'io.modelcontextprotocol/serverInfo': opt(ImplementationSchema) });
  /** Notification `_meta`: open, with the 2026-07-28 listen `subscriptionId` checked when present. */
  const NotificationMetaSchema = z.looseObject({ 'io.modelcontextprotocol/subscriptionId': opt(scalars.RequestIdSchema) });
  return { ...scalars, IconSchema, ImplementationSchema, AnnotationsSchema, ResultMetaSchema, NotificationMetaSchema };
}

/** The shapes `buildBase` returns. */
export type BaseShapes = ReturnType<typeof buildBase>;

/** JSON objects, `_meta`, ids, progress tokens, roles and log levels: the same in every revision and direction. */
function buildScalars() {
  const JsonObjectSchema = z.record(z.string(), z.unknown());
  return {
    JsonObjectSchema,
    MetaSchema: JsonObjectSchema,
    RequestIdSchema: z.union([z.string(), z.int()]),
    ProgressTokenSchema: z.union([z.string(), z.number()]),
    RoleSchema: z.enum(['user', 'assistant']),
    LoggingLevelSchema: z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']),
  };
}
