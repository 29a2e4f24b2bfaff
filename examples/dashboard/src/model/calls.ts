import { ReplaySubject, Subject, type Observable, type Subscription } from 'rxjs';
import type { CallToolResult, Client, Params, TimeoutOptions, Tool } from 'rxmcp';
import type { InputRequests } from 'rxmcp/protocol';
import type { Correlator } from '../connection/correlate.js';

/** Where a call came from: the user's form, or an MCP App's `tools/call`. */
export type CallSource = { readonly kind: 'user' } | { readonly kind: 'app'; readonly parentCall: number };

/** One tool call as the page shows it. */
export interface CallRecord {
  readonly id: number;
  readonly tool: Tool;
  readonly args: Params;
  readonly source: CallSource;
  readonly startedAt: number;
  endedAt?: number;
  status: 'running' | 'done' | 'error' | 'cancelled';
  progress?: { readonly progress: number; readonly total?: number; readonly message?: string };
  /** `input_required` rounds so far (2026-07-28). */
  rounds: number;
  result?: CallToolResult;
  error?: string;
  /** The outcome as an Observable, for an app that called the tool. */
  readonly outcome$: Observable<CallToolResult>;
}

/** The most calls kept; older finished calls (and their results, which may be large) are let go. */
const MAX_CALLS = 40;

let nextId = 1;

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

const traceIdOf = (traceparent: string): string => traceparent.split('-')[1] ?? '';

/** The calls of the page: started from forms or apps, followed through `callToolEvents`, cancelled by unsubscribing. */
export class Calls {
  readonly list: CallRecord[] = [];
  readonly changed$ = new Subject<void>();
  /** The bounds of the calls started from now on (the settings panel); `false`: none. */
  timeout: TimeoutOptions | false = false;
  private readonly subscriptions = new Map<number, Subscription>();
  private readonly outcomes = new Map<number, ReplaySubject<CallToolResult>>();
  /** Each call's trace id (from its `traceparent`), for the network view. */
  private readonly traces = new Map<string, number>();

  constructor(private readonly correlator: Correlator) {}

  /** Starts `tool` with `args` on `client`. */
  start(client: Client, tool: Tool, args: Params, source: CallSource = { kind: 'user' }): CallRecord {
    const outcome = new ReplaySubject<CallToolResult>(1);
    const record: CallRecord = { id: nextId++, tool, args, source, startedAt: Date.now(), status: 'running', rounds: 0, outcome$: outcome };
    this.list.push(record);
    this.trim();
    const traceparent = this.correlator.traceFor(record.id);
    this.traces.set(traceIdOf(traceparent), record.id);
    const subscription = client.callToolEvents(tool.name, args, { trace: { traceparent }, timeout: this.timeout }).subscribe({
      next: (event) => {
        if (event.type === 'progress') record.progress = { progress: event.progress, ...(event.total === undefined ? {} : { total: event.total }), ...(event.message === undefined ? {} : { message: event.message }) };
        else if (event.type === 'input-required') this.inputRound(record, event.round, event.inputRequests);
        else record.result = event.result;
        this.changed$.next();
      },
      error: (error: unknown) => {
        this.finish(record, 'error', describe(error));
        outcome.error(error);
      },
      complete: () => {
        this.finish(record, 'done');
        if (record.result !== undefined) outcome.next(record.result);
        outcome.complete();
      },
    });
    if (record.status === 'running') {
      this.subscriptions.set(record.id, subscription);
      this.outcomes.set(record.id, outcome);
    }
    this.changed$.next();
    return record;
  }

  /** Cancels a running call: unsubscribing sends the cancellation (or closes the request's stream). */
  cancel(id: number, reason = 'Cancelled from the dashboard'): void {
    const record = this.get(id);
    if (record === undefined || record.status !== 'running') return;
    this.subscriptions.get(id)?.unsubscribe();
    const outcome = this.outcomes.get(id);
    this.finish(record, 'cancelled', reason);
    outcome?.error(new Error(reason));
  }

  /** The call whose trace context `traceparent` carries, while the call is in the list. */
  callOfTrace(traceparent: string): number | undefined {
    return this.traces.get(traceIdOf(traceparent));
  }

  get(id: number): CallRecord | undefined {
    return this.list.find((call) => call.id === id);
  }

  /** The latest call of a tool started from the form. */
  latestOf(toolName: string): CallRecord | undefined {
    for (let index = this.list.length - 1; index >= 0; index -= 1) {
      const call = this.list[index] as CallRecord;
      if (call.tool.name === toolName && call.source.kind === 'user') return call;
    }
    return undefined;
  }

  get running(): boolean {
    return this.list.some((call) => call.status === 'running');
  }

  private inputRound(record: CallRecord, round: number, requests: InputRequests): void {
    record.rounds = round;
    for (const request of Object.values(requests)) this.correlator.link(request.method, request.params, record.id);
  }

  private finish(record: CallRecord, status: CallRecord['status'], error?: string): void {
    record.status = status;
    record.endedAt = Date.now();
    if (error !== undefined) record.error = error;
    this.subscriptions.delete(record.id);
    this.outcomes.delete(record.id);
    this.changed$.next();
  }

  private trim(): void {
    while (this.list.length > MAX_CALLS) {
      const index = this.list.findIndex((call) => call.status !== 'running');
      if (index === -1) return;
      const [gone] = this.list.splice(index, 1);
      for (const [trace, id] of this.traces) if (id === gone?.id) this.traces.delete(trace);
    }
  }
}
