import type { CompleteResultBase, JsonObject, PaginatedRequestParams, PaginatedResult, RequestParamsBase } from './common.js';
import type { ContentBlock } from './content.js';
import type { Listed } from './metadata.js';
import type { InputRoundParams } from './mrtr.js';

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

/** Params of `tools/list`. */
export type ListToolsRequestParams = PaginatedRequestParams;

/** One page of `tools/list`. */
export interface ListToolsResult extends PaginatedResult {
  readonly tools: readonly Tool[];
}

/** Legacy 2025-11-25 task augmentation of a request. */
export interface TaskMetadata {
  readonly ttl?: number;
}

/** Params of `tools/call`. `task` is 2025-11-25 only; the MRTR fields are 2026-07-28 only. */
export interface CallToolRequestParams extends RequestParamsBase, InputRoundParams {
  readonly name: string;
  readonly arguments?: JsonObject;
  readonly task?: TaskMetadata;
}

/**
 * The outcome of a tool call. `isError: true` is an execution error meant for the model, not a protocol
 * error. `structuredContent` from 2025-06-18 (an object there; any JSON value in 2026-07-28).
 */
export interface CallToolResult extends CompleteResultBase {
  readonly content: readonly ContentBlock[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

/** Display name of a tool: `title`, then `annotations.title`, then `name`. */
export function toolDisplayName(tool: Tool): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}
