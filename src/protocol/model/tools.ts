import type { CompleteResultBase, JsonObject, PaginatedRequestParams, PaginatedResult, RequestParamsBase } from './common.js';
import type { ContentBlock } from './content.js';
import type { InputRoundParams } from './mrtr.js';
import type { TaskMetadata, Tool } from './tool-definition.js';

export type { JsonSchema, ToolAnnotations, ToolExecution, Tool, TaskMetadata } from './tool-definition.js';
export { toolDisplayName } from './tool-definition.js';

/** Params of `tools/list`. */
export type ListToolsRequestParams = PaginatedRequestParams;

/** One page of `tools/list`. */
export interface ListToolsResult extends PaginatedResult {
  readonly tools: readonly Tool[];
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
