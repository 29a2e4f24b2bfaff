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
  /** The tools on this page. */
  readonly tools: readonly Tool[];
}

/** Params of `tools/call`. `task` is 2025-11-25 only; the MRTR fields are 2026-07-28 only. */
export interface CallToolRequestParams extends RequestParamsBase, InputRoundParams {
  /** The tool to call. */
  readonly name: string;
  /** The arguments, by the tool's input schema. */
  readonly arguments?: JsonObject;
  /** 2025-11-25: run the call as a task. */
  readonly task?: TaskMetadata;
}

/**
 * The outcome of a tool call. `isError: true` is an execution error meant for the model, not a protocol
 * error. `structuredContent` from 2025-06-18 (an object there; any JSON value in 2026-07-28).
 */
export interface CallToolResult extends CompleteResultBase {
  /** What the tool returned: text, images, audio, resources, links. */
  readonly content: readonly ContentBlock[];
  /** The result by the tool's `outputSchema` (2025-06-18+). */
  readonly structuredContent?: unknown;
  /** `true` when the tool failed; `content` then says why, for the model. */
  readonly isError?: boolean;
}

/** The tool requests the client sends, with their params and decoded results (part of `ClientRequests`). */
export interface ToolsRequests {
  readonly 'tools/list': { readonly params: ListToolsRequestParams | undefined; readonly result: ListToolsResult };
  readonly 'tools/call': { readonly params: CallToolRequestParams; readonly result: CallToolResult };
}
