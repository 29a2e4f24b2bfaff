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
    ...since(ctx, '2025-06-18', { title: opt(z.string()), _meta: opt(base.meta) }),
    ...since(ctx, '2025-11-25', { icons: opt(z.array(base.icon)) }),
  };
  const resource = o({ ...listed, uri: z.string(), mimeType: opt(z.string()), size: opt(z.number()), annotations: opt(base.annotations) });
  const resourceTemplate = o({ ...listed, uriTemplate: z.string(), mimeType: opt(z.string()), annotations: opt(base.annotations) });
  const promptArgument = o({
    name: z.string(),
    description: opt(z.string()),
    required: opt(z.boolean()),
    ...since(ctx, '2025-06-18', { title: opt(z.string()) }),
  });
  const prompt = o({ ...listed, arguments: opt(z.array(promptArgument)) });
  const promptMessage = o({ role: base.role, content: content.contentBlock });
  return { resource, resourceTemplate, promptArgument, prompt, promptMessage, ...buildTool(ctx, listed) };
}

/** The shapes `buildListing` returns. */
export type ListingShapes = ReturnType<typeof buildListing>;

/**
 * Builds `Tool`. Schemas are kept verbatim: only the root `type` of `inputSchema` is checked (it must be
 * `object`); `outputSchema` may have any root type (2026-07-28).
 */
function buildTool<L extends object>(ctx: SchemaContext, listed: L) {
  const o = ctx.object;
  const toolAnnotations = o({
    title: opt(z.string()),
    readOnlyHint: opt(z.boolean()),
    destructiveHint: opt(z.boolean()),
    idempotentHint: opt(z.boolean()),
    openWorldHint: opt(z.boolean()),
  });
  const inputSchema = z.looseObject({ $schema: opt(z.string()), type: z.literal('object') });
  const outputSchema = z.looseObject({ $schema: opt(z.string()), type: opt(z.string()) });
  const toolExecution = o({ taskSupport: opt(z.enum(['forbidden', 'optional', 'required'])) });
  const tool = o({
    ...listed,
    inputSchema,
    ...since(ctx, '2025-03-26', { annotations: opt(toolAnnotations) }),
    ...since(ctx, '2025-06-18', { outputSchema: opt(outputSchema) }),
    ...since(ctx, '2025-11-25', until(ctx, '2026-07-28', { execution: opt(toolExecution) })),
  });
  return { toolAnnotations, tool };
}
