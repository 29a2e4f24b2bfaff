// What `runAgent` takes and what it reports.
import type { ToolCallOptions } from '../../client/client-types.js';
import type { InputRequests } from '../../protocol/model/mrtr.js';
import type { CallToolResult } from '../../protocol/model/tools.js';
import type { Params } from '../../session/types.js';
import type { ToolAdapterOptions } from '../advertise.js';
import type { ToolOutput, ToolOutputOptions } from '../output.js';
import type { ModelProvider, ModelStopReason, ModelToolCall, ModelUsage } from '../providers/types.js';
import type { ToolCallApproval, ToolHintsInput, ToolSource } from '../source.js';

/** Options of {@link runAgent}; `M` is the provider API's message type. */
export interface RunAgentOptions<M> {
  /** The tools: a client, a group of clients, anything with a live `tools$` and `callTool`. */
  readonly source: ToolSource;
  /** The model: `openAiChatModel(…)`, `openAiResponsesModel(…)` or `anthropicModel(…)`. */
  readonly model: ModelProvider<M>;
  /** Instructions for the model (a system prompt), sent where the API takes them. */
  readonly system?: string;
  /** The user's task; the conversation starts with it (after `messages`, when both are given). */
  readonly prompt?: string;
  /** The conversation so far, in the API's message format. */
  readonly messages?: readonly M[];
  /** Decides each tool call before it is sent; default: every call runs. A pending decision holds only its call. */
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
  /** Most model requests (default 20); the run ends with reason `max-turns` past it. */
  readonly maxTurns?: number;
  /** How long a model request waits for an announced tool-list change to load (default 2000 ms). */
  readonly settleMs?: number;
  /** Options of every tool call (time limits, …). */
  readonly callOptions?: ToolCallOptions;
}

/** What happened to one tool call. */
export type AgentToolOutcome = 'result' | 'error' | 'denied';

/** Fields every event of {@link AgentRunEvent} has. */
export interface AgentTurnFields {
  /** The turn's number, from 1: one model request and the tool calls of its answer. */
  readonly turn: number;
}

/** Fields of the events of one tool call. */
export interface AgentCallFields extends AgentTurnFields {
  /** The provider's id of the call. */
  readonly callId: string;
  /** The MCP tool's name (the name the model called, when there is no such tool). */
  readonly tool: string;
}

/** What {@link runAgent} reports, in order; `M` is the provider API's message type. */
export type AgentRunEvent<M = unknown> =
  | (AgentTurnFields & {
      /** The model is asked. */
      readonly type: 'turn-started';
      /** The MCP names of the tools offered (the list as it is now). */
      readonly tools: readonly string[];
    })
  | (AgentTurnFields & {
      /** A piece of the model's text, as it streams. */
      readonly type: 'text-delta';
      /** The piece. */
      readonly text: string;
    })
  | (AgentTurnFields & {
      /** Token counts the provider reported for this turn's request. */
      readonly type: 'usage';
      /** The counts. */
      readonly usage: ModelUsage;
    })
  | (AgentCallFields & {
      /** A tool call the model asked for starts (its approval comes first). */
      readonly type: 'tool-call';
      /** The name the model called (the provider name). */
      readonly name: string;
      /** The arguments the model gave. */
      readonly arguments: Params;
    })
  | (AgentCallFields & {
      /** The server reported progress on a tool call. */
      readonly type: 'tool-progress';
      /** How far the work is. */
      readonly progress: number;
      /** The value `progress` reaches at the end, when known. */
      readonly total?: number;
      /** What is happening, when the server says. */
      readonly message?: string;
    })
  | (AgentCallFields & {
      /** The server needs input before it answers the call (2026-07-28); the client's handlers are asked. */
      readonly type: 'input-requested';
      /** 1 for the first round of the call, 2 for the next, … */
      readonly round: number;
      /** What the server asked for. */
      readonly inputRequests: InputRequests;
    })
  | (AgentCallFields & {
      /** A tool call ended, and what the model is told about it. */
      readonly type: 'tool-result';
      /** `result`, `error` (the call failed; the model is told) or `denied` (an approval said no). */
      readonly outcome: AgentToolOutcome;
      /** The tool's result, when it gave one (it may have `isError`). */
      readonly result?: CallToolResult;
      /** Why the call failed, when it did. */
      readonly error?: unknown;
      /** What the model is given. */
      readonly output: ToolOutput;
    })
  | (AgentTurnFields & {
      /** The turn is over: the model answered, and its tool calls (if any) ended. */
      readonly type: 'turn-ended';
      /** The model's text of this turn. */
      readonly text: string;
      /** Why the model stopped. */
      readonly reason: ModelStopReason;
      /** The provider's own stop reason, when given. */
      readonly providerReason: string | undefined;
      /** The tool calls the model asked for. */
      readonly toolCalls: readonly ModelToolCall[];
    })
  | (AgentTurnFields & {
      /** The model request failed; the run errors with the same error right after. */
      readonly type: 'error';
      /** The failure (a `ModelEndpointError`, or the listing's error when the tool list never loaded). */
      readonly error: unknown;
    })
  | (AgentTurnFields & {
      /** The run is over: the model answered without tools, or the turn limit was reached. */
      readonly type: 'done';
      /** The model's last text. */
      readonly text: string;
      /** Why the last turn stopped, or `max-turns`. */
      readonly reason: ModelStopReason | 'max-turns';
      /** The whole conversation, in the API's message format. */
      readonly messages: readonly M[];
      /** Token counts summed over the run's requests (as far as the provider reported them). */
      readonly usage: ModelUsage;
    });
