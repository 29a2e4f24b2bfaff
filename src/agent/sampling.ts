import { Observable, defer, mergeMap, of, throwError, type ObservableInput } from 'rxjs';
import { McpAbortError, RpcError } from '../errors/errors.js';
import { approvalOf } from '../client/tool-hints.js';
import type { ClientHandlerContext } from '../client/types.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../protocol/model/sampling.js';
import { ModelEndpointError } from './errors.js';
import { chatCompletion, type OpenAiEndpoint } from './openai-chat.js';
import { fromChatCompletion, pickModel, toChatRequest } from './sampling-messages.js';

/** Conventional JSON-RPC code of a sampling request the user rejected. */
export const SAMPLING_REJECTED_CODE = -1;

/** What the approval hook of a sampling handler sees. */
export interface SamplingApprovalContext {
  /** The model the request would go to. */
  readonly model: string;
  /** Aborted when the server cancels the request. */
  readonly signal: AbortSignal;
}

/** Options of {@link openAiSampling}. */
export interface OpenAiSamplingOptions extends OpenAiEndpoint {
  /** The model used when no hint matches an allowed model. */
  readonly model: string;
  /** Further models the server's `modelPreferences.hints` may pick (substring match, hints in order). */
  readonly models?: readonly string[];
  /**
   * Runs before anything is sent: `true` sends the request, `false` rejects it (JSON-RPC error -1). Show the request
   * to a person here; answer with a value, a Promise or an Observable (first value).
   */
  readonly approve: (params: CreateMessageRequestParams, context: SamplingApprovalContext) => boolean | ObservableInput<boolean>;
  /** Upper bound on the server's `maxTokens`. */
  readonly maxTokensLimit?: number;
  /** `max_tokens` (default, what most compatible servers read) or `max_completion_tokens` (newer OpenAI models). */
  readonly maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /** Extra members of every request body (`top_p`, `seed`, ...). */
  readonly body?: Readonly<Record<string, unknown>>;
}

/** What the server is told when the endpoint fails: an internal error naming the cause, with the HTTP status. */
export function serverError(error: unknown): unknown {
  if (RpcError.is(error) || McpAbortError.is(error)) return error;
  if (ModelEndpointError.is(error)) {
    const status = (error as ModelEndpointError).status;
    return new RpcError(-32603, `Sampling failed: ${error.message}`, { method: 'sampling/createMessage', cause: error, ...(status === undefined ? {} : { data: { status } }) });
  }
  return new RpcError(-32603, `Sampling failed: ${error instanceof Error ? error.message : String(error)}`, { method: 'sampling/createMessage', cause: error });
}

/** Errors with `McpAbortError` when `signal` aborts, cancelling the work (and so the HTTP request). */
export function untilAborted<T>(signal: AbortSignal, work$: Observable<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const onAbort = () => subscriber.error(new McpAbortError('The server cancelled the sampling request'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    const inner = work$.subscribe(subscriber);
    return () => {
      signal.removeEventListener('abort', onAbort);
      inner.unsubscribe();
    };
  });
}

/**
 * A sampling handler for `createClient(transport, { handlers: { sampling } })` that runs the server's request on an
 * OpenAI-compatible model (`POST {baseUrl}/chat/completions`, with `fetch`). It serves legacy `sampling/createMessage`
 * requests and 2026-07-28 sampling input requests alike: system prompt, text, image and audio messages, `maxTokens`,
 * `temperature`, `stopSequences`, model hints matched against the allowed models, tools and `toolChoice`; the reply
 * comes back with `stop` → `endTurn`, `length` → `maxTokens`, `tool_calls` → `toolUse`.
 *
 * **Temperature:** cold; each call of the handler returns one request. **Emits:** the sampling result once.
 * **Completes:** after it. **Errors:** `RpcError` -1 when `approve` says no (nothing is sent), -32602 for a request
 * the model cannot take (unpaired tool use/result, audio other than wav/mp3), -32603 when the endpoint fails (its
 * message and `data.status`); `McpAbortError` when the context's signal aborts. **Teardown:** aborts the HTTP request.
 */
export function openAiSampling(options: OpenAiSamplingOptions): (params: CreateMessageRequestParams, context: ClientHandlerContext) => Observable<CreateMessageResult> {
  return (params, context) => {
    const model = pickModel(params.modelPreferences, options.model, options.models ?? []);
    const work$ = defer(() => approvalOf(options.approve(params, { model, signal: context.signal }))).pipe(
      mergeMap((approved) => {
        if (!approved) return throwError(() => new RpcError(SAMPLING_REJECTED_CODE, 'User rejected sampling request', { method: 'sampling/createMessage' }));
        const { body, toolNames } = toChatRequest(params, { model, maxTokensField: options.maxTokensField ?? 'max_tokens', maxTokensLimit: options.maxTokensLimit, body: options.body });
        return chatCompletion(options, body).pipe(mergeMap((completion) => of(fromChatCompletion(completion, model, toolNames))));
      }),
    );
    return new Observable<CreateMessageResult>((subscriber) =>
      untilAborted(context.signal, work$).subscribe({
        next: (value) => subscriber.next(value),
        error: (error: unknown) => subscriber.error(serverError(error)),
        complete: () => subscriber.complete(),
      }),
    );
  };
}
