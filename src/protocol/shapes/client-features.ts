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
  const TaskMetadataSchema = ctx.object({ ttl: opt(z.number()) });
  const task = { task: opt(TaskMetadataSchema) };
  return {
    TaskMetadataSchema,
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
  const requestMeta = { _meta: opt(base.MetaSchema) };
  const ElicitRequestFormParamsSchema = o({
    mode: opt(z.literal('form')),
    message: z.string(),
    requestedSchema: form.RequestedSchemaSchema,
    ...requestMeta,
    ...task,
  });
  const ElicitRequestUrlParamsSchema = o({
    mode: z.literal('url'),
    message: z.string(),
    url: z.string(),
    elicitationId: opt(z.string()),
    ...requestMeta,
    ...task,
  });
  const ElicitValueSchema = z.union([z.string(), z.number(), z.boolean(), ...sinceOption(ctx, '2025-11-25', z.array(z.string()))]);
  const ElicitResultSchema = o({
    action: z.enum(['accept', 'decline', 'cancel']),
    content: opt(z.record(z.string(), ElicitValueSchema)),
    ...until(ctx, '2026-07-28', { _meta: opt(base.MetaSchema) }),
  });
  return { ...form, ElicitRequestFormParamsSchema, ElicitRequestUrlParamsSchema, ElicitResultSchema };
}

/** `roots/list` params (received) and answer (sent; `Root._meta` from 2025-06-18, result `_meta` gone in 2026-07-28). */
function buildRoots(ctx: SchemaContext, base: BaseShapes) {
  const o = ctx.object;
  const RootSchema = o({ uri: z.string(), name: opt(z.string()), ...since(ctx, '2025-06-18', { _meta: opt(base.MetaSchema) }) });
  const ListRootsRequestParamsSchema = o({ _meta: opt(base.MetaSchema) });
  const ListRootsResultSchema = o({ roots: z.array(RootSchema), ...until(ctx, '2026-07-28', { _meta: opt(base.MetaSchema) }) });
  return { RootSchema, ListRootsRequestParamsSchema, ListRootsResultSchema };
}

/** Sampling params (received) and the sampled message (sent). */
function buildSampling<T extends object>(ctx: SchemaContext, base: BaseShapes, content: ContentShapes, listing: ListingShapes, task: T) {
  const o = ctx.object;
  const SamplingMessageSchema = o({
    role: base.RoleSchema,
    content: content.SamplingContentSchema,
    ...since(ctx, '2025-06-18', { _meta: opt(base.MetaSchema) }),
  });
  const ModelPreferencesSchema = o({
    hints: opt(z.array(o({ name: opt(z.string()) }))),
    costPriority: opt(z.number()),
    speedPriority: opt(z.number()),
    intelligencePriority: opt(z.number()),
  });
  const ToolChoiceSchema = o({ mode: opt(z.enum(['auto', 'required', 'none'])) });
  const CreateMessageRequestParamsSchema = o({
    messages: z.array(SamplingMessageSchema),
    maxTokens: z.number(),
    modelPreferences: opt(ModelPreferencesSchema),
    systemPrompt: opt(z.string()),
    includeContext: opt(z.enum(['none', 'thisServer', 'allServers'])),
    temperature: opt(z.number()),
    stopSequences: opt(z.array(z.string())),
    metadata: opt(base.JsonObjectSchema),
    tools: opt(z.array(listing.ToolSchema)),
    toolChoice: opt(ToolChoiceSchema),
    _meta: opt(base.MetaSchema),
    ...task,
  });
  const CreateMessageResultSchema = o({
    role: base.RoleSchema,
    content: content.SamplingContentSchema,
    model: z.string(),
    stopReason: opt(z.string()),
    _meta: opt(base.MetaSchema),
  });
  return { SamplingMessageSchema, ModelPreferencesSchema, ToolChoiceSchema, CreateMessageRequestParamsSchema, CreateMessageResultSchema };
}
