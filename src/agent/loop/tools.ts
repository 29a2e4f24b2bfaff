// One tool call of a turn, from the model's request to the output the model is told (approval, progress, input
// rounds, result or failure). The tool list a turn offers is settledToolList (../settled-tools.ts), shared with the
// framework adapters.
import { EMPTY, Observable, catchError, concat, defer, map, mergeMap, of } from 'rxjs';
import { McpError } from '../../errors/mcp-error.js';
import type { CallToolResult } from '../../protocol/model/tools.js';
import type { Params } from '../../session/types.js';
import { DEFAULT_TOOL_HINTS, approvalOf } from '../../client/tool-hints.js';
import type { AdvertisedTool } from '../advertise.js';
import { toolOutput, type ToolOutput } from '../output.js';
import type { ModelToolCall } from '../providers/types.js';
import { isToolCallDenied, type ToolHints } from '../source.js';
import type { AgentRunEvent, AgentToolOutcome, RunAgentOptions } from './events.js';

/** The model's arguments as an object, or why they are not one. */
export function parseArguments(raw: string): Params | string {
  try {
    const value: unknown = JSON.parse(raw === '' ? '{}' : raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : 'the arguments are not a JSON object';
  } catch {
    return 'the arguments are not valid JSON';
  }
}

/** What one call needs from its turn. */
export interface CallContext {
  readonly turn: number;
  readonly byName: ReadonlyMap<string, AdvertisedTool>;
  readonly hints: ReadonlyMap<string, ToolHints>;
  /** Receives the output the model is told, by call id. */
  readonly told: Map<string, ToolOutput>;
}

type Finish = (outcome: AgentToolOutcome, output: ToolOutput, extra?: { result?: CallToolResult; error?: unknown }) => AgentRunEvent<never>;

function callEvents<M>(options: RunAgentOptions<M>, context: CallContext, base: { turn: number; callId: string; tool: string }, args: Params, finish: Finish): Observable<AgentRunEvent<never>> {
  const { source } = options;
  const events$ = source.callToolEvents !== undefined
    ? source.callToolEvents(base.tool, args, options.callOptions)
    : source.callTool(base.tool, args, options.callOptions).pipe(map((result) => ({ type: 'result' as const, result })));
  return events$.pipe(
    mergeMap((event): Observable<AgentRunEvent<never>> => {
      if (event.type === 'progress') {
        const { progress, total, message } = event;
        return of({ type: 'tool-progress', ...base, progress, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) });
      }
      if (event.type === 'input-required') return of({ type: 'input-requested', ...base, round: event.round, inputRequests: event.inputRequests });
      return event.type === 'result' ? of(finish('result', toolOutput(event.result, options.output), { result: event.result })) : EMPTY;
    }),
    catchError((error: unknown) => of(finish(refused(error) ? 'denied' : 'error', toolOutput({ error }, options.output), { error }))),
  );
}

/** A call the client refused to send: its approval step said no, or the drift gate held it. */
const refused = (error: unknown): boolean => isToolCallDenied(error) || McpError.hasKind(error, 'ToolDriftError');

/**
 * One tool call of the model: `tool-call`, then (after the approval) its progress and input rounds, then
 * `tool-result`. An unknown tool or arguments that are not a JSON object are told to the model as errors.
 */
export function runToolCall<M>(options: RunAgentOptions<M>, context: CallContext, call: ModelToolCall): Observable<AgentRunEvent<never>> {
  const entry = context.byName.get(call.name);
  const base = { turn: context.turn, callId: call.id, tool: entry?.tool.name ?? call.name };
  const finish: Finish = (outcome, output, extra = {}) => {
    context.told.set(call.id, output);
    return { type: 'tool-result', ...base, outcome, output, ...extra };
  };
  if (entry === undefined) return of(finish('error', toolOutput({ error: new Error(`There is no tool named ${call.name}`) })));
  const args = parseArguments(call.arguments);
  if (typeof args === 'string') return of(finish('error', toolOutput({ error: new Error(`${entry.tool.name}: ${args}`) })));
  const { approve } = options;
  const approved$ = approve === undefined
    ? of(true)
    : defer(() => approvalOf(approve({ name: entry.tool.name, arguments: args, tool: entry.tool }, context.hints.get(entry.tool.name) ?? DEFAULT_TOOL_HINTS)));
  const run$ = approved$.pipe(
    mergeMap((approved) => (approved ? callEvents(options, context, base, args, finish) : of(finish('denied', toolOutput({ error: undefined, denied: true }))))),
    // A policy that fails decides nothing: the call is not sent and the model is told why.
    catchError((error: unknown) => of(finish('error', toolOutput({ error }, options.output), { error }))),
  );
  return concat(of<AgentRunEvent<never>>({ type: 'tool-call', ...base, name: call.name, arguments: args }), run$);
}
