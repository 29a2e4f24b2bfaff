// Sampling answered by an Anthropic model: the server's request as a Messages request (text, image, tool use and
// tool result blocks, the tools under names the API accepts), the message back as a sampling result. Every mismatch
// the server caused is an invalid-params error (-32602): the server can fix its request.
import { Observable, defer, map, mergeMap, take, throwError, filter, type ObservableInput } from 'rxjs';
import { RpcError } from '../../errors/errors.js';
import { approvalOf } from '../../client/tool-hints.js';
import type { ClientHandlerContext } from '../../client/types.js';
import type { SamplingContentBlock, ToolUseContent } from '../../protocol/model/content.js';
import type { CreateMessageRequestParams, CreateMessageResult, SamplingMessage } from '../../protocol/model/sampling.js';
import type { JsonObject } from '../../protocol/model/primitives.js';
import { describeTools } from '../advertise.js';
import { toolOutput } from '../output.js';
import { toAnthropicToolResult } from '../results.js';
import { pickModel } from '../sampling-messages.js';
import { SAMPLING_REJECTED_CODE, serverError, untilAborted, type SamplingApprovalContext } from '../sampling.js';
import { anthropicTool } from '../tool-formats.js';
import { anthropicModel, type AnthropicMessage, type AnthropicModelOptions } from './anthropic.js';
import { isObject, type Json } from './json.js';

/** Options of {@link anthropicSampling}: the model configuration of `anthropicModel`, and the sampling policy. */
export interface AnthropicSamplingOptions extends Omit<AnthropicModelOptions, 'stream' | 'maxTokens'> {
  /** Further models the server's `modelPreferences.hints` may pick (substring match, hints in order). */
  readonly models?: readonly string[];
  /**
   * Runs before anything is sent: `true` sends the request, `false` rejects it (JSON-RPC error -1). Show the request
   * to a person here; answer with a value, a Promise or an Observable (first value).
   */
  readonly approve: (params: CreateMessageRequestParams, context: SamplingApprovalContext) => boolean | ObservableInput<boolean>;
  /** Upper bound on the server's `maxTokens`. */
  readonly maxTokensLimit?: number;
}

const invalid = (message: string): RpcError => new RpcError(-32602, message, { method: 'sampling/createMessage' });
const blocksOf = (message: SamplingMessage): readonly SamplingContentBlock[] =>
  (Array.isArray(message.content) ? message.content : [message.content]) as readonly SamplingContentBlock[];

function block(part: SamplingContentBlock, role: SamplingMessage['role'], toProvider: ReadonlyMap<string, string>): Json {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } };
    case 'tool_use':
      if (role !== 'assistant') throw invalid('A user message cannot contain a tool use');
      return { type: 'tool_use', id: part.id, name: toProvider.get(part.name) ?? part.name, input: part.input };
    case 'tool_result': {
      if (role !== 'user') throw invalid('An assistant message cannot contain a tool result');
      const output = toolOutput({ content: part.content, structuredContent: part.structuredContent, isError: part.isError });
      return toAnthropicToolResult({ callId: part.toolUseId, output }) as unknown as Json;
    }
    default:
      throw invalid(`${part.type} content cannot be sent to this model`);
  }
}

const TOOL_CHOICE: Readonly<Record<string, Json>> = { auto: { type: 'auto' }, required: { type: 'any' }, none: { type: 'none' } };
const STOP_REASONS: Readonly<Record<string, string>> = { end_turn: 'endTurn', max_tokens: 'maxTokens', tool_use: 'toolUse', stop_sequence: 'stopSequence' };

/** The request's messages, tools and body members in the Messages API's terms. */
function toMessagesRequest(params: CreateMessageRequestParams) {
  const tools = params.tools === undefined || params.tools.length === 0 ? undefined : describeTools(params.tools, new Map(), anthropicTool, { maxTools: Number.MAX_SAFE_INTEGER });
  const toProvider = new Map((tools?.tools ?? []).map((entry) => [entry.tool.name, entry.name]));
  const messages: AnthropicMessage[] = params.messages.map((message) => ({ role: message.role, content: blocksOf(message).map((part) => block(part, message.role, toProvider)) }));
  const body: Json = {};
  if (params.temperature !== undefined) body['temperature'] = params.temperature;
  if (params.stopSequences !== undefined && params.stopSequences.length > 0) body['stop_sequences'] = params.stopSequences;
  const choice = params.toolChoice?.mode === undefined ? undefined : TOOL_CHOICE[params.toolChoice.mode];
  if (tools !== undefined && choice !== undefined) body['tool_choice'] = choice;
  return { messages, body, definitions: tools?.definitions ?? [], toMcp: new Map((tools?.tools ?? []).map((entry) => [entry.name, entry.tool.name])) };
}

function toResult(content: readonly Json[], stop: string | undefined, model: string, toMcp: ReadonlyMap<string, string>): CreateMessageResult {
  const blocks = content.flatMap((part): SamplingContentBlock[] => {
    if (part['type'] === 'text' && typeof part['text'] === 'string') return [{ type: 'text', text: part['text'] }];
    if (part['type'] !== 'tool_use') return [];
    const input = (isObject(part['input']) ? part['input'] : {}) as JsonObject;
    const use: ToolUseContent = { type: 'tool_use', id: String(part['id'] ?? ''), name: toMcp.get(String(part['name'])) ?? String(part['name']), input };
    return [use];
  });
  const only = blocks.length === 1 && blocks[0]?.type === 'text' ? blocks[0] : undefined;
  const stopReason = stop === undefined ? undefined : (STOP_REASONS[stop] ?? stop);
  return { role: 'assistant', content: only ?? (blocks.length === 0 ? { type: 'text', text: '' } : blocks), model, ...(stopReason === undefined ? {} : { stopReason }) };
}

/**
 * A sampling handler for `createClient(transport, { handlers: { sampling } })` that runs the server's request on an
 * Anthropic model (`POST {baseUrl}/messages` with `fetch`, or an `@anthropic-ai/sdk` client): the same configuration
 * as `anthropicModel`, so one model serves the agent loop and the servers' sampling. Legacy
 * `sampling/createMessage` requests and 2026-07-28 sampling input requests alike: system prompt, text and image
 * messages, tool use and tool results, `maxTokens`, `temperature`, `stopSequences`, tools and `toolChoice`, model
 * hints matched against the allowed models; the reply comes back with `end_turn` → `endTurn`, `max_tokens` →
 * `maxTokens`, `tool_use` → `toolUse`, `stop_sequence` → `stopSequence`.
 *
 * **Temperature:** cold; each call of the handler returns one request. **Emits:** the sampling result once.
 * **Completes:** after it. **Errors:** `RpcError` -1 when `approve` says no (nothing is sent), -32602 for a request
 * the model cannot take (audio, a tool use in a user message), -32603 when the endpoint fails (its message and
 * `data.status`); `McpAbortError` when the context's signal aborts. **Teardown:** aborts the HTTP request.
 */
export function anthropicSampling(options: AnthropicSamplingOptions): (params: CreateMessageRequestParams, context: ClientHandlerContext) => Observable<CreateMessageResult> {
  return (params, context) => {
    const model = pickModel(params.modelPreferences, options.model, options.models ?? []);
    const work$ = defer(() => approvalOf(options.approve(params, { model, signal: context.signal }))).pipe(
      mergeMap((approved) => {
        if (!approved) return throwError(() => new RpcError(SAMPLING_REJECTED_CODE, 'User rejected sampling request', { method: 'sampling/createMessage' }));
        const request = toMessagesRequest(params);
        const maxTokens = options.maxTokensLimit === undefined ? params.maxTokens : Math.min(params.maxTokens, options.maxTokensLimit);
        const provider = anthropicModel({ ...options, model, stream: false, maxTokens, body: { ...options.body, ...request.body } });
        const turn = { ...(params.systemPrompt === undefined ? {} : { system: params.systemPrompt }), messages: request.messages, tools: request.definitions };
        return provider.turn(turn).pipe(
          filter((event) => event.type === 'reply'),
          take(1),
          map(({ reply }) => toResult((reply.messages[0]?.content ?? []) as readonly Json[], reply.providerReason, model, request.toMcp)),
        );
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
