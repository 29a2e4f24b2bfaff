// A sampling request (MCP) as a Chat Completions request, and the completion back as a sampling result. Every
// mismatch the server caused is an invalid-params error (-32602): the server can fix its request.
import { RpcError } from '../errors/errors.js';
import type { ImageContent, AudioContent, SamplingContentBlock, TextContent, ToolResultContent, ToolUseContent } from '../protocol/model/content.js';
import type { CreateMessageRequestParams, CreateMessageResult, ModelPreferences, SamplingMessage } from '../protocol/model/sampling.js';
import { describeTools } from './advertise.js';
import type { ChatCompletion, ChatCompletionRequest } from './openai-chat.js';
import { toolOutput } from './output.js';
import { toOpenAiChatToolMessages, type OpenAiChatContentPart, type OpenAiChatMessage, type OpenAiChatToolCall } from './results.js';
import { openAiChatTool } from './tool-formats.js';

const INVALID_PARAMS = -32602;
const invalid = (message: string): RpcError => new RpcError(INVALID_PARAMS, message, { method: 'sampling/createMessage' });

/** The model to use: the first hint (in order) that an allowed model name contains, else the default. */
export function pickModel(preferences: ModelPreferences | undefined, fallback: string, allowed: readonly string[]): string {
  const candidates = [fallback, ...allowed];
  for (const hint of preferences?.hints ?? []) {
    const wanted = hint.name?.toLowerCase();
    if (wanted === undefined || wanted === '') continue;
    const found = candidates.find((model) => model.toLowerCase().includes(wanted));
    if (found !== undefined) return found;
  }
  return fallback;
}

const blocksOf = (message: SamplingMessage): readonly SamplingContentBlock[] =>
  (Array.isArray(message.content) ? message.content : [message.content]) as readonly SamplingContentBlock[];

function mediaPart(block: ImageContent | AudioContent): OpenAiChatContentPart {
  if (block.type === 'image') return { type: 'image_url', image_url: { url: `data:${block.mimeType};base64,${block.data}` } };
  const format = /wav/.test(block.mimeType) ? 'wav' : /mpeg|mp3/.test(block.mimeType) ? 'mp3' : undefined;
  if (format === undefined) throw invalid(`Audio of type ${block.mimeType} cannot be sent to the model (wav and mp3 only)`);
  return { type: 'input_audio', input_audio: { data: block.data, format } };
}

interface Conversion {
  /** MCP tool name → the provider name the model knows it by. */
  readonly toProvider: ReadonlyMap<string, string>;
  /** Tool-use ids the previous assistant message opened and no tool result has answered yet. */
  open: Set<string>;
}

function userMessages(blocks: readonly SamplingContentBlock[], state: Conversion): OpenAiChatMessage[] {
  const results = blocks.filter((block): block is ToolResultContent => block.type === 'tool_result');
  if (results.length > 0) {
    if (results.length !== blocks.length) throw invalid('A user message with tool results must contain only tool results');
    for (const result of results) {
      if (!state.open.delete(result.toolUseId)) throw invalid(`Tool result ${result.toolUseId} answers no tool use of the previous assistant message`);
    }
    if (state.open.size > 0) throw invalid(`Tool use ${[...state.open].join(', ')} has no tool result`);
    return toOpenAiChatToolMessages(results.map((result) => ({ callId: result.toolUseId, output: toolOutput({ content: result.content, structuredContent: result.structuredContent, isError: result.isError }) })));
  }
  if (state.open.size > 0) throw invalid(`Tool use ${[...state.open].join(', ')} has no tool result`);
  const parts = blocks.map((block): OpenAiChatContentPart => {
    if (block.type === 'text') return { type: 'text', text: block.text };
    if (block.type === 'image' || block.type === 'audio') return mediaPart(block);
    throw invalid('A user message cannot contain a tool use');
  });
  const only = parts[0];
  return [{ role: 'user', content: parts.length === 1 && only?.type === 'text' ? only.text : parts }];
}

function assistantMessage(blocks: readonly SamplingContentBlock[], state: Conversion): OpenAiChatMessage {
  if (state.open.size > 0) throw invalid(`Tool use ${[...state.open].join(', ')} has no tool result`);
  const texts: string[] = [];
  const calls: OpenAiChatToolCall[] = [];
  for (const block of blocks) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'tool_use') {
      calls.push({ id: block.id, type: 'function', function: { name: state.toProvider.get(block.name) ?? block.name, arguments: JSON.stringify(block.input ?? {}) } });
      state.open.add(block.id);
    } else throw invalid(`An assistant message cannot carry ${block.type} content for this model`);
  }
  const content = texts.length === 0 ? null : texts.join('\n');
  return calls.length === 0 ? { role: 'assistant', content } : { role: 'assistant', content, tool_calls: calls };
}

/** Options of {@link toChatRequest}. */
export interface ChatRequestOptions {
  readonly model: string;
  readonly maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** Upper bound on `maxTokens`. */
  readonly maxTokensLimit?: number;
  readonly body?: Readonly<Record<string, unknown>>;
}

/** A sampling request as a Chat Completions body, and the map back from provider tool names. */
export function toChatRequest(params: CreateMessageRequestParams, options: ChatRequestOptions): { body: ChatCompletionRequest; toolNames: ReadonlyMap<string, string> } {
  const tools = params.tools === undefined || params.tools.length === 0 ? undefined : describeTools(params.tools, new Map(), openAiChatTool, { maxTools: Number.MAX_SAFE_INTEGER });
  const toProvider = new Map((tools?.tools ?? []).map((entry) => [entry.tool.name, entry.name]));
  const state: Conversion = { toProvider, open: new Set() };
  const messages: OpenAiChatMessage[] = params.systemPrompt === undefined ? [] : [{ role: 'system', content: params.systemPrompt }];
  for (const message of params.messages) {
    const blocks = blocksOf(message);
    if (message.role === 'assistant') messages.push(assistantMessage(blocks, state));
    else messages.push(...userMessages(blocks, state));
  }
  const maxTokens = options.maxTokensLimit === undefined ? params.maxTokens : Math.min(params.maxTokens, options.maxTokensLimit);
  const body: Record<string, unknown> = { ...options.body, model: options.model, messages, [options.maxTokensField]: maxTokens };
  if (params.temperature !== undefined) body['temperature'] = params.temperature;
  if (params.stopSequences !== undefined && params.stopSequences.length > 0) body['stop'] = params.stopSequences;
  if (tools !== undefined) body['tools'] = tools.definitions;
  if (tools !== undefined && params.toolChoice?.mode !== undefined) body['tool_choice'] = params.toolChoice.mode;
  return { body: body as ChatCompletionRequest, toolNames: new Map((tools?.tools ?? []).map((entry) => [entry.name, entry.tool.name])) };
}

const STOP_REASONS: Readonly<Record<string, string>> = { stop: 'endTurn', length: 'maxTokens', tool_calls: 'toolUse', function_call: 'toolUse' };

function toolUse(call: { id: string; function: { name: string; arguments?: string | undefined } }, names: ReadonlyMap<string, string>): ToolUseContent {
  let input: unknown;
  try {
    input = JSON.parse(call.function.arguments === undefined || call.function.arguments === '' ? '{}' : call.function.arguments);
  } catch {
    throw new RpcError(-32603, `The model called ${call.function.name} with arguments that are not JSON`, { method: 'sampling/createMessage' });
  }
  const object = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as ToolUseContent['input']) : { value: input } as ToolUseContent['input'];
  return { type: 'tool_use', id: call.id, name: names.get(call.function.name) ?? call.function.name, input: object };
}

/** A completion as a sampling result: text, tool uses (named as the server named its tools), stop reason. */
export function fromChatCompletion(completion: ChatCompletion, model: string, toolNames: ReadonlyMap<string, string>): CreateMessageResult {
  const choice = completion.choices[0] as ChatCompletion['choices'][number];
  const text = choice.message.content ?? '';
  const uses = (choice.message.tool_calls ?? []).map((call) => toolUse(call, toolNames));
  const textBlock: TextContent = { type: 'text', text };
  const content = uses.length === 0 ? textBlock : text === '' ? uses : [textBlock, ...uses];
  const finish = choice.finish_reason ?? undefined;
  const stopReason = finish === undefined ? (uses.length > 0 ? 'toolUse' : 'endTurn') : (STOP_REASONS[finish] ?? finish);
  return { role: 'assistant', content, model: completion.model ?? model, stopReason };
}
