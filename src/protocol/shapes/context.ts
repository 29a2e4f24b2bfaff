import * as z from 'zod/mini';
import { isVersionAtLeast, type ProtocolVersion } from '../versions.js';

/** The object-schema constructor a builder uses: `looseObject` for what we receive, `z.object` for what we send. */
export type ObjectFn = typeof z.object;

/**
 * Builds an object schema that keeps unknown keys (`z.looseObject`). Typed like `z.object` so that one builder
 * serves both directions: the static type lists the known fields, and the extra keys ride along at runtime.
 */
export const looseObject: ObjectFn = ((shape?: Parameters<ObjectFn>[0], params?: Parameters<ObjectFn>[1]) =>
  z.looseObject(shape ?? {}, params)) as unknown as ObjectFn;

/**
 * How a builder shapes its schemas.
 * - Receiving (`exact: false`): loose objects, and every field any revision defines is checked when present,
 *   so a server that sends a newer optional field is accepted and users never see a field of the wrong type.
 * - Sending (`exact: true`): `z.object`, which drops unknown keys, with only the fields and variants of `version`.
 */
export interface SchemaContext {
  readonly version: ProtocolVersion;
  readonly exact: boolean;
  readonly object: ObjectFn;
}

/** The context for what we receive from a server of `version`. */
export function receiving(version: ProtocolVersion): SchemaContext {
  return { version, exact: false, object: looseObject };
}

/** The context for what we send to a server of `version`. */
export function sending(version: ProtocolVersion): SchemaContext {
  return { version, exact: true, object: z.object };
}

/** True when the context keeps what revision `from` introduced (always, when receiving). */
export function keeps(ctx: SchemaContext, from: ProtocolVersion): boolean {
  return !ctx.exact || isVersionAtLeast(ctx.version, from);
}

/** True when the context keeps what revision `removedIn` removed (always, when receiving). */
export function keepsUntil(ctx: SchemaContext, removedIn: ProtocolVersion): boolean {
  return !ctx.exact || !isVersionAtLeast(ctx.version, removedIn);
}

/**
 * `fields` when the context keeps what revision `from` introduced, else no fields. Only for optional
 * fields: the static type always lists them.
 */
export function since<T extends object>(ctx: SchemaContext, from: ProtocolVersion, fields: T): T {
  return keeps(ctx, from) ? fields : ({} as T);
}

/** `fields` when the context keeps what revision `removedIn` removed, else no fields (optional fields only). */
export function until<T extends object>(ctx: SchemaContext, removedIn: ProtocolVersion, fields: T): T {
  return keepsUntil(ctx, removedIn) ? fields : ({} as T);
}

/** `[schema]` when the context keeps what revision `from` introduced, else `[]`: for union options. */
export function sinceOption<T>(ctx: SchemaContext, from: ProtocolVersion, schema: T): T[] {
  return keeps(ctx, from) ? [schema] : [];
}

/** Memoises a builder: the first call builds, later calls return the same value. */
export function memoize<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/** Memoises a builder per key. */
export function memoizeBy<K, T>(build: (key: K) => T): (key: K) => T {
  const cache = new Map<K, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = build(key);
      cache.set(key, value);
    }
    return value;
  };
}

/** Shorthand for an optional field. */
export const opt = z.optional;
