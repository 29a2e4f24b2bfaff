import type { CompleteResultBase, RequestParamsBase } from './common.js';

/** Refers to a prompt by name (`title` from 2025-06-18). */
export interface PromptReference {
  /** Always `'ref/prompt'`. */
  readonly type: 'ref/prompt';
  /** The prompt's name. */
  readonly name: string;
  /** A name for people (2025-06-18+). */
  readonly title?: string;
}

/** Refers to a resource template by its URI template. */
export interface ResourceTemplateReference {
  /** Always `'ref/resource'`. */
  readonly type: 'ref/resource';
  /** The template's URI template (or a URI). */
  readonly uri: string;
}

/** Params of `completion/complete` (`context` from 2025-06-18). */
export interface CompleteRequestParams extends RequestParamsBase {
  /** The prompt or resource template whose argument is being completed. */
  readonly ref: PromptReference | ResourceTemplateReference;
  /** The argument being completed. */
  readonly argument: {
    /** The argument's name (a prompt argument or a template variable). */
    readonly name: string;
    /** What the user has typed so far. */
    readonly value: string;
  };
  /** What is already known (2025-06-18+). */
  readonly context?: {
    /** The values of the arguments already filled in, by name. */
    readonly arguments?: Readonly<Record<string, string>>;
  };
}

/** Completion values for an argument (at most 100 values). */
export interface CompleteResult extends CompleteResultBase {
  /** The completion values. */
  readonly completion: {
    /** The values, best first; at most 100. */
    readonly values: readonly string[];
    /** How many values there are in all, when more exist than were sent. */
    readonly total?: number;
    /** `true` when there are more values than were sent. */
    readonly hasMore?: boolean;
  };
}

/** The completion request the client sends, with its params and decoded result (part of `ClientRequests`). */
export interface CompletionRequests {
  readonly 'completion/complete': { readonly params: CompleteRequestParams; readonly result: CompleteResult };
}
