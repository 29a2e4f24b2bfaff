// What the agent loop needs from a model provider: its tool format, one model turn as a stream of events, and the
// messages that carry tool results back. One implementation per provider API (OpenAI Chat Completions, OpenAI
// Responses, Anthropic Messages), each over `fetch` or over the provider's SDK client.
import type { Observable } from 'rxjs';
import type { FetchLike } from '../../transport/internal/fetch.js';
import type { AdvertisedTool } from '../advertise.js';
import type { ToolOutputEntry } from '../results.js';

/** The provider APIs the agent loop speaks. */
export type ModelApi = 'openai-chat' | 'openai-responses' | 'anthropic-messages';

/** Token counts of one model request, as the provider reported them. */
export interface ModelUsage {
  /** Tokens of the request (prompt, input). */
  readonly inputTokens?: number;
  /** Tokens of the answer (completion, output). */
  readonly outputTokens?: number;
}

/** A tool call in a model's answer. */
export interface ModelToolCall {
  /** The provider's id of the call, which the tool result repeats. */
  readonly id: string;
  /** The name the model called (the provider name of the tool). */
  readonly name: string;
  /** The arguments as the JSON text the model wrote. */
  readonly arguments: string;
}

/** Why a model stopped: it wants tools, it is done, it ran out of tokens, it refused, or the provider said else. */
export type ModelStopReason = 'tool-calls' | 'stop' | 'length' | 'refusal' | 'other';

/** The model's whole answer to one request. */
export interface ModelReply<M> {
  /** The messages (or input items) that join the conversation. */
  readonly messages: readonly M[];
  /** The text of the answer. */
  readonly text: string;
  /** The tool calls of the answer, in order. */
  readonly calls: readonly ModelToolCall[];
  /** Why it stopped. */
  readonly reason: ModelStopReason;
  /** The provider's own stop reason (`tool_calls`, `end_turn`, `max_output_tokens`…), when it gave one. */
  readonly providerReason: string | undefined;
}

/** What one model request emits: text as it comes, token counts, then the whole reply. */
export type ModelTurnEvent<M> =
  | {
      /** A piece of the answer's text. */
      readonly type: 'text-delta';
      /** The piece. */
      readonly text: string;
    }
  | {
      /** The provider reported token counts. */
      readonly type: 'usage';
      /** The counts. */
      readonly usage: ModelUsage;
    }
  | {
      /** The answer is complete. */
      readonly type: 'reply';
      /** The answer. */
      readonly reply: ModelReply<M>;
    };

/** One model request: the conversation and the tools in the provider's format. */
export interface ModelRequest<M> {
  /** Instructions (a system prompt), sent where the API takes them. */
  readonly system?: string;
  /** The conversation so far. */
  readonly messages: readonly M[];
  /** The tool definitions, as {@link ModelProvider.tool} made them. */
  readonly tools: readonly unknown[];
}

/**
 * A model behind one provider API, as the agent loop uses it. Made by `openAiChatModel`, `openAiResponsesModel` or
 * `anthropicModel`; `M` is the API's message type.
 */
export interface ModelProvider<M = unknown> {
  /** The provider API. */
  readonly api: ModelApi;
  /** The model's name. */
  readonly model: string;
  /** The conversation that starts with this user text. */
  start(prompt: string): M[];
  /** One tool in the API's tool format. */
  tool(entry: AdvertisedTool): unknown;
  /**
   * Sends one request.
   *
   * - **Temperature:** cold; each subscription is one HTTP request (or SDK call).
   * - **Emits:** `text-delta` and `usage` events as they come (a request that does not stream emits its text as one
   *   delta), then one `reply`.
   * - **Completes:** after the reply.
   * - **Errors:** `ModelEndpointError` when the endpoint fails, answers an error or something the API does not answer.
   * - **Teardown:** aborts the request.
   */
  turn(request: ModelRequest<M>): Observable<ModelTurnEvent<M>>;
  /** The messages that give the model the results of its tool calls (in the order of the calls). */
  toolResults(entries: readonly ToolOutputEntry[]): M[];
}

/** What every model provider takes: the model, streaming, extra body members, and where the API is. */
export interface ModelProviderOptions {
  /** The model name sent in every request. */
  readonly model: string;
  /** Stream the answer (text deltas as they come); default true. */
  readonly stream?: boolean;
  /** Extra members of every request body (`temperature`, `max_output_tokens`, …). */
  readonly body?: Readonly<Record<string, unknown>>;
  /** The API's base URL (ignored when an SDK client is given). */
  readonly baseUrl?: string;
  /** The API key (ignored when an SDK client is given). */
  readonly apiKey?: string;
  /** Extra request headers (ignored when an SDK client is given). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Default: the platform `fetch`, else cross-fetch. */
  readonly fetch?: FetchLike;
}
