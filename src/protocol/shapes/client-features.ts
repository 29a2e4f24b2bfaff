import * as z from 'zod/mini';
import type { BaseShapes } from './base.js';
import type { ContentShapes } from './content.js';
import { opt, since, sinceOption, until, type SchemaContext } from './context.js';
import { buildElicitationForm } from './elicitation.js';
import type { ListingShapes } from './listing.js';

/**
 * Builds what servers ask of clients (sampling, elicitation, roots): the request params we receive and the
 * results we send, each shaped by the context.
 */
export function buildClientFeatures(ctx: SchemaContext, base: BaseShapes, content: ContentShapes, listing: ListingShapes) {
  const taskMetadata = ctx.object({ ttl: opt(z.number()) });
  const task = { task: opt(taskMetadata) };
  return {
    taskMetadata,
    ...buildElicitation(ctx, base, task),
    ...buildRoots(ctx, base),
    ...buildSampling(ctx, base, content, listing, task),
  };
}

/** The shapes `buildClientFeatures` returns. */
export type ClientFeatureShapes = ReturnType<typeof buildClientFeatures>;

/** Form and URL elicitation params (received) and the answer (sent; `_meta` gone in 2026-07-28). */
function buildElicitation<T extends object>(ctx: SchemaContext, base: BaseShapes, task: T) {
  const o = ctx.object;
  const form = buildElicitationForm();
  const requestMeta = { _meta: opt(base.meta) };
  const elicitFormParams = o({
    mode: opt(z.literal('form')),
    message: z.string(),
    requestedSchema: form.requestedSchema,
    ...requestMeta,
    ...task,
  });
  const elicitUrlParams = o({
    mode: z.literal('url'),
    message: z.string(),
    url: z.string(),
    elicitationId: opt(z.string()),
    ...requestMeta,
    ...task,
  });
  const elicitValue = z.union([z.string(), z.number(), z.boolean(), ...sinceOption(ctx, '2025-11-25', z.array(z.string()))]);
  const elicitResult = o({
    action: z.enum(['accept', 'decline', 'cancel']),
    content: opt(z.record(z.string(), elicitValue)),
    ...until(ctx, '2026-07-28', { _meta: opt(base.meta) }),
  });
  return { ...form, elicitFormParams, elicitUrlParams, elicitResult };
}

/** `roots/list` params (received) and answer (sent; `Root._meta` from 2025-06-18, result `_meta` gone in 2026-07-28). */
function buildRoots(ctx: SchemaContext, base: BaseShapes) {
  const o = ctx.object;
  const root = o({ uri: z.string(), name: opt(z.string()), ...since(ctx, '2025-06-18', { _meta: opt(base.meta) }) });
  const listRootsParams = o({ _meta: opt(base.meta) });
  const listRootsResult = o({ roots: z.array(root), ...until(ctx, '2026-07-28', { _meta: opt(base.meta) }) });
  return { root, listRootsParams, listRootsResult };
}

/** Sampling params (received) and the sampled message (sent). */
function buildSampling<T extends object>(ctx: SchemaContext, base: BaseShapes, content: ContentShapes, listing: ListingShapes, task: T) {
  const o = ctx.object;
  const samplingMessage = o({ role: base.role, content: content.samplingContent, ...since(ctx, '2025-06-18', { _meta: opt(base.meta) }) });
  const modelPreferences = o({
    hints: opt(z.array(o({ name: opt(z.string()) }))),
    costPriority: opt(z.number()),
    speedPriority: opt(z.number()),
    intelligencePriority: opt(z.number()),
  });
  const toolChoice = o({ mode: opt(z.enum(['auto', 'required', 'none'])) });
  const createMessageParams = o({
    messages: z.array(samplingMessage),
    maxTokens: z.number(),
    modelPreferences: opt(modelPreferences),
    systemPrompt: opt(z.string()),
    includeContext: opt(z.enum(['none', 'thisServer', 'allServers'])),
    temperature: opt(z.number()),
    stopSequences: opt(z.array(z.string())),
    metadata: opt(base.jsonObject),
    tools: opt(z.array(listing.tool)),
    toolChoice: opt(toolChoice),
    _meta: opt(base.meta),
    ...task,
  });
  const createMessageResult = o({
    role: base.role,
    content: content.samplingContent,
    model: z.string(),
    stopReason: opt(z.string()),
    _meta: opt(base.meta),
  });
  return { samplingMessage, modelPreferences, toolChoice, createMessageParams, createMessageResult };
}
