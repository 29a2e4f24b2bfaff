import * as z from 'zod/mini';
import type { BaseShapes } from './base.js';
import { opt, since, until, type SchemaContext } from './context.js';

/** Builds the capability objects of both sides, shaped for the context's revision when sending. */
export function buildCapabilities(ctx: SchemaContext, base: BaseShapes) {
  const o = ctx.object;
  const SettingsSchema = base.JsonObjectSchema;
  const SettingsByNameSchema = z.record(z.string(), SettingsSchema);
  const listChanged = { listChanged: opt(z.boolean()) };
  const TasksCapabilitySchema = o({
    list: opt(SettingsSchema),
    cancel: opt(SettingsSchema),
    requests: opt(z.record(z.string(), z.record(z.string(), SettingsSchema))),
  });
  const ClientCapabilitiesSchema = o({
    experimental: opt(SettingsByNameSchema),
    roots: opt(o({ ...until(ctx, '2026-07-28', listChanged) })),
    sampling: opt(o({ ...since(ctx, '2025-11-25', { context: opt(SettingsSchema), tools: opt(SettingsSchema) }) })),
    ...since(ctx, '2025-06-18', {
      elicitation: opt(o({ ...since(ctx, '2025-11-25', { form: opt(SettingsSchema), url: opt(SettingsSchema) }) })),
    }),
    ...since(ctx, '2025-11-25', until(ctx, '2026-07-28', { tasks: opt(TasksCapabilitySchema) })),
    ...since(ctx, '2026-07-28', { extensions: opt(SettingsByNameSchema) }),
  });
  const ServerCapabilitiesSchema = o({
    experimental: opt(SettingsByNameSchema),
    logging: opt(SettingsSchema),
    ...since(ctx, '2025-03-26', { completions: opt(SettingsSchema) }),
    prompts: opt(o(listChanged)),
    resources: opt(o({ subscribe: opt(z.boolean()), ...listChanged })),
    tools: opt(o(listChanged)),
    ...since(ctx, '2025-11-25', until(ctx, '2026-07-28', { tasks: opt(TasksCapabilitySchema) })),
    ...since(ctx, '2026-07-28', { extensions: opt(SettingsByNameSchema) }),
  });
  return { ClientCapabilitiesSchema, ServerCapabilitiesSchema };
}

/** The shapes `buildCapabilities` returns. */
export type CapabilityShapes = ReturnType<typeof buildCapabilities>;
