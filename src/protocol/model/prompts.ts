import type { CompleteResultBase, PaginatedRequestParams, PaginatedResult, RequestParamsBase, Role } from './common.js';
import type { ContentBlock } from './content.js';
import type { BaseMetadata, Listed } from './metadata.js';
import type { InputRoundParams } from './mrtr.js';

/** One argument a prompt accepts (arguments are strings). */
export interface PromptArgument extends BaseMetadata {
  /** What the argument is for. */
  readonly description?: string;
  /** `true` when `prompts/get` must be given it. */
  readonly required?: boolean;
}

/** A prompt or prompt template the server offers. */
export interface Prompt extends Listed {
  /** The arguments the prompt takes, if any. */
  readonly arguments?: readonly PromptArgument[];
}

/** One message of a prompt. */
export interface PromptMessage {
  /** Who says it. */
  readonly role: Role;
  /** What is said. */
  readonly content: ContentBlock;
}

/** Params of `prompts/list`. */
export type ListPromptsRequestParams = PaginatedRequestParams;

/** One page of `prompts/list`. */
export interface ListPromptsResult extends PaginatedResult {
  /** The prompts on this page. */
  readonly prompts: readonly Prompt[];
}

/** Params of `prompts/get` (MRTR fields 2026-07-28 only). */
export interface GetPromptRequestParams extends RequestParamsBase, InputRoundParams {
  /** The prompt to get. */
  readonly name: string;
  /** The prompt's arguments, by name (always strings). */
  readonly arguments?: Readonly<Record<string, string>>;
}

/** A rendered prompt. */
export interface GetPromptResult extends CompleteResultBase {
  /** What the prompt is for. */
  readonly description?: string;
  /** The prompt's messages, for the model. */
  readonly messages: readonly PromptMessage[];
}

/** The prompt requests the client sends, with their params and decoded results (part of `ClientRequests`). */
export interface PromptsRequests {
  readonly 'prompts/list': { readonly params: ListPromptsRequestParams | undefined; readonly result: ListPromptsResult };
  readonly 'prompts/get': { readonly params: GetPromptRequestParams; readonly result: GetPromptResult };
}
