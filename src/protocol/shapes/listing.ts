import * as z from 'zod/mini';
import type { BaseShapes } from './base.js';
import type { ContentShapes } from './content.js';
import { opt, since, until, type SchemaContext } from './context.js';

/** Builds what servers list: tools, resources, resource templates and prompts. */
export function buildListing(ctx: SchemaContext, base: BaseShapes, content: ContentShapes) {
  const o = ctx.object;
  const listed = {
    name: z.string(),
    description: opt(z.string()),
    ...since(ctx, '2025-06-18', { title: opt(z.string()), _meta: opt(base.MetaSchema) }),
    ...since(ctx, '2025-11-25', { icons: opt(z.array(base.IconSchema)) }),
  };
  const described = { mimeType: opt(z.string()), annotations: opt(base.AnnotationsSchema) };
  const ResourceSchema = o({ ...listed, ...described, uri: z.string(), size: opt(z.number()) });
  const ResourceTemplateSchema = o({ ...listed, ...described, uriTemplate: z.string() });
  const PromptArgumentSchema = o({
    name: z.string(),
    description: opt(z.string()),
    required: opt(z.boolean()),
    ...since(ctx, '2025-06-18', { title: opt(z.string()) }),
  });
  const PromptSchema = o({ ...listed, arguments: opt(z.array(PromptArgumentSchema)) });
  const PromptMessageSchema = o({ role: base.RoleSchema, content: content.ContentBlockSchema });
  return { ResourceSchema, ResourceTemplateSchema, PromptArgumentSchema, PromptSchema, PromptMessageSchema, ...buildTool(ctx, listed) };
}

/** The shapes `buildListing` returns. */
export type ListingShapes = ReturnType<typeof buildListing>;

/**
 * Builds `Tool`. Schemas are kept verbatim: only the root `type` of `inputSchema` is checked (it must be
 * `object`); `outputSchema` may have any root type (2026-07-28).
 */
function buildTool<L extends object>(ctx: SchemaContext, listed: L) {
  const o = ctx.object;
  const ToolAnnotationsSchema = o({
    title: opt(z.string()),
    readOnlyHint: opt(z.boolean()),
    destructiveHint: opt(z.boolean()),
    idempotentHint: opt(z.boolean()),
    openWorldHint: opt(z.boolean()),
  });
  const InputSchemaSchema = z.looseObject({ $schema: opt(z.string()), type: z.literal('object') });
  const OutputSchemaSchema = z.looseObject({ $schema: opt(z.string()), type: opt(z.string()) });
  const ToolExecutionSchema = o({ taskSupport: opt(z.enum(['forbidden', 'optional', 'required'])) });
  const ToolSchema = o({
    ...listed,
    inputSchema: InputSchemaSchema,
    ...since(ctx, '2025-03-26', { annotations: opt(ToolAnnotationsSchema) }),
    ...since(ctx, '2025-06-18', { outputSchema: opt(OutputSchemaSchema) }),
    ...since(ctx, '2025-11-25', until(ctx, '2026-07-28', { execution: opt(ToolExecutionSchema) })),
  });
  return { ToolAnnotationsSchema, ToolSchema };
}
