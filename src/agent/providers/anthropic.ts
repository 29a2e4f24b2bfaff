// Anthropic Messages for the agent loop: `POST {baseUrl}/messages` (`x-api-key`, `anthropic-version`), the system
// prompt as `system`; a `message` or, streamed, its events (message_start, content_block_start,
// content_block_delta with text_delta / input_json_delta / thinking_delta / signature_delta, content_block_stop,
// message_delta with the stop reason and usage, message_stop; `error` for failures, `ping` between). The assistant's
// content blocks join the conversation as they came; tool results go back in one user message.
import { toAnthropicToolResult } from '../results.js';
import { anthropicTool } from '../tool-formats.js';
import { failedWith, isObject, notAnAnswer, numberAt, type Json } from './json.js';
import type { ModelProvider, ModelProviderOptions, ModelReply, ModelStopReason, ModelToolCall, ModelTurnEvent, ModelUsage } from './types.js';
import { NOTHING, httpExchange, modelTurn, sdkExchange, type ApiCodec, type SdkCreate, type StreamReader } from './wire.js';

/** A message of an Anthropic Messages conversation: a role and a text or content blocks. */
export interface AnthropicMessage {
  /** Who speaks. */
  readonly role: 'user' | 'assistant';
  /** A text, or content blocks (`text`, `image`, `tool_use`, `tool_result`, `thinking`…). */
  readonly content: string | readonly Readonly<Record<string, unknown>>[];
}

/** The part of the `@anthropic-ai/sdk` client the Messages provider uses (`new Anthropic()` fits). */
export interface AnthropicClient {
  /** The Messages API. */
  readonly messages: {
    /** Creates a message; with `stream: true`, an async iterable of events. */
    create: SdkCreate;
  };
}

/** Options of {@link anthropicModel}. */
export interface AnthropicModelOptions extends ModelProviderOptions {
  /** `max_tokens` of every request (the API requires one); default 4096. */
  readonly maxTokens?: number;
  /** The `anthropic-version` header; default `2023-06-01`. */
  readonly version?: string;
  /** An `@anthropic-ai/sdk` client to send the requests with, instead of `fetch`. */
  readonly client?: AnthropicClient;
}

const STOP_REASONS: Readonly<Record<string, ModelStopReason>> = { end_turn: 'stop', stop_sequence: 'stop', tool_use: 'tool-calls', max_tokens: 'length', refusal: 'refusal' };

function usageOf(value: unknown): ModelUsage | undefined {
  if (!isObject(value)) return undefined;
  const inputTokens = numberAt(value, 'input_tokens');
  const outputTokens = numberAt(value, 'output_tokens');
  return { ...(inputTokens === undefined ? {} : { inputTokens }), ...(outputTokens === undefined ? {} : { outputTokens }) };
}

function replyOf(blocks: readonly Json[], stop: string | undefined): ModelReply<AnthropicMessage> {
  const text = blocks.map((block) => (block['type'] === 'text' && typeof block['text'] === 'string' ? block['text'] : '')).join('');
  const calls = blocks.filter((block) => block['type'] === 'tool_use').map((block): ModelToolCall => ({
    id: String(block['id'] ?? ''), name: String(block['name'] ?? ''), arguments: JSON.stringify(block['input'] ?? {}),
  }));
  const reason = calls.length > 0 ? 'tool-calls' : stop === undefined ? 'stop' : (STOP_REASONS[stop] ?? 'other');
  return { messages: [{ role: 'assistant', content: blocks }], text, calls, reason, providerReason: stop };
}

function whole(value: unknown): { reply: ModelReply<AnthropicMessage>; usage: ModelUsage | undefined } {
  if (!isObject(value) || !Array.isArray(value['content'])) throw notAnAnswer('a message');
  const stop = typeof value['stop_reason'] === 'string' ? value['stop_reason'] : undefined;
  return { reply: replyOf(value['content'].filter(isObject), stop), usage: usageOf(value['usage']) };
}

/** One content block as it streams: its start, then deltas (tool input as partial JSON, joined at the end). */
interface OpenBlock {
  block: Json;
  json: string;
}

function applyDelta(open: OpenBlock, delta: Json): string | undefined {
  const { block } = open;
  switch (delta['type']) {
    case 'text_delta':
      block['text'] = `${String(block['text'] ?? '')}${String(delta['text'] ?? '')}`;
      return String(delta['text'] ?? '');
    case 'input_json_delta':
      open.json += String(delta['partial_json'] ?? '');
      return undefined;
    case 'thinking_delta':
      block['thinking'] = `${String(block['thinking'] ?? '')}${String(delta['thinking'] ?? '')}`;
      return undefined;
    case 'signature_delta':
      block['signature'] = delta['signature'];
      return undefined;
    default:
      return undefined;
  }
}

function closeBlock(open: OpenBlock): Json {
  if (open.block['type'] !== 'tool_use') return open.block;
  try {
    return { ...open.block, input: open.json === '' ? (open.block['input'] ?? {}) : JSON.parse(open.json) };
  } catch (error) {
    throw notAnAnswer(`tool input JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

function streamReader(): StreamReader<AnthropicMessage> {
  const blocks = new Map<number, OpenBlock>();
  let stop: string | undefined;
  let started = false;
  let stopped = false;
  const event = (data: unknown): readonly ModelTurnEvent<AnthropicMessage>[] => {
    if (!isObject(data)) throw notAnAnswer('a Messages stream event');
    const index = numberAt(data, 'index') ?? 0;
    switch (data['type']) {
      case 'message_start': {
        started = true;
        const usage = usageOf(isObject(data['message']) ? data['message']['usage'] : undefined);
        return usage === undefined ? NOTHING : [{ type: 'usage', usage }];
      }
      case 'content_block_start':
        blocks.set(index, { block: { ...(isObject(data['content_block']) ? data['content_block'] : {}) }, json: '' });
        return NOTHING;
      case 'content_block_delta': {
        const open = blocks.get(index);
        const text = open !== undefined && isObject(data['delta']) ? applyDelta(open, data['delta']) : undefined;
        return text === undefined || text === '' ? NOTHING : [{ type: 'text-delta', text }];
      }
      case 'message_delta': {
        if (isObject(data['delta']) && typeof data['delta']['stop_reason'] === 'string') stop = data['delta']['stop_reason'];
        const usage = usageOf(data['usage']);
        return usage === undefined ? NOTHING : [{ type: 'usage', usage }];
      }
      case 'message_stop':
        stopped = true;
        return NOTHING;
      case 'error':
        throw failedWith(data['error'], 'an error event');
      default:
        return NOTHING;
    }
  };
  const end = (): ModelReply<AnthropicMessage> => {
    if (!started || !stopped) throw notAnAnswer('a whole message (the stream ended before message_stop)');
    return replyOf([...blocks.entries()].sort(([a], [b]) => a - b).map(([, open]) => closeBlock(open)), stop);
  };
  return { event, end };
}

const CODEC: ApiCodec<AnthropicMessage> = { whole, stream: streamReader };

/**
 * A model behind the Anthropic Messages API, for `runAgent`: `POST {baseUrl}/messages` with `fetch` (`baseUrl`
 * default `https://api.anthropic.com/v1`; the key as `x-api-key`), or an `@anthropic-ai/sdk` client. Streamed by
 * default (`stream: false` for one JSON answer).
 *
 * **Temperature:** a value; each `turn` is a cold Observable, one request per subscription. **Emits:** (`turn`)
 * text deltas, usage (input tokens at the start, output tokens at the end), then the reply. **Completes:** after the
 * reply. **Errors:** `ModelEndpointError` (unreachable, an HTTP error with the endpoint's message, an `error` event, a
 * stream that ends before `message_stop`). **Teardown:** aborts the request.
 */
export function anthropicModel(options: AnthropicModelOptions): ModelProvider<AnthropicMessage> {
  const { client } = options;
  const headers = { 'anthropic-version': options.version ?? '2023-06-01', ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}), ...options.headers };
  const exchange = client !== undefined
    ? sdkExchange((body, init) => client.messages.create(body, init))
    : httpExchange({ url: `${(options.baseUrl ?? 'https://api.anthropic.com/v1').replace(/\/+$/, '')}/messages`, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const stream = options.stream ?? true;
  return {
    api: 'anthropic-messages',
    model: options.model,
    start: (prompt) => [{ role: 'user', content: prompt }],
    tool: anthropicTool,
    toolResults: (entries) => (entries.length === 0 ? [] : [{ role: 'user', content: entries.map((entry) => toAnthropicToolResult(entry) as unknown as Json) }]),
    turn: ({ system, messages, tools }) => {
      const body: Json = { max_tokens: options.maxTokens ?? 4096, ...options.body, model: options.model, messages };
      if (system !== undefined) body['system'] = system;
      if (tools.length > 0) body['tools'] = tools;
      if (stream) body['stream'] = true;
      return modelTurn(exchange, body, CODEC);
    },
  };
}
