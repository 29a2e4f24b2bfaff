import { buildBase } from './base.js';
import { buildCapabilities } from './capabilities.js';
import { buildClientFeatures } from './client-features.js';
import { buildContent } from './content.js';
import type { SchemaContext } from './context.js';
import { buildListing } from './listing.js';

/** Builds every shared shape for one context, once: the building blocks of a revision's method schemas. */
export function buildKit(ctx: SchemaContext) {
  const base = buildBase(ctx);
  const content = buildContent(ctx, base);
  const capabilities = buildCapabilities(ctx, base);
  const listing = buildListing(ctx, base, content);
  const features = buildClientFeatures(ctx, base, content, listing);
  return { ctx, base, content, capabilities, listing, features };
}

/** The shapes `buildKit` returns. */
export type Kit = ReturnType<typeof buildKit>;
