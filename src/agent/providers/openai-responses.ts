// OpenAI Responses for the agent loop: `POST {baseUrl}/responses` with the conversation as `input` items and the
// system prompt as `instructions`; a `response` object or, streamed, semantic events (`response.output_text.delta`
// for text as it comes, `response.completed` / `response.incomplete` with the whole response, `response.failed` and
// `error` for failures). The response's output items join the conversation as they are (messages, function calls,
// reasoning), followed by a `function_call_output` per call.
import { toOpenAiResponsesToolOutput } from '../results.js';
import { openAiResponsesTool } from '../tool-formats.js';
import { failedWith, isObject, notAnAnswer, numberAt, type Json } from './json.js';
import type { ModelProvider, ModelProviderOptions, ModelReply, ModelStopReason, ModelToolCall, ModelTurnEvent, ModelUsage } from './types.js';
import { NOTHING, httpExchange, modelTurn, sdkExchange, type ApiCodec, type SdkCreate, type StreamReader } from './wire.js';

/** An item of a Responses API conversation (`input`): a message, an output item of a response, a function call output. */
export type OpenAiResponsesItem = Readonly<Record<string, unknown>>;

/** The part of the `openai` SDK client the Responses provider uses (`new OpenAI()` fits). */
export interface OpenAiResponsesClient {
  /** The Responses API. */
  readonly responses: {
    /** Creates a response; with `stream: true`, an async iterable of events. */
    create: SdkCreate;
  };
}

/** Options of {@link openAiResponsesModel}. */
export interface OpenAiResponsesModelOptions extends ModelProviderOptions {
  /** An `openai` SDK client to send the requests with, instead of `fetch`. */
  readonly client?: OpenAiResponsesClient;
}

function usageOf(value: unknown): ModelUsage | undefined {
  if (!isObject(value)) return undefined;
  const inputTokens = numberAt(value, 'input_tokens');
  const outputTokens = numberAt(value, 'output_tokens');
  return { ...(inputTokens === undefined ? {} : { inputTokens }), ...(outputTokens === undefined ? {} : { outputTokens }) };
}

const textOf = (items: readonly Json[]): string =>
  items.filter((item) => item['type'] === 'message' && Array.isArray(item['content']))
    .flatMap((item) => (item['content'] as unknown[]).filter(isObject))
    .map((part) => (part['type'] === 'output_text' && typeof part['text'] === 'string' ? part['text'] : ''))
    .join('');

function reasonOf(response: Json, calls: number): { reason: ModelStopReason; providerReason: string | undefined } {
  if (calls > 0) return { reason: 'tool-calls', providerReason: 'function_call' };
  const details = isObject(response['incomplete_details']) ? response['incomplete_details']['reason'] : undefined;
  if (response['status'] !== 'incomplete') return { reason: 'stop', providerReason: typeof response['status'] === 'string' ? response['status'] : undefined };
  return { reason: details === 'max_output_tokens' ? 'length' : details === 'content_filter' ? 'refusal' : 'other', providerReason: typeof details === 'string' ? details : 'incomplete' };
}

function replyOf(response: unknown): { reply: ModelReply<OpenAiResponsesItem>; usage: ModelUsage | undefined } {
  if (!isObject(response) || !Array.isArray(response['output'])) throw notAnAnswer('a response');
  if (response['status'] === 'failed') throw failedWith(response['error'], 'the response failed');
  const items = response['output'].filter(isObject);
  const calls = items.filter((item) => item['type'] === 'function_call').map((item): ModelToolCall => ({
    id: String(item['call_id'] ?? ''),
    name: String(item['name'] ?? ''),
    arguments: typeof item['arguments'] === 'string' ? item['arguments'] : '',
  }));
  return { reply: { messages: items, text: textOf(items), calls, ...reasonOf(response, calls.length) }, usage: usageOf(response['usage']) };
}

function streamReader(): StreamReader<OpenAiResponsesItem> {
  let done: ReturnType<typeof replyOf> | undefined;
  return {
    event: (data): readonly ModelTurnEvent<OpenAiResponsesItem>[] => {
      if (!isObject(data)) throw notAnAnswer('a Responses stream event');
      switch (data['type']) {
        case 'response.output_text.delta':
          return typeof data['delta'] === 'string' && data['delta'] !== '' ? [{ type: 'text-delta', text: data['delta'] }] : NOTHING;
        case 'response.completed':
        case 'response.incomplete':
        case 'response.failed':
          done = replyOf(data['response']);
          return done.usage === undefined ? NOTHING : [{ type: 'usage', usage: done.usage }];
        case 'error':
          throw failedWith(data, 'an error event');
        default:
          return NOTHING;
      }
    },
    end: () => {
      if (done === undefined) throw notAnAnswer('a whole response (the stream ended before response.completed)');
      return done.reply;
    },
  };
}

const CODEC: ApiCodec<OpenAiResponsesItem> = { whole: replyOf, stream: streamReader };

/**
 * A model behind the OpenAI Responses API, for `runAgent`: `POST {baseUrl}/responses` with `fetch` (`baseUrl`
 * default `https://api.openai.com/v1`), or an `openai` SDK client. Streamed by default (`stream: false` for one JSON
 * answer). Each request carries the whole conversation (no `previous_response_id`).
 *
 * **Temperature:** a value; each `turn` is a cold Observable, one request per subscription. **Emits:** (`turn`)
 * text deltas, usage, then the reply. **Completes:** after the reply. **Errors:** `ModelEndpointError` (unreachable,
 * an HTTP error with the endpoint's message, `response.failed` or an `error` event, a stream that ends before the
 * response does). **Teardown:** aborts the request.
 */
export function openAiResponsesModel(options: OpenAiResponsesModelOptions): ModelProvider<OpenAiResponsesItem> {
  const { client } = options;
  const headers = { ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}), ...options.headers };
  const exchange = client !== undefined
    ? sdkExchange((body, init) => client.responses.create(body, init))
    : httpExchange({ url: `${(options.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/responses`, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const stream = options.stream ?? true;
  return {
    api: 'openai-responses',
    model: options.model,
    start: (prompt) => [{ role: 'user', content: prompt }],
    tool: openAiResponsesTool,
    toolResults: (entries) => entries.map((entry) => toOpenAiResponsesToolOutput(entry) as unknown as OpenAiResponsesItem),
    turn: ({ system, messages, tools }) => {
      const body: Json = { ...options.body, model: options.model, input: messages };
      if (system !== undefined) body['instructions'] = system;
      if (tools.length > 0) body['tools'] = tools;
      if (stream) body['stream'] = true;
      return modelTurn(exchange, body, CODEC);
    },
  };
}
