import type { CompleteResultBase, PaginatedRequestParams, PaginatedResult, RequestParamsBase, Role } from './common.js';
import type { ContentBlock } from './content.js';
import type { BaseMetadata, Listed } from './metadata.js';
import type { InputRoundParams } from './mrtr.js';

/** One argument a prompt accepts (arguments are strings). */
export interface PromptArgument extends BaseMetadata {
  readonly description?: string;
  readonly required?: boolean;
}

/** A prompt or prompt template the server offers. */
export interface Prompt extends Listed {
  readonly arguments?: readonly PromptArgument[];
}

/** One message of a prompt. */
export interface PromptMessage {
  readonly role: Role;
  readonly content: ContentBlock;
}

/** Params of `prompts/list`. */
export type ListPromptsRequestParams = PaginatedRequestParams;

/** One page of `prompts/list`. */
export interface ListPromptsResult extends PaginatedResult {
  readonly prompts: readonly Prompt[];
}

/** Params of `prompts/get` (MRTR fields 2026-07-28 only). */
export interface GetPromptRequestParams extends RequestParamsBase, InputRoundParams {
  readonly name: string;
  readonly arguments?: Readonly<Record<string, string>>;
}

/** A rendered prompt. */
export interface GetPromptResult extends CompleteResultBase {
  readonly description?: string;
  readonly messages: readonly PromptMessage[];
}
