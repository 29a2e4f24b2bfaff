// OpenAI Chat Completions (and every compatible server: vLLM, llama.cpp, Ollama, LM Studio…) for the agent loop:
// `POST {baseUrl}/chat/completions`, a `chat.completion` or, streamed, `chat.completion.chunk` events up to `[DONE]`
// (tool-call arguments arrive in pieces by `index`; usage in a last chunk without choices).
import { toOpenAiChatToolMessages, type OpenAiChatMessage } from '../results.js';
import { openAiChatTool } from '../tool-formats.js';
import { failedWith, isObject, notAnAnswer, type Json } from './json.js';
import type { ModelProvider, ModelProviderOptions, ModelReply, ModelStopReason, ModelToolCall, ModelTurnEvent, ModelUsage } from './types.js';
import { NOTHING, httpExchange, modelTurn, sdkExchange, type ApiCodec, type SdkCreate, type StreamReader } from './wire.js';

/** The part of the `openai` SDK client the Chat Completions provider uses (`new OpenAI()` fits). */
export interface OpenAiChatClient {
  /** The chat API. */
  readonly chat: {
    /** Its completions. */
    readonly completions: {
      /** Creates a completion; with `stream: true`, an async iterable of chunks. */
      create: SdkCreate;
    };
  };
}

/** Options of {@link openAiChatModel}. */
export interface OpenAiChatModelOptions extends ModelProviderOptions {
  /** An `openai` SDK client to send the requests with, instead of `fetch`. */
  readonly client?: OpenAiChatClient;
}


function usageOf(value: unknown): ModelUsage | undefined {
  if (!isObject(value)) return undefined;
  const { prompt_tokens: input, completion_tokens: output } = value;
  return { ...(typeof input === 'number' ? { inputTokens: input } : {}), ...(typeof output === 'number' ? { outputTokens: output } : {}) };
}

function reasonOf(finish: string | undefined, calls: number): ModelStopReason {
  if (calls > 0) return 'tool-calls';
  if (finish === undefined || finish === 'stop') return 'stop';
  return finish === 'length' ? 'length' : finish === 'content_filter' ? 'refusal' : 'other';
}

function reply(text: string, calls: readonly ModelToolCall[], finish: string | undefined): ModelReply<OpenAiChatMessage> {
  const toolCalls = calls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } }));
  const message: OpenAiChatMessage = toolCalls.length === 0 ? { role: 'assistant', content: text } : { role: 'assistant', content: text === '' ? null : text, tool_calls: toolCalls };
  return { messages: [message], text, calls, reason: reasonOf(finish, calls.length), providerReason: finish };
}

function whole(value: unknown): { reply: ModelReply<OpenAiChatMessage>; usage: ModelUsage | undefined } {
  const choice: unknown = isObject(value) && Array.isArray(value['choices']) ? value['choices'][0] : undefined;
  const message = isObject(choice) ? choice['message'] : undefined;
  if (!isObject(choice) || !isObject(message)) throw notAnAnswer('a chat completion');
  const calls = (Array.isArray(message['tool_calls']) ? message['tool_calls'] : []).filter(isObject).map((call): ModelToolCall => {
    const fn = isObject(call['function']) ? call['function'] : {};
    return { id: String(call['id'] ?? ''), name: String(fn['name'] ?? ''), arguments: typeof fn['arguments'] === 'string' ? fn['arguments'] : '' };
  });
  const text = typeof message['content'] === 'string' ? message['content'] : '';
  const finish = typeof choice['finish_reason'] === 'string' ? choice['finish_reason'] : undefined;
  return { reply: reply(text, calls, finish), usage: usageOf((value as Json)['usage']) };
}

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

function mergeCalls(calls: Map<number, PartialCall>, deltas: unknown): void {
  if (!Array.isArray(deltas)) return;
  for (const delta of deltas.filter(isObject)) {
    const index = typeof delta['index'] === 'number' ? delta['index'] : calls.size;
    const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
    const fn = isObject(delta['function']) ? delta['function'] : {};
    if (typeof delta['id'] === 'string') call.id = delta['id'];
    if (typeof fn['name'] === 'string') call.name += fn['name'];
    if (typeof fn['arguments'] === 'string') call.arguments += fn['arguments'];
    calls.set(index, call);
  }
}

function streamReader(): StreamReader<OpenAiChatMessage> {
  let text = '';
  let finish: string | undefined;
  const calls = new Map<number, PartialCall>();
  return {
    event: (data) => {
      if (!isObject(data)) throw notAnAnswer('a chat completion chunk');
      if (data['error'] !== undefined) throw failedWith(data['error'], 'an error event');
      const events: ModelTurnEvent<OpenAiChatMessage>[] = [];
      const usage = usageOf(data['usage']);
      const choice: unknown = Array.isArray(data['choices']) ? data['choices'][0] : undefined;
      const delta = isObject(choice) && isObject(choice['delta']) ? choice['delta'] : undefined;
      if (typeof delta?.['content'] === 'string' && delta['content'] !== '') {
        text += delta['content'];
        events.push({ type: 'text-delta', text: delta['content'] });
      }
      mergeCalls(calls, delta?.['tool_calls']);
      if (isObject(choice) && typeof choice['finish_reason'] === 'string') finish = choice['finish_reason'];
      if (usage !== undefined) events.push({ type: 'usage', usage });
      return events.length === 0 ? NOTHING : events;
    },
    end: () => {
      if (finish === undefined) throw notAnAnswer('a whole chat completion (the stream ended before the answer did: no finish_reason)');
      return reply(text, [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call), finish);
    },
  };
}

const CODEC: ApiCodec<OpenAiChatMessage> = { whole, stream: streamReader };

/**
 * A model behind OpenAI Chat Completions, for `runAgent`: OpenAI, or any compatible server (`baseUrl`, default
 * `https://api.openai.com/v1`; `POST {baseUrl}/chat/completions` with `fetch`), or an `openai` SDK client.
 * Streamed by default (`stream: false` for one JSON answer); a streamed request asks for usage
 * (`stream_options.include_usage`).
 *
 * **Temperature:** a value; each `turn` is a cold Observable, one request per subscription. **Emits:** (`turn`)
 * text deltas, usage, then the reply. **Completes:** after the reply. **Errors:** `ModelEndpointError` (unreachable,
 * an HTTP error with the endpoint's message, an error event, not a chat completion). **Teardown:** aborts the request.
 * @example
 * ```ts
 * import { openAiChatModel, runAgent } from 'rxmcp/agent';
 *
 * const model = openAiChatModel({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' });
 * runAgent({ source: client, model, prompt: 'Add 17 and 25' }).subscribe(show);
 * ```
 */
export function openAiChatModel(options: OpenAiChatModelOptions): ModelProvider<OpenAiChatMessage> {
  const { client } = options;
  const headers = { ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}), ...options.headers };
  const exchange = client !== undefined
    ? sdkExchange((body, init) => client.chat.completions.create(body, init))
    : httpExchange({ url: `${(options.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/chat/completions`, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const stream = options.stream ?? true;
  return {
    api: 'openai-chat',
    model: options.model,
    start: (prompt) => [{ role: 'user', content: prompt }],
    tool: openAiChatTool,
    toolResults: (entries) => toOpenAiChatToolMessages(entries),
    turn: ({ system, messages, tools }) => {
      const body: Json = { ...options.body, model: options.model, messages: system === undefined ? messages : [{ role: 'system', content: system }, ...messages] };
      if (tools.length > 0) body['tools'] = tools;
      if (stream) Object.assign(body, { stream: true, stream_options: { include_usage: true } });
      return modelTurn(exchange, body, CODEC);
    },
  };
}
