import * as z from 'zod/mini';
import type { BaseShapes } from './base.js';
import { keeps, opt, since, sinceOption, type SchemaContext } from './context.js';

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
  const meta06 = since(ctx, '2025-06-18', { _meta: opt(base.meta) });
  const annotated = { annotations: opt(base.annotations), ...meta06 };
  const textResourceContents = o({ uri: z.string(), mimeType: opt(z.string()), text: z.string(), ...meta06 });
  const blobResourceContents = o({ uri: z.string(), mimeType: opt(z.string()), blob: z.string(), ...meta06 });
  const resourceContents = z.union([textResourceContents, blobResourceContents]);
  const text = o({ type: z.literal('text'), text: z.string(), ...annotated });
  const image = o({ type: z.literal('image'), data: z.string(), mimeType: z.string(), ...annotated });
  const audio = o({ type: z.literal('audio'), data: z.string(), mimeType: z.string(), ...annotated });
  const embeddedResource = o({ type: z.literal('resource'), resource: resourceContents, ...annotated });
  const resourceLink = o({
    type: z.literal('resource_link'),
    uri: z.string(),
    name: z.string(),
    title: opt(z.string()),
    description: opt(z.string()),
    mimeType: opt(z.string()),
    size: opt(z.number()),
    ...since(ctx, '2025-11-25', { icons: opt(z.array(base.icon)) }),
    ...annotated,
  });
  const contentBlock = z.discriminatedUnion('type', [
    text,
    image,
    ...sinceOption(ctx, '2025-03-26', audio),
    ...sinceOption(ctx, '2025-06-18', resourceLink),
    embeddedResource,
  ]);
  return { textResourceContents, blobResourceContents, resourceContents, text, image, audio, embeddedResource, resourceLink, contentBlock };
}

/** Sampling content: text, image, audio (2025-03-26+), tool use and tool result (2025-11-25+), arrays (2025-11-25+). */
function buildSamplingContent(ctx: SchemaContext, base: BaseShapes, blocks: ReturnType<typeof buildBlocks>) {
  const o = ctx.object;
  const toolUse = o({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: base.jsonObject, _meta: opt(base.meta) });
  const structured = ctx.exact && ctx.version !== '2026-07-28' ? base.jsonObject : z.unknown();
  const toolResult = o({
    type: z.literal('tool_result'),
    toolUseId: z.string(),
    content: z.array(blocks.contentBlock),
    structuredContent: opt(structured),
    isError: opt(z.boolean()),
    _meta: opt(base.meta),
  });
  const samplingBlock = z.discriminatedUnion('type', [
    blocks.text,
    blocks.image,
    ...sinceOption(ctx, '2025-03-26', blocks.audio),
    ...sinceOption(ctx, '2025-11-25', toolUse),
    ...sinceOption(ctx, '2025-11-25', toolResult),
  ]);
  const samplingContent = keeps(ctx, '2025-11-25') ? z.union([samplingBlock, z.array(samplingBlock)]) : samplingBlock;
  return { toolUse, toolResult, samplingBlock, samplingContent };
}
