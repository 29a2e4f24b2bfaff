import type { ResultMeta } from './common.js';
import type { ElicitRequestParams, ElicitResult } from './elicitation.js';
import type { ListRootsRequestParams, ListRootsResult } from './roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from './sampling.js';

/** One request of a 2026-07-28 `InputRequiredResult`: a server→client request without JSON-RPC envelope. */
export type InputRequest =
  | {
      /** Ask the user (a form, or a page to open). */
      readonly method: 'elicitation/create';
      /** What to ask. */
      readonly params: ElicitRequestParams;
    }
  | {
      /** Ask the client's model. */
      readonly method: 'sampling/createMessage';
      /** The conversation and the limits. */
      readonly params: CreateMessageRequestParams;
    }
  | {
      /** Ask for the client's roots. */
      readonly method: 'roots/list';
      /** The request's metadata, if any. */
      readonly params?: ListRootsRequestParams;
    };

/** The input requests of one round, by server-chosen key. */
export type InputRequests = Readonly<Record<string, InputRequest>>;

/** The client's answer to one input request (the bare result, no `resultType`). */
export type InputResponse = ElicitResult | CreateMessageResult | ListRootsResult;

/** The client's answers of one round, under the same keys as the requests. */
export type InputResponses = Readonly<Record<string, InputResponse>>;

/** The answer type of each input request method. */
export interface InputResponseMap {
  /** What `elicitation/create` is answered with. */
  readonly 'elicitation/create': ElicitResult;
  /** What `sampling/createMessage` is answered with. */
  readonly 'sampling/createMessage': CreateMessageResult;
  /** What `roots/list` is answered with. */
  readonly 'roots/list': ListRootsResult;
}

/**
 * 2026-07-28: the server needs input before it can finish `tools/call`, `prompts/get` or `resources/read`.
 * The client fulfils every input request, then retries the same request (new id) with `inputResponses` and
 * `requestState` echoed byte for byte. At least one of the two fields is present.
 */
export interface InputRequiredResult {
  /** Always `'input_required'`. */
  readonly resultType: 'input_required';
  /** The requests the client must fulfil, by key. */
  readonly inputRequests?: InputRequests;
  /** Opaque server state to send back exactly as received. */
  readonly requestState?: string;
  /** The result's metadata. */
  readonly _meta?: ResultMeta;
}

/** The MRTR retry fields of `tools/call`, `prompts/get` and `resources/read` params (2026-07-28). */
export interface InputRoundParams {
  /** The answers to the previous round's `inputRequests`, under the same keys. */
  readonly inputResponses?: InputResponses;
  /** The previous round's `requestState`, exactly as received. */
  readonly requestState?: string;
}

/** True for a decoded `input_required` result. */
export function isInputRequiredResult(value: unknown): value is InputRequiredResult {
  return typeof value === 'object' && value !== null && (value as { resultType?: unknown }).resultType === 'input_required';
}

/** True for a decoded result that completed (`resultType: 'complete'`). */
export function isCompleteResult<T extends { readonly resultType: string }>(
  value: T,
): value is Extract<T, { readonly resultType: 'complete' }> {
  return value.resultType === 'complete';
}
