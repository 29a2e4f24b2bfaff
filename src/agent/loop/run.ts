// The agent loop over any provider API: each turn reads the tool list as it is now (after an announced change has
// loaded), asks the model (streaming its text), runs the tool calls of the answer side by side (each through the
// approval policy; a call that waits holds only itself), gives the results back in the provider's format, and goes
// on until the model answers without tools.
import { Observable, catchError, combineLatest, concat, defer, from, merge, mergeMap, of, take, throwError } from 'rxjs';
import { describeTools, type AdvertisedTools } from '../advertise.js';
import { ModelEndpointError } from '../errors.js';
import type { ToolOutput } from '../output.js';
import type { ModelReply, ModelTurnEvent, ModelUsage } from '../providers/types.js';
import { hintsStream, type ToolHints } from '../source.js';
import type { AgentRunEvent, RunAgentOptions } from './events.js';
import { settledToolList as settledTools } from '../settled-tools.js';
import { runToolCall } from './tools.js';

const DEFAULT_MAX_TURNS = 20;
const DEFAULT_SETTLE_MS = 2000;

/** Token counts summed over a run. */
class Totals {
  private input: number | undefined;
  private output: number | undefined;

  add(usage: ModelUsage): void {
    if (usage.inputTokens !== undefined) this.input = (this.input ?? 0) + usage.inputTokens;
    if (usage.outputTokens !== undefined) this.output = (this.output ?? 0) + usage.outputTokens;
  }

  get value(): ModelUsage {
    return { ...(this.input === undefined ? {} : { inputTokens: this.input }), ...(this.output === undefined ? {} : { outputTokens: this.output }) };
  }
}

interface Run<M> {
  readonly options: RunAgentOptions<M>;
  readonly totals: Totals;
}

/** What a turn learned from the model before its tool calls run. */
interface Answered<M> {
  reply?: ModelReply<M>;
  usage: ModelUsage;
  tools?: AdvertisedTools<unknown>;
  hints?: ReadonlyMap<string, ToolHints>;
}

/** The model's stream events as run events; the reply and the turn's usage (latest count per field) go to `answered`. */
function modelEvents<M>(turn: number, answered: Answered<M>, event: ModelTurnEvent<M>): AgentRunEvent<M>[] {
  if (event.type === 'text-delta') return [{ type: 'text-delta', turn, text: event.text }];
  if (event.type === 'usage') {
    answered.usage = { ...answered.usage, ...event.usage };
    return [{ type: 'usage', turn, usage: answered.usage }];
  }
  answered.reply = event.reply;
  return [];
}

/** The tool list and hints as they are now, then the model's answer to the conversation with those tools. */
function ask<M>(run: Run<M>, messages: readonly M[], turn: number, answered: Answered<M>): Observable<AgentRunEvent<M>> {
  const { options } = run;
  const { model } = options;
  return combineLatest([settledTools(options.source, options.settleMs ?? DEFAULT_SETTLE_MS), hintsStream(options.hints, options.source)]).pipe(
    take(1),
    mergeMap(([list, hints]) => {
      const tools = describeTools(list, hints, (entry) => model.tool(entry), options.tools ?? {});
      answered.tools = tools;
      answered.hints = hints;
      const request = { ...(options.system === undefined ? {} : { system: options.system }), messages, tools: tools.definitions };
      return concat(
        of<AgentRunEvent<M>>({ type: 'turn-started', turn, tools: tools.tools.map((entry) => entry.tool.name) }),
        model.turn(request).pipe(mergeMap((event) => from(modelEvents(turn, answered, event)))),
      );
    }),
    catchError((error: unknown) => concat(of<AgentRunEvent<M>>({ type: 'error', turn, error }), throwError(() => error))),
  );
}

/** After the answer: the run ends, or the tool calls run and the next turn follows. */
function afterAnswer<M>(run: Run<M>, messages: readonly M[], turn: number, answered: Answered<M>): Observable<AgentRunEvent<M>> {
  const { options } = run;
  const reply = answered.reply;
  if (reply === undefined) return throwError(() => new ModelEndpointError('The model request ended without an answer'));
  run.totals.add(answered.usage);
  const history = [...messages, ...reply.messages];
  const ended: AgentRunEvent<M> = { type: 'turn-ended', turn, text: reply.text, reason: reply.reason, providerReason: reply.providerReason, toolCalls: reply.calls };
  const atLimit = turn >= (options.maxTurns ?? DEFAULT_MAX_TURNS);
  if (reply.calls.length === 0 || atLimit) {
    const reason = reply.calls.length === 0 ? reply.reason : 'max-turns';
    return defer(() => of<AgentRunEvent<M>[]>(ended, { type: 'done', turn, text: reply.text, reason, messages: history, usage: run.totals.value }));
  }
  const told = new Map<string, ToolOutput>();
  const context = { turn, byName: answered.tools?.byName ?? new Map(), hints: answered.hints ?? new Map(), told };
  const calls$ = merge(...reply.calls.map((call) => runToolCall(options, context, call)));
  const next$ = defer(() => {
    const entries = reply.calls.map((call) => ({ callId: call.id, name: call.name, output: told.get(call.id) as ToolOutput }));
    return concat(of(ended), turnOf(run, [...history, ...options.model.toolResults(entries)], turn + 1));
  });
  return concat(calls$, next$);
}

function turnOf<M>(run: Run<M>, messages: readonly M[], turn: number): Observable<AgentRunEvent<M>> {
  const answered: Answered<M> = { usage: {} };
  return concat(ask(run, messages, turn, answered), defer(() => afterAnswer(run, messages, turn, answered)));
}

/**
 * Runs an agent over any provider API (`openAiChatModel`, `openAiResponsesModel`, `anthropicModel`; streaming or
 * not): the model is asked with the live tool list, its text streams as `text-delta` events, its tool calls run side
 * by side through `approve` against the source (a client or a client group; the client's own approval step and
 * drift gate apply to every call), their results go back in the provider's format, until it answers without tools.
 * A failed, denied or unknown call is told to the model and the run goes on. A tool-list change reaches the next
 * turn.
 *
 * **Temperature:** cold; each subscription runs one conversation. **Emits:** per turn `turn-started`,
 * `text-delta`… and `usage`, then per tool call `tool-call`, `tool-progress`… / `input-requested`…, `tool-result`,
 * then `turn-ended`; finally `done` with the answer, the whole conversation and the summed usage.
 * **Completes:** after `done`. **Errors:** `ModelEndpointError` when the model request fails, the listing's error
 * when the tool list never loaded (an `error` event comes first). **Teardown:** aborts the model request in flight
 * and cancels every tool call in flight on the wire.
 * @example
 * ```ts
 * import { anthropicModel, runAgent } from 'rxmcp/agent';
 *
 * runAgent({
 *   source: client,
 *   model: anthropicModel({ apiKey, model: 'claude-sonnet-4-5' }),
 *   prompt: 'Add 17 and 25',
 *   approve: (call, hints) => hints.readOnlyHint || confirm(`Run ${call.name}?`),
 * }).subscribe((event) => {
 *   if (event.type === 'text-delta') write(event.text);
 * });
 * ```
 */
export function runAgent<M>(options: RunAgentOptions<M>): Observable<AgentRunEvent<M>> {
  return defer(() => {
    const start = [...(options.messages ?? []), ...(options.prompt === undefined ? [] : options.model.start(options.prompt))];
    return turnOf({ options, totals: new Totals() }, start, 1);
  });
}

