import * as z from 'zod/mini';
import type { BaseShapes } from './base.js';
import { opt, since, until, type SchemaContext } from './context.js';

/** Builds the capability objects of both sides, shaped for the context's revision when sending. */
export function buildCapabilities(ctx: SchemaContext, base: BaseShapes) {
  const o = ctx.object;
  const settings = base.jsonObject;
  const named = z.record(z.string(), settings);
  const listChanged = { listChanged: opt(z.boolean()) };
  const tasks = o({
    list: opt(settings),
    cancel: opt(settings),
    requests: opt(z.record(z.string(), z.record(z.string(), settings))),
  });
  const client = o({
    experimental: opt(named),
    roots: opt(o({ ...until(ctx, '2026-07-28', listChanged) })),
    sampling: opt(o({ ...since(ctx, '2025-11-25', { context: opt(settings), tools: opt(settings) }) })),
    ...since(ctx, '2025-06-18', {
      elicitation: opt(o({ ...since(ctx, '2025-11-25', { form: opt(settings), url: opt(settings) }) })),
    }),
    ...since(ctx, '2025-11-25', until(ctx, '2026-07-28', { tasks: opt(tasks) })),
    ...since(ctx, '2026-07-28', { extensions: opt(named) }),
  });
  const server = o({
    experimental: opt(named),
    logging: opt(settings),
    ...since(ctx, '2025-03-26', { completions: opt(settings) }),
    prompts: opt(o(listChanged)),
    resources: opt(o({ subscribe: opt(z.boolean()), ...listChanged })),
    tools: opt(o(listChanged)),
    ...since(ctx, '2025-11-25', until(ctx, '2026-07-28', { tasks: opt(tasks) })),
    ...since(ctx, '2026-07-28', { extensions: opt(named) }),
  });
  return { clientCapabilities: client, serverCapabilities: server };
}

/** The shapes `buildCapabilities` returns. */
export type CapabilityShapes = ReturnType<typeof buildCapabilities>;
