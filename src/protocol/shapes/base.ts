import * as z from 'zod/mini';
import { opt, since, type SchemaContext } from './context.js';

/** Builds the small shapes every other builder uses: `_meta`, ids, roles, icons, implementations, annotations. */
export function buildBase(ctx: SchemaContext) {
  const o = ctx.object;
  const jsonObject = z.record(z.string(), z.unknown());
  const meta = jsonObject;
  const requestId = z.union([z.string(), z.int()]);
  const progressToken = z.union([z.string(), z.number()]);
  const role = z.enum(['user', 'assistant']);
  const loggingLevel = z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
  const icon = o({
    src: z.string(),
    mimeType: opt(z.string()),
    sizes: opt(z.array(z.string())),
    theme: opt(z.enum(['light', 'dark'])),
  });
  const implementation = o({
    name: z.string(),
    version: z.string(),
    ...since(ctx, '2025-06-18', { title: opt(z.string()) }),
    ...since(ctx, '2025-11-25', { description: opt(z.string()), icons: opt(z.array(icon)), websiteUrl: opt(z.string()) }),
  });
  const annotations = o({
    audience: opt(z.array(role)),
    priority: opt(z.number()),
    ...since(ctx, '2025-06-18', { lastModified: opt(z.string()) }),
  });
  /** Result `_meta`: open, with the 2026-07-28 `serverInfo` key checked when present. */
  const resultMeta = z.looseObject({ 'io.modelcontextprotocol/serverInfo': opt(implementation) });
  /** Notification `_meta`: open, with the 2026-07-28 listen `subscriptionId` checked when present. */
  const notificationMeta = z.looseObject({ 'io.modelcontextprotocol/subscriptionId': opt(requestId) });
  return { jsonObject, meta, requestId, progressToken, role, loggingLevel, icon, implementation, annotations, resultMeta, notificationMeta };
}

/** The shapes `buildBase` returns. */
export type BaseShapes = ReturnType<typeof buildBase>;
