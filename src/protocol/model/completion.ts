import type { CompleteResultBase, RequestParamsBase } from './common.js';

/** Refers to a prompt by name (`title` from 2025-06-18). */
export interface PromptReference {
  readonly type: 'ref/prompt';
  readonly name: string;
  readonly title?: string;
}

/** Refers to a resource template by its URI template. */
export interface ResourceTemplateReference {
  readonly type: 'ref/resource';
  readonly uri: string;
}

/** Params of `completion/complete` (`context` from 2025-06-18). */
export interface CompleteRequestParams extends RequestParamsBase {
  readonly ref: PromptReference | ResourceTemplateReference;
  readonly argument: { readonly name: string; readonly value: string };
  readonly context?: { readonly arguments?: Readonly<Record<string, string>> };
}

/** Completion values for an argument (at most 100 values). */
export interface CompleteResult extends CompleteResultBase {
  readonly completion: {
    readonly values: readonly string[];
    readonly total?: number;
    readonly hasMore?: boolean;
  };
}
