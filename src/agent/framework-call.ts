// One tool call on behalf of an agent framework (the OpenAI Agents SDK, LangChain.js): the approval step, then the
// call, which the framework's abort signal cancels on the wire, and the result as the server sent it (without the
// `resultType` that rxmcp's decoded results carry in every revision).
import { Observable, firstValueFrom, fromEvent, lastValueFrom, takeUntil } from 'rxjs';
import type { ToolCallOptions } from '../client/client-types.js';
import { DEFAULT_TOOL_HINTS, approvalOf, type ToolCallApproval, type ToolHints } from '../client/tool-hints.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import type { Params } from '../session/types.js';
import type { ToolSource } from './source.js';

/** A tool result as the server sent it: a `CallToolResult` without rxmcp's `resultType`. */
export type ServerToolResult = Omit<CallToolResult, 'resultType'>;

/** What a framework adapter needs to call one tool. */
export interface FrameworkCall {
  /** The source that calls. */
  readonly source: ToolSource;
  /** The MCP tool called. */
  readonly tool: Tool;
  /** Its trusted hints, when known (the approval sees them, else the defaults). */
  readonly hints?: ToolHints;
  /** The approval step; without it every call runs. */
  readonly approve?: ToolCallApproval;
  /** Options of the call (time limits, `meta`, ...). */
  readonly callOptions?: ToolCallOptions;
}

/** The outcome of {@link callForFramework}: the server's result, or a call the approval step denied. */
export type FrameworkCallOutcome = { readonly result: ServerToolResult } | { readonly denied: true };

/** `result` without its `resultType`. */
export function serverResult(result: CallToolResult): ServerToolResult {
  const { resultType: _envelope, ...output } = result;
  return output;
}

/** The error an aborted call rejects with: the signal's reason, else an `AbortError`. */
export function abortReason(signal: AbortSignal | undefined): unknown {
  if (signal?.reason !== undefined) return signal.reason;
  const error = new Error('The tool call was aborted');
  error.name = 'AbortError';
  return error;
}

/**
 * Asks the approval step, then calls the tool. Resolves with the result (an `isError` result is a result) or with
 * `{ denied: true }`; rejects with the call's error, or with the signal's reason once `signal` aborts, which
 * unsubscribes the call and so cancels it on the wire.
 */
export async function callForFramework(call: FrameworkCall, args: Params, signal?: AbortSignal): Promise<FrameworkCallOutcome> {
  if (signal?.aborted === true) throw abortReason(signal);
  if (call.approve !== undefined) {
    const answer = call.approve({ name: call.tool.name, arguments: args, tool: call.tool }, call.hints ?? DEFAULT_TOOL_HINTS);
    if (!(await firstValueFrom(approvalOf(answer)))) return { denied: true };
  }
  const abort$ = signal === undefined ? new Observable<never>() : fromEvent(signal, 'abort');
  const result = await lastValueFrom(call.source.callTool(call.tool.name, args, call.callOptions).pipe(takeUntil(abort$)), { defaultValue: undefined });
  if (result === undefined) throw abortReason(signal);
  return { result: serverResult(result) };
}
