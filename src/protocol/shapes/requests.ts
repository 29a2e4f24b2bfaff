import * as z from 'zod/mini';
import type { BaseShapes } from './base.js';
import type { ClientFeatureShapes } from './client-features.js';
import { opt, since, until, type SchemaContext } from './context.js';

/** The `_meta` field of client request params: optional in the legacy era, required in 2026-07-28. */
export type RequestMetaField = z.ZodMiniType;

/**
 * Builds the params of the client requests every revision shares, by method (sent, so exact for the
 * context's revision). `task` is 2025-11-25 only; `inputResponses`/`requestState` are 2026-07-28 only.
 */
export function buildSharedRequestParams<M extends RequestMetaField>(
  ctx: SchemaContext,
  base: BaseShapes,
  features: ClientFeatureShapes,
  meta: M,
) {
  const o = ctx.object;
  const withMeta = { _meta: meta };
  const InputResponseSchema = z.union([features.ElicitResultSchema, features.CreateMessageResultSchema, features.ListRootsResultSchema]);
  const inputRound = since(ctx, '2026-07-28', {
    inputResponses: opt(z.record(z.string(), InputResponseSchema)),
    requestState: opt(z.string()),
  });
  const PaginatedRequestParamsSchema = o({ ...withMeta, cursor: opt(z.string()) });
  const stringArguments = opt(z.record(z.string(), z.string()));
  const CompletionReferenceSchema = z.discriminatedUnion('type', [
    o({ type: z.literal('ref/prompt'), name: z.string(), ...since(ctx, '2025-06-18', { title: opt(z.string()) }) }),
    o({ type: z.literal('ref/resource'), uri: z.string() }),
  ]);
  return {
    PaginatedRequestParamsSchema,
    InputResponseSchema,
    'tools/call': o({
      ...withMeta,
      name: z.string(),
      arguments: opt(base.JsonObjectSchema),
      ...since(ctx, '2025-11-25', until(ctx, '2026-07-28', { task: opt(features.TaskMetadataSchema) })),
      ...inputRound,
    }),
    'resources/read': o({ ...withMeta, uri: z.string(), ...inputRound }),
    'prompts/get': o({ ...withMeta, name: z.string(), arguments: stringArguments, ...inputRound }),
    'completion/complete': o({
      ...withMeta,
      ref: CompletionReferenceSchema,
      argument: o({ name: z.string(), value: z.string() }),
      ...since(ctx, '2025-06-18', { context: opt(o({ arguments: stringArguments })) }),
    }),
  };
}

/** The shapes `buildSharedRequestParams` returns. */
export type SharedRequestParamShapes = ReturnType<typeof buildSharedRequestParams>;
