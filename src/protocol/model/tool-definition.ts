import type { JsonObject } from './primitives.js';
import type { Listed } from './metadata.js';

/**
 * A JSON Schema object, kept verbatim. Tool input schemas have `type: 'object'` at the root; 2026-07-28
 * output schemas may have any root type.
 */
export interface JsonSchema {
  readonly $schema?: string;
  readonly type?: string;
  readonly properties?: Readonly<Record<string, JsonObject>>;
  readonly required?: readonly string[];
  readonly [keyword: string]: unknown;
}

/** Untrusted hints about a tool's behaviour (2025-03-26+); see the defaults documented per field. */
export interface ToolAnnotations {
  readonly title?: string;
  /** Default `false`. */
  readonly readOnlyHint?: boolean;
  /** Default `true`; only meaningful when not read-only. */
  readonly destructiveHint?: boolean;
  /** Default `false`; only meaningful when not read-only. */
  readonly idempotentHint?: boolean;
  /** Default `true`. */
  readonly openWorldHint?: boolean;
}

/** How a tool takes part in 2025-11-25 core tasks. */
export interface ToolExecution {
  readonly taskSupport?: 'forbidden' | 'optional' | 'required';
}

/**
 * A tool the client can call. `annotations` from 2025-03-26; `title`, `outputSchema` and `_meta` from
 * 2025-06-18; `icons` and `execution` in 2025-11-25 (`execution` is gone in 2026-07-28).
 */
export interface Tool extends Listed {
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  readonly execution?: ToolExecution;
}

/** Legacy 2025-11-25 task augmentation of a request. */
export interface TaskMetadata {
  readonly ttl?: number;
}

/** Display name of a tool: `title`, then `annotations.title`, then `name`. */
export function toolDisplayName(tool: Tool): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}
