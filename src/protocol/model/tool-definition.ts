import type { JsonObject } from './primitives.js';
import type { Listed } from './metadata.js';

/**
 * A JSON Schema object, kept verbatim. Tool input schemas have `type: 'object'` at the root; 2026-07-28
 * output schemas may have any root type.
 */
export interface JsonSchema {
  /** The dialect, e.g. `https://json-schema.org/draft/2020-12/schema` (the default in 2025-11-25+). */
  readonly $schema?: string;
  /** The root type: `object` for input schemas. */
  readonly type?: string;
  /** The object's properties, each a JSON Schema. */
  readonly properties?: Readonly<Record<string, JsonObject>>;
  /** The properties that must be present. */
  readonly required?: readonly string[];
  readonly [keyword: string]: unknown;
}

/** Untrusted hints about a tool's behaviour (2025-03-26+); see the defaults documented per field. */
export interface ToolAnnotations {
  /** A name for people (the tool's own `title` comes first). */
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
  /** Whether the tool may (`optional`), must (`required`) or must not (`forbidden`, the default) run as a task. */
  readonly taskSupport?: 'forbidden' | 'optional' | 'required';
}

/**
 * A tool the client can call. `annotations` from 2025-03-26; `title`, `outputSchema` and `_meta` from
 * 2025-06-18; `icons` and `execution` in 2025-11-25 (`execution` is gone in 2026-07-28).
 */
export interface Tool extends Listed {
  /** The JSON Schema of the arguments (`type: 'object'` at the root). */
  readonly inputSchema: JsonSchema;
  /** The JSON Schema of `structuredContent`, when the tool returns structured results. */
  readonly outputSchema?: JsonSchema;
  /** Hints about the tool's behaviour; untrusted unless the server is. */
  readonly annotations?: ToolAnnotations;
  /** 2025-11-25: how the tool takes part in tasks. */
  readonly execution?: ToolExecution;
}

/** Legacy 2025-11-25 task augmentation of a request. */
export interface TaskMetadata {
  /** How long the server should keep the task and its result, in milliseconds from creation. */
  readonly ttl?: number;
}

/** Display name of a tool: `title`, then `annotations.title`, then `name`. */
export function toolDisplayName(tool: Tool): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}
