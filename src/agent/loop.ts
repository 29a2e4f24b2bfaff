// An agent loop over Chat Completions: each step sends the conversation with the tools as they are now, runs the
// tool calls of the reply (through the approval policy), and goes on until the model answers without tools. The
// tool list is read afresh for every model request, after it settles, so a change announced during a step reaches
// the next request.
import {
  EMPTY, Observable, catchError, combineLatest, concat, concatMap, defer, filter, from, map,
  mergeMap, of, take, timeout,
} from 'rxjs';
import type { ToolCallOptions } from '../client/client-types.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import type { Params } from '../session/types.js';
import { describeTools, type AdvertisedTool, type AdvertisedTools, type ToolAdapterOptions } from './advertise.js';
import { chatCompletion, type ChatCompletion, type OpenAiEndpoint } from './openai-chat.js';
import { toolOutput, type ToolOutput, type ToolOutputOptions } from './output.js';
import { toOpenAiChatToolMessages, type OpenAiChatMessage, type OpenAiChatToolCall, type ToolOutputEntry } from './results.js';
import { DEFAULT_TOOL_HINTS, approvalOf } from '../client/tool-hints.js';
import { parseArguments } from './loop/tools.js';
import { settledToolList as settledTools } from './settled-tools.js';
import { hintsStream, isToolCallDenied, type ToolCallApproval, type ToolHints, type ToolHintsInput, type ToolSource } from './source.js';
import { openAiChatTool, type OpenAiChatTool } from './tool-formats.js';

/** Options of {@link agentLoop}. */
export interface AgentLoopOptions {
  /** The tools: a client, a group of clients, anything with a live `tools$` and `callTool`. */
  readonly source: ToolSource;
  /** The model: an OpenAI-compatible endpoint and the model name. */
  readonly model: OpenAiEndpoint & {
    /** The model name sent in every request, e.g. `gpt-4o-mini`. */
    readonly model: string;
  };
  /** The conversation so far (a system prompt and the task, usually). */
  readonly messages: readonly OpenAiChatMessage[];
  /** Decides each tool call before it is sent; default: every call runs. */
  readonly approve?: ToolCallApproval;
  /**
   * Trusted hints by tool name (a value or a live stream): the approval policy and the filter see them. Default: the
   * source's `toolHints$` (a client's trusted hints), else none.
   */
  readonly hints?: ToolHintsInput;
  /** Filter, cap, names and schema handling of the advertised tools. */
  readonly tools?: Omit<ToolAdapterOptions, 'hints'>;
  /** Size caps of what tool results give the model. */
  readonly output?: ToolOutputOptions;
  /** Most model requests (default 20); the loop ends with reason `max-steps` past it. */
  readonly maxSteps?: number;
  /** How long a model request waits for an announced tool-list change to load (default 2000 ms). */
  readonly settleMs?: number;
  /** Options of every tool call (time limits, ...). */
  readonly callOptions?: ToolCallOptions;
  /** Extra members of every request body (`temperature`, `max_tokens`, ...). */
  readonly body?: Readonly<Record<string, unknown>>;
}

/** What happened to one tool call. */
export type ToolCallOutcome = 'result' | 'error' | 'denied';

/** What an agent loop reports, in order. */
export type AgentEvent =
  | {
      /** The model is asked. */
      readonly type: 'model-request';
      /** The step's number, from 1; one step is one model request and the tool calls of its reply. */
      readonly step: number;
      /** The MCP names of the tools offered to the model. */
      readonly tools: readonly string[];
    }
  | {
      /** The model answered. */
      readonly type: 'model-reply';
      /** The step's number. */
      readonly step: number;
      /** The model's message, as it joins the conversation. */
      readonly message: OpenAiChatMessage;
      /** The endpoint's `finish_reason` (`stop`, `tool_calls`, `length`…), when given. */
      readonly finishReason: string | undefined;
    }
  | {
      /** A tool call the model asked for is about to run (approval comes next). */
      readonly type: 'tool-call';
      /** The step's number. */
      readonly step: number;
      /** The provider's id of the call. */
      readonly callId: string;
      /** The name the model called (the provider name). */
      readonly name: string;
      /** The MCP tool's name. */
      readonly tool: string;
      /** The arguments the model gave. */
      readonly arguments: Params;
    }
  | {
      /** The server reported progress on a tool call. */
      readonly type: 'tool-progress';
      /** The step's number. */
      readonly step: number;
      /** The provider's id of the call. */
      readonly callId: string;
      /** How far the work is. */
      readonly progress: number;
      /** The value `progress` reaches at the end, when known. */
      readonly total?: number;
      /** What is happening, when the server says. */
      readonly message?: string;
    }
  | {
      /** A tool call ended, and what the model is told about it. */
      readonly type: 'tool-result';
      /** The step's number. */
      readonly step: number;
      /** The provider's id of the call. */
      readonly callId: string;
      /** The MCP tool's name (the name the model called when there is no such tool). */
      readonly tool: string;
      /** `result`, `error` (the call failed; the model is told) or `denied` (the approval said no). */
      readonly outcome: ToolCallOutcome;
      /** The tool's result, when it gave one (it may have `isError`). */
      readonly result?: CallToolResult;
      /** Why the call failed, when it did. */
      readonly error?: unknown;
      /** What the model is given. */
      readonly output: ToolOutput;
    }
  | {
      /** The model answered without tools, or the step limit was reached. */
      readonly type: 'final';
      /** The step's number. */
      readonly step: number;
      /** The model's last text. */
      readonly text: string;
      /** The endpoint's finish reason (`stop`, `length`…), or `max-steps`. */
      readonly reason: 'stop' | 'max-steps' | (string & {});
      /** The whole conversation, the model's last message included. */
      readonly messages: readonly OpenAiChatMessage[];
    };

type Advertised = AdvertisedTools<OpenAiChatTool>;

const DEFAULT_MAX_STEPS = 20;
const DEFAULT_SETTLE_MS = 2000;

interface Step {
  readonly index: number;
  readonly tools: Advertised;
  readonly hints: ReadonlyMap<string, ToolHints>;
  readonly entries: ToolOutputEntry[];
}

function runCall(options: AgentLoopOptions, step: Step, call: OpenAiChatToolCall): Observable<AgentEvent> {
  const entry: AdvertisedTool | undefined = step.tools.byName.get(call.function.name);
  const args = parseArguments(call.function.arguments);
  const base = { step: step.index, callId: call.id };
  const finish = (outcome: ToolCallOutcome, output: ToolOutput, extra: { result?: CallToolResult; error?: unknown } = {}): AgentEvent => {
    step.entries.push({ callId: call.id, name: call.function.name, output });
    return { type: 'tool-result', ...base, tool: entry?.tool.name ?? call.function.name, outcome, output, ...extra };
  };
  if (entry === undefined) return of(finish('error', toolOutput({ error: new Error(`There is no tool named ${call.function.name}`) })));
  if (typeof args === 'string') return of(finish('error', toolOutput({ error: new Error(`${entry.tool.name}: ${args}`) })));
  const name = entry.tool.name;
  const approved$ = options.approve === undefined ? of(true) : defer(() => approvalOf(options.approve!({ name, arguments: args, tool: entry.tool }, step.hints.get(name) ?? DEFAULT_TOOL_HINTS)));
  const announce = of<AgentEvent>({ type: 'tool-call', ...base, name: call.function.name, tool: name, arguments: args });
  const run$ = approved$.pipe(
    mergeMap((approved) => (approved ? callEvents(options, step, call.id, name, args, finish) : of(finish('denied', toolOutput({ error: undefined, denied: true }))))),
  );
  return concat(announce, run$);
}

function callEvents(options: AgentLoopOptions, step: Step, callId: string, name: string, args: Params, finish: (outcome: ToolCallOutcome, output: ToolOutput, extra?: { result?: CallToolResult; error?: unknown }) => AgentEvent): Observable<AgentEvent> {
  const { source } = options;
  const events$ = source.callToolEvents !== undefined
    ? source.callToolEvents(name, args, options.callOptions)
    : source.callTool(name, args, options.callOptions).pipe(map((result) => ({ type: 'result' as const, result })));
  return events$.pipe(
    mergeMap((event): Observable<AgentEvent> => {
      if (event.type === 'progress') {
        const { progress, total, message } = event;
        return of({ type: 'tool-progress', step: step.index, callId, progress, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) });
      }
      return event.type === 'result' ? of(finish('result', toolOutput(event.result, options.output), { result: event.result })) : EMPTY;
    }),
    catchError((error: unknown) => of(finish(isToolCallDenied(error) ? 'denied' : 'error', toolOutput({ error }, options.output), { error }))),
  );
}

function assistantOf(completion: ChatCompletion): { message: OpenAiChatMessage; calls: OpenAiChatToolCall[]; text: string; finish: string | undefined } {
  const choice = completion.choices[0] as ChatCompletion['choices'][number];
  const calls = (choice.message.tool_calls ?? []).map((call): OpenAiChatToolCall => ({ id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments ?? '' } }));
  const text = choice.message.content ?? '';
  const message: OpenAiChatMessage = calls.length === 0 ? { role: 'assistant', content: text } : { role: 'assistant', content: choice.message.content ?? null, tool_calls: calls };
  return { message, calls, text, finish: choice.finish_reason ?? undefined };
}

function runStep(options: AgentLoopOptions, messages: readonly OpenAiChatMessage[], index: number): Observable<AgentEvent> {
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  const current$ = combineLatest([settledTools(options.source, options.settleMs ?? DEFAULT_SETTLE_MS), hintsStream(options.hints, options.source)]).pipe(take(1));
  return current$.pipe(
    mergeMap(([list, hints]) => {
      const tools = describeTools(list, hints, openAiChatTool, { ...options.tools, hints });
      const body = { ...options.body, model: options.model.model, messages, ...(tools.definitions.length > 0 ? { tools: tools.definitions } : {}) };
      const reply$ = chatCompletion(options.model, body).pipe(
        mergeMap((completion) => {
          const { message, calls, text, finish } = assistantOf(completion);
          const replied = of<AgentEvent>({ type: 'model-reply', step: index, message, finishReason: finish });
          const history = [...messages, message];
          if (calls.length === 0) return concat(replied, of<AgentEvent>({ type: 'final', step: index, text, reason: finish ?? 'stop', messages: history }));
          if (index >= maxSteps) return concat(replied, of<AgentEvent>({ type: 'final', step: index, text, reason: 'max-steps', messages: history }));
          const step: Step = { index, tools, hints, entries: [] };
          const calls$ = from(calls).pipe(concatMap((call) => runCall(options, step, call)));
          return concat(replied, calls$, defer(() => runStep(options, [...history, ...toOpenAiChatToolMessages(step.entries)], index + 1)));
        }),
      );
      return concat(of<AgentEvent>({ type: 'model-request', step: index, tools: tools.tools.map((tool) => tool.name) }), reply$);
    }),
  );
}

/**
 * Runs an agent: the model (any OpenAI-compatible Chat Completions endpoint) is asked with the live tool list, its
 * tool calls go through `approve` to the source, their results back to the model (text, JSON, images as a
 * follow-up user message, errors as error text, large results cut with a notice), until it answers without tools.
 * A failed or denied call is told to the model; the loop goes on.
 *
 * **Temperature:** cold; each subscription runs one conversation. **Emits:** `model-request`, `model-reply`, then per
 * tool call `tool-call`, `tool-progress`…, `tool-result`; finally `final` with the answer and the whole conversation.
 * **Completes:** after `final`. **Errors:** `ModelEndpointError` when the model endpoint fails; the listing's error when
 * the tool list never loaded. **Teardown:** aborts the model request in flight and cancels the tool call
 * in flight on the wire.
 * @example
 * ```ts
 * import { agentLoop } from 'rxmcp/agent';
 *
 * agentLoop({
 *   source: client,
 *   model: { baseUrl: 'https://api.openai.com/v1', apiKey, model: 'gpt-4o-mini' },
 *   messages: [{ role: 'user', content: 'Add 17 and 25' }],
 *   approve: (call, hints) => hints.readOnlyHint || confirm(`Run ${call.name}?`),
 * }).subscribe((event) => console.log(event.type));
 * ```
 */
export function agentLoop(options: AgentLoopOptions): Observable<AgentEvent> {
  return defer(() => runStep(options, options.messages, 1));
}
