import * as z from 'zod/mini';
import type { BaseShapes } from './base.js';
import { keeps, keepsUntil, opt, since, sinceOption, type SchemaContext } from './context.js';

/** Builds resource contents and the content blocks of tool results, prompts and sampling. */
export function buildContent(ctx: SchemaContext, base: BaseShapes) {
  const blocks = buildBlocks(ctx, base);
  return { ...blocks, ...buildSamplingContent(ctx, base, blocks) };
}

/** The shapes `buildContent` returns. */
export type ContentShapes = ReturnType<typeof buildContent>;

/** Resource contents and the five content blocks (audio from 2025-03-26, resource links from 2025-06-18). */
function buildBlocks(ctx: SchemaContext, base: BaseShapes) {
  const o = ctx.object;
  const meta06 = since(ctx, '2025-06-18', { _meta: opt(base.MetaSchema) });
  const annotated = { annotations: opt(base.AnnotationsSchema), ...meta06 };
  const contents = buildResourceContents(ctx, meta06);
  const { ResourceContentsSchema } = contents;
  const TextContentSchema = o({ type: z.literal('text'), text: z.string(), ...annotated });
  const ImageContentSchema = o({ type: z.literal('image'), data: z.string(), mimeType: z.string(), ...annotated });
  const AudioContentSchema = o({ type: z.literal('audio'), data: z.string(), mimeType: z.string(), ...annotated });
  const EmbeddedResourceSchema = o({ type: z.literal('resource'), resource: ResourceContentsSchema, ...annotated });
  const ResourceLinkSchema = o({
    type: z.literal('resource_link'),
    uri: z.string(),
    name: z.string(),
    title: opt(z.string()),
    description: opt(z.string()),
    mimeType: opt(z.string()),
    size: opt(z.number()),
    ...since(ctx, '2025-11-25', { icons: opt(z.array(base.IconSchema)) }),
    ...annotated,
  });
  const ContentBlockSchema = z.discriminatedUnion('type', [
    TextContentSchema,
    ImageContentSchema,
    ...sinceOption(ctx, '2025-03-26', AudioContentSchema),
    ...sinceOption(ctx, '2025-06-18', ResourceLinkSchema),
    EmbeddedResourceSchema,
  ]);
  return {
    ...contents,
    TextContentSchema,
    ImageContentSchema,
    AudioContentSchema,
    EmbeddedResourceSchema,
    ResourceLinkSchema,
    ContentBlockSchema,
  };
}

/** Text and blob resource contents (`_meta` from 2025-06-18). */
function buildResourceContents<M extends object>(ctx: SchemaContext, meta06: M) {
  const o = ctx.object;
  const TextResourceContentsSchema = o({ uri: z.string(), mimeType: opt(z.string()), text: z.string(), ...meta06 });
  const BlobResourceContentsSchema = o({ uri: z.string(), mimeType: opt(z.string()), blob: z.string(), ...meta06 });
  const ResourceContentsSchema = z.union([TextResourceContentsSchema, BlobResourceContentsSchema]);
  return { TextResourceContentsSchema, BlobResourceContentsSchema, ResourceContentsSchema };
}

/** Sampling content: text, image, audio (2025-03-26+), tool use and tool result (2025-11-25+), arrays (2025-11-25+). */
function buildSamplingContent(ctx: SchemaContext, base: BaseShapes, blocks: ReturnType<typeof buildBlocks>) {
  const o = ctx.object;
  const ToolUseContentSchema = o({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: base.JsonObjectSchema,
    _meta: opt(base.MetaSchema),
  });
  // An object up to 2025-11-25; any JSON value from 2026-07-28 on. Received loosely in every revision.
  const StructuredContentSchema = ctx.exact && keepsUntil(ctx, '2026-07-28') ? base.JsonObjectSchema : z.unknown();
  const ToolResultContentSchema = o({
    type: z.literal('tool_result'),
    toolUseId: z.string(),
    content: z.array(blocks.ContentBlockSchema),
    structuredContent: opt(StructuredContentSchema),
    isError: opt(z.boolean()),
    _meta: opt(base.MetaSchema),
  });
  const SamplingContentBlockSchema = z.discriminatedUnion('type', [
    blocks.TextContentSchema,
    blocks.ImageContentSchema,
    ...sinceOption(ctx, '2025-03-26', blocks.AudioContentSchema),
    ...sinceOption(ctx, '2025-11-25', ToolUseContentSchema),
    ...sinceOption(ctx, '2025-11-25', ToolResultContentSchema),
  ]);
  const SamplingContentSchema = keeps(ctx, '2025-11-25')
    ? z.union([SamplingContentBlockSchema, z.array(SamplingContentBlockSchema)])
    : SamplingContentBlockSchema;
  return { ToolUseContentSchema, ToolResultContentSchema, SamplingContentBlockSchema, SamplingContentSchema };
}
