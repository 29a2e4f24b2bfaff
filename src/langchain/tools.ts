// MCP tools as LangChain.js structured tools (`@langchain/core`, an optional peer dependency: only this entry
// imports it). Each tool answers with its text as content and the server's result as the artifact; a failed,
// refused or denied call becomes a tool message with status "error" that the model reads.
import { ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool, type StructuredToolInterface, type ToolRunnableConfig } from '@langchain/core/tools';
import { combineLatest, firstValueFrom, map, type Observable } from 'rxjs';
import { describeTools, type AdvertisedTool, type ToolAdapterOptions } from '../agent/advertise.js';
import { callForFramework, type FrameworkCallOutcome, type ServerToolResult } from '../agent/framework-call.js';
import { failureText, toolOutput, type ToolOutputOptions } from '../agent/output.js';
import { settledToolList } from '../agent/settled-tools.js';
import { hintsStream, type ToolCallApproval, type ToolSource } from '../agent/source.js';
import type { ToolCallOptions } from '../client/client-types.js';
import type { Params } from '../session/types.js';

/** Options of {@link toLangChainTools} and {@link langChainTools$}. */
export interface LangChainToolsOptions extends ToolAdapterOptions {
  /** Decides each call before it is sent; a denied call answers the model that the user denied it. */
  readonly approve?: ToolCallApproval;
  /** Size caps of what tool results give the model. */
  readonly output?: ToolOutputOptions;
  /** Options of every tool call (time limits, ...). */
  readonly callOptions?: ToolCallOptions;
  /** How long {@link toLangChainTools} waits for an announced change of the list to load (default 2000 ms). */
  readonly settleMs?: number;
}

/** A LangChain tool made from an MCP tool (a `DynamicStructuredTool`): its content is text, its artifact the server's result. */
export type LangChainMcpTool = StructuredToolInterface;

/** The model's text of a result: the text of `toolOutput`, and a notice per image or audio (they stay in the artifact). */
function textFor(result: ServerToolResult, options: LangChainToolsOptions): { readonly text: string; readonly isError: boolean } {
  const output = toolOutput(result, options.output);
  const text = output.parts.find((part) => part.type === 'text')?.text ?? '';
  const media = output.parts.filter((part) => part.type !== 'text').map((part) => `[${part.type} (${part.mimeType}) in the tool message's artifact]`);
  return { text: [text, ...media].filter((line) => line !== '').join('\n'), isError: output.isError };
}

/** An error answer: a tool message with status "error" when LangChain passed the call's id, else the text. */
function errorAnswer(text: string, artifact: unknown, name: string, config: ToolRunnableConfig | undefined): [unknown, unknown] {
  const id = config?.toolCall?.id;
  if (id === undefined) return [`Error: ${text}`, artifact];
  return [new ToolMessage({ content: text, tool_call_id: id, name, status: 'error', artifact }), undefined];
}

async function run(source: ToolSource, entry: AdvertisedTool, options: LangChainToolsOptions, input: unknown, config: ToolRunnableConfig | undefined): Promise<[unknown, unknown]> {
  const args = (typeof input === 'object' && input !== null ? input : {}) as Params;
  const call = {
    source,
    tool: entry.tool,
    ...(entry.hints === undefined ? {} : { hints: entry.hints }),
    ...(options.approve === undefined ? {} : { approve: options.approve }),
    ...(options.callOptions === undefined ? {} : { callOptions: options.callOptions }),
  };
  let outcome: FrameworkCallOutcome;
  try {
    outcome = await callForFramework(call, args, config?.signal);
  } catch (error) {
    if (config?.signal?.aborted === true) throw error;
    return errorAnswer(failureText(error), undefined, entry.name, config);
  }
  if ('denied' in outcome) return errorAnswer(failureText(undefined, true), undefined, entry.name, config);
  const { text, isError } = textFor(outcome.result, options);
  return isError ? errorAnswer(text, outcome.result, entry.name, config) : [text, outcome.result];
}

function langChainTool(source: ToolSource, entry: AdvertisedTool, options: LangChainToolsOptions): LangChainMcpTool {
  const description = entry.tool.description ?? entry.tool.title ?? entry.tool.name;
  return new DynamicStructuredTool({
    name: entry.name,
    description,
    schema: entry.schema.schema,
    responseFormat: 'content_and_artifact',
    metadata: { mcpTool: entry.tool.name, ...(entry.server === undefined ? {} : { mcpServer: entry.server }) },
    func: (input: unknown, _runManager: unknown, config?: ToolRunnableConfig) => run(source, entry, options, input, config),
  });
}

const withSourceHints = (source: ToolSource, options: LangChainToolsOptions): LangChainToolsOptions =>
  options.hints === undefined && source.toolHints$ !== undefined ? { ...options, hints: source.toolHints$ } : options;

function toolsOf(source: ToolSource, options: LangChainToolsOptions, list: Parameters<typeof describeTools>[0], hints: Parameters<typeof describeTools>[1]): LangChainMcpTool[] {
  const described = describeTools(list, hints, (entry) => entry, options);
  described.diagnostics.forEach((diagnostic) => options.onDiagnostic?.(diagnostic));
  return described.tools.map((entry) => langChainTool(source, entry, options));
}

/**
 * The source's tools as LangChain.js structured tools, live: a new array on every change of the tool list (or of
 * the hints), for an agent rebuilt with the current tools. Each tool has the provider-safe name, the MCP input
 * schema (normalised; LangChain checks the model's input against it), and answers with the result's text as
 * content and the server's result (without rxmcp's `resultType`) as the artifact. A failed or denied call, or an
 * `isError` result, is a tool message with status `"error"` that the model reads; an aborted `signal` of the run
 * cancels the call on the wire and rejects.
 *
 * **Temperature:** as `source.tools$` (a client's is hot and replays). **Emits:** an array per tool list and per
 * change of the hints. **Completes:** with `tools$`. **Errors:** when `tools$` or the hints error.
 * **Teardown:** unsubscribes both; calls in flight run until their signal aborts.
 */
export function langChainTools$(source: ToolSource, options: LangChainToolsOptions = {}): Observable<LangChainMcpTool[]> {
  const opts = withSourceHints(source, options);
  return combineLatest([source.tools$, hintsStream(opts.hints)]).pipe(map(([list, hints]) => toolsOf(source, opts, list, hints)));
}

/**
 * The source's current tools as LangChain.js structured tools (see {@link langChainTools$}), once the list has
 * loaded and any announced change has loaded too: `createAgent({ model, tools: await toLangChainTools(client) })`.
 *
 * **Temperature:** eager; reads the tool list and the hints once. **Emits:** resolves with the tools.
 * **Completes:** on resolving. **Errors:** rejects with the first listing's error, or an error of the hints.
 * **Teardown:** none; calls made through the tools run as with `langChainTools$`.
 * @example
 * ```ts
 * const agent = createAgent({ model: 'openai:gpt-4.1-mini', tools: await toLangChainTools(client) });
 * const result = await agent.invoke({ messages: [{ role: 'user', content: 'What is the weather in Oslo?' }] });
 * console.log(result.messages.at(-1)?.content);
 * ```
 */
export async function toLangChainTools(source: ToolSource, options: LangChainToolsOptions = {}): Promise<LangChainMcpTool[]> {
  const opts = withSourceHints(source, options);
  const list = await firstValueFrom(settledToolList(source, opts.settleMs));
  const hints = await firstValueFrom(hintsStream(opts.hints));
  return toolsOf(source, opts, list, hints);
}
