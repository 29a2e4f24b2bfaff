import * as z from 'zod/mini';
import type { BaseShapes } from './base.js';
import type { ContentShapes } from './content.js';
import { opt } from './context.js';
import type { ListingShapes } from './listing.js';

/**
 * Builds the completed results of the client requests every revision shares, by method (received, so
 * loose). The 2026-07-28 cache hints are checked when present; `resultType` is the codec's business.
 */
export function buildSharedResults(base: BaseShapes, content: ContentShapes, listing: ListingShapes) {
  const o = z.looseObject;
  const result = { _meta: opt(base.ResultMetaSchema) };
  const cache = { ttlMs: opt(z.number()), cacheScope: opt(z.enum(['public', 'private'])) };
  const page = { ...result, ...cache, nextCursor: opt(z.string()) };
  return {
    'tools/list': o({ ...page, tools: z.array(listing.ToolSchema) }),
    'tools/call': o({
      ...result,
      content: z.array(content.ContentBlockSchema),
      structuredContent: opt(z.unknown()),
      isError: opt(z.boolean()),
    }),
    'resources/list': o({ ...page, resources: z.array(listing.ResourceSchema) }),
    'resources/templates/list': o({ ...page, resourceTemplates: z.array(listing.ResourceTemplateSchema) }),
    'resources/read': o({ ...result, ...cache, contents: z.array(content.ResourceContentsSchema) }),
    'prompts/list': o({ ...page, prompts: z.array(listing.PromptSchema) }),
    'prompts/get': o({ ...result, description: opt(z.string()), messages: z.array(listing.PromptMessageSchema) }),
    'completion/complete': o({
      ...result,
      completion: o({ values: z.array(z.string()), total: opt(z.number()), hasMore: opt(z.boolean()) }),
    }),
  };
}

/** The result schemas `buildSharedResults` returns, by method. */
export type SharedResultShapes = ReturnType<typeof buildSharedResults>;

/** Builds the empty result (`{}` with optional `_meta`). */
export function buildEmptyResult(base: BaseShapes) {
  return z.looseObject({ _meta: opt(base.ResultMetaSchema) });
}
