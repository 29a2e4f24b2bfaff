// MCP tools as a Vercel AI SDK tool set (`ai` is an optional peer dependency: only this entry imports it).
import { dynamicTool, jsonSchema, type JSONSchema7, type Tool as AiTool, type ToolSet } from 'ai';
import { Observable, firstValueFrom, lastValueFrom, map, takeUntil, fromEvent } from 'rxjs';
import { advertiseTools, type AdvertisedTool, type ToolAdapterOptions } from '../agent/advertise.js';
import { serverResult } from '../agent/framework-call.js';
import { failureText, toolOutput, type ToolOutputOptions, type ToolResultLike } from '../agent/output.js';
import { firstLoadedTools } from '../agent/settled-tools.js';
import type { ToolCallApproval, ToolSource } from '../agent/source.js';
import { describedAs } from '../agent/tool-formats.js';
import type { ToolCallOptions } from '../client/client-types.js';
import type { CallToolResult } from '../protocol/model/tools.js';
import type { Params } from '../session/types.js';
import { DEFAULT_TOOL_HINTS, approvalOf } from '../client/tool-hints.js';

/** What `toModelOutput` of an AI SDK tool returns. */
export type AiToolModelOutput = Awaited<ReturnType<NonNullable<AiTool['toModelOutput']>>>;

/** Options of {@link aiTools}. */
export interface AiToolsOptions extends ToolAdapterOptions {
  /** Decides each call before it is sent; a denied call answers the model that the user denied it. */
  readonly approve?: ToolCallApproval;
  /** Size caps of what tool results give the model. */
  readonly output?: ToolOutputOptions;
  /** Options of every tool call (time limits, ...). */
  readonly callOptions?: ToolCallOptions;
}

/**
 * A tool result (or what `execute` returned for a failed or denied call) as AI SDK model output: plain text, or
 * text with images and audio as file parts (never base64 text); error results as `error-text`.
 */
export function aiToolOutput(result: ToolResultLike, options: ToolOutputOptions = {}): AiToolModelOutput {
  const output = toolOutput(result, options);
  const text = output.parts.find((part) => part.type === 'text')?.text ?? '';
  if (output.isError) return { type: 'error-text', value: text };
  const media = output.parts.filter((part) => part.type !== 'text');
  if (media.length === 0) return { type: 'text', value: text };
  return {
    type: 'content',
    value: [
      ...(text === '' ? [] : [{ type: 'text' as const, text }]),
      ...media.map((part) => ({ type: 'file' as const, mediaType: part.mimeType, data: { type: 'data' as const, data: part.data } })),
    ],
  };
}

/**
 * What a tool's `execute` gives the AI SDK (its `toolResults[].output`): the MCP tool result as the server sent it,
 * without the `resultType` that rxmcp's decoded results carry in every revision.
 */
export type AiToolResult = Omit<CallToolResult, 'resultType'>;

const failed = (text: string): AiToolResult => ({ content: [{ type: 'text', text }], isError: true });

function approved(options: AiToolsOptions, entry: AdvertisedTool, input: Params): Promise<boolean> {
  if (options.approve === undefined) return Promise.resolve(true);
  const answer = options.approve({ name: entry.tool.name, arguments: input, tool: entry.tool }, entry.hints ?? DEFAULT_TOOL_HINTS);
  return firstValueFrom(approvalOf(answer));
}

async function execute(source: ToolSource, options: AiToolsOptions, entry: AdvertisedTool, input: unknown, signal: AbortSignal | undefined): Promise<AiToolResult> {
  const args = (typeof input === 'object' && input !== null ? input : {}) as Params;
  if (!(await approved(options, entry, args))) return failed(failureText(undefined, true));
  const call$ = source.callTool(entry.tool.name, args, options.callOptions);
  const abort$ = signal === undefined ? new Observable<never>() : fromEvent(signal, 'abort');
  try {
    const result = await lastValueFrom(call$.pipe(takeUntil(abort$)), { defaultValue: undefined });
    if (result === undefined) throw signal?.reason ?? new Error('The tool call was aborted');
    return serverResult(result);
  } catch (error) {
    if (signal?.aborted === true) throw error;
    return failed(failureText(error));
  }
}

function aiTool(source: ToolSource, options: AiToolsOptions, entry: AdvertisedTool): AiTool {
  return dynamicTool({
    ...describedAs(entry),
    inputSchema: jsonSchema(entry.schema.schema as JSONSchema7),
    strict: entry.strict,
    execute: (input, { abortSignal }) => execute(source, options, entry, input, abortSignal),
    toModelOutput: ({ output }) => aiToolOutput(output as AiToolResult, options.output),
  });
}

/**
 * The live tool set of a source for the Vercel AI SDK (`generateText({ tools })`, `streamText`, agents): one
 * dynamic tool per MCP tool under a provider-safe name, re-emitted whenever the tool list changes. `execute` runs
 * the approval policy, then calls the tool (the AI SDK's abort signal cancels the call on the wire) and gives the
 * result as the server sent it ({@link AiToolResult}); a failed call becomes an error result the model reads;
 * `toModelOutput` gives text, JSON and images as file parts. Without
 * `options.hints`, the source's own `toolHints$` (a client's trusted hints) is what the filter and approval see.
 *
 * **Temperature:** as `source.tools$` (a client's is hot and replays). **Emits:** a tool set per tool list and per
 * change of the hints. **Completes:** with `tools$`. **Errors:** when `tools$` or the hints error.
 * **Teardown:** unsubscribes both; calls in flight keep running until their `abortSignal` aborts.
 *
 * For one `generateText` call, {@link aiToolSet} gives the current set as a Promise.
 * @example
 * ```ts
 * import { generateText, stepCountIs } from 'ai';
 * import { aiTools } from 'rxmcp/ai';
 *
 * let tools: ToolSet = {};
 * aiTools(client).subscribe((current) => (tools = current)); // again after every change of the list
 * const { text } = await generateText({ model, tools, prompt: 'What is the weather in Oslo?', stopWhen: stepCountIs(5) });
 * ```
 */
export function aiTools(source: ToolSource, options: AiToolsOptions = {}): Observable<ToolSet> {
  return source.tools$.pipe(
    advertiseTools((entry) => entry, options.hints === undefined && source.toolHints$ !== undefined ? { ...options, hints: source.toolHints$ } : options),
    map((set): ToolSet => Object.fromEntries(set.tools.map((entry) => [entry.name, aiTool(source, options, entry)]))),
  );
}

/**
 * The source's current tool set for the Vercel AI SDK, as a Promise: what `await mcpClient.tools()` gives in the
 * AI SDK's own MCP client. It resolves once the tool list has loaded (a client lists its tools on the first call),
 * so the first `generateText` already has every tool; the tools are those of {@link aiTools} at that moment. For a
 * long-lived agent that should follow changes of the list, subscribe to {@link aiTools} instead.
 *
 * **Temperature:** eager; reads the tool list (and the hints) once. **Emits:** resolves with the tool set of the
 * first loaded list. **Completes:** on resolving. **Errors:** rejects with the error of a first listing that failed
 * (from the source's `toolsState$`: an `RpcError`, a `TransportError`, ...), with an error of `tools$` or the hints,
 * or with `EmptyError` when the list ends before it loaded (the source was closed).
 * **Teardown:** none: it stops reading `tools$` once it resolves; calls made through the set run as with `aiTools`.
 *
 * @example
 * ```ts
 * const tools = await aiToolSet(client, { approve });
 * const { text } = await generateText({ model, tools, prompt, stopWhen: stepCountIs(5) });
 * ```
 */
export function aiToolSet(source: ToolSource, options: AiToolsOptions = {}): Promise<ToolSet> {
  const once: ToolSource = {
    tools$: firstLoadedTools(source),
    callTool: (name, args, callOptions) => source.callTool(name, args, callOptions),
    ...(source.toolHints$ === undefined ? {} : { toolHints$: source.toolHints$ }),
  };
  return firstValueFrom(aiTools(once, options));
}
