import * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import { SchemaError, UnsupportedMethodError } from '../errors/errors.js';
import type { AnySchema } from './schema-types.js';
import { memoize } from './shapes/context.js';
import type { ProtocolVersion } from './versions.js';

/** What a payload is, for error messages: `"tools/call result"`, `"notifications/progress params"`. */
export type PayloadLabel = string;

/**
 * Parses `value` with `schema`, or throws a `SchemaError` carrying the zod issues and a readable message.
 * Loose schemas keep unknown fields; exact ones drop them.
 */
export function parseOrThrow<T>(schema: AnySchema, value: unknown, label: PayloadLabel, part?: string): T {
  const parsed = schema.safeParse(value, parseContext());
  if (parsed.success) return parsed.data as T;
  const message = `${part === undefined ? label : `${label} ${part}`} does not match the schema:\n${z.prettifyError(parsed.error)}`;
  throw new SchemaError(message, { issues: parsed.error.issues, value, cause: parsed.error });
}

/** English issue messages, set per parse so that the global zod configuration stays untouched. */
const englishMessages = memoize(() => english().localeError);
const parseContext = memoize(() => ({ error: englishMessages() }));

/** The error for a method a revision does not have in the needed role; nothing is sent or handled. */
export function unsupportedMethod(version: ProtocolVersion, method: string, role: string): UnsupportedMethodError {
  return new UnsupportedMethodError(`${method} is not a ${role} in MCP revision ${version}`, { method });
}

/** True for a non-null, non-array object. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
