// Many calls in flight, how each one settled and when, and readable checks of the outcomes: a fault spec fails
// with the list of calls that hung, failed untyped, failed late or failed although the fault did not concern them.
import type { Observable, Subscription } from 'rxjs';
import { McpError, type CallToolResult, type Client, type ToolCallOptions } from '../../../src/index.js';
import { textOf } from '../mcp-fixtures.js';

/** How many calls a fault spec has in flight when the fault strikes. */
export const CALLS = 100;

/** The text the fault server's `echo` tool answers for call `i`. */
export const echoText = (i: number | string): string => `echo ${i} héllo €uro 😀`;

/** One call and how it settled; `settledAt` is `performance.now()`. */
export interface CallOutcome<T = unknown> {
  readonly label: string;
  readonly index: number;
  /** `performance.now()` when the call was subscribed. */
  readonly startedAt: number;
  status: 'pending' | 'result' | 'error';
  settledAt?: number;
  value?: T;
  error?: unknown;
}

/** A batch of calls in flight. */
export interface CallBatch<T> {
  readonly outcomes: readonly CallOutcome<T>[];
  /**
   * Resolves once every call settled, or after `boundMs`: calls still pending then are unsubscribed and stay
   * `pending` (they hung).
   */
  settled(boundMs: number): Promise<readonly CallOutcome<T>[]>;
}

/** Subscribes to every call now, in order. */
export function startCalls<T>(calls: readonly { readonly label: string; readonly call$: Observable<T> }[]): CallBatch<T> {
  const outcomes: CallOutcome<T>[] = [];
  const subscriptions: Subscription[] = [];
  let left = calls.length;
  let done: () => void = () => undefined;
  const allSettled = new Promise<void>((resolve) => (done = resolve));
  const settle = (outcome: CallOutcome<T>, status: 'result' | 'error', value: unknown) => {
    if (outcome.status !== 'pending') return;
    outcome.status = status;
    outcome.settledAt = performance.now();
    if (status === 'result') outcome.value = value as T;
    else outcome.error = value;
    left -= 1;
    if (left === 0) done();
  };
  calls.forEach(({ label, call$ }, index) => {
    const outcome: CallOutcome<T> = { label, index, startedAt: performance.now(), status: 'pending' };
    outcomes.push(outcome);
    subscriptions.push(call$.subscribe({
      next: (value) => settle(outcome, 'result', value),
      error: (error: unknown) => settle(outcome, 'error', error),
      complete: () => settle(outcome, 'error', new Error('completed without a value')),
    }));
  });
  if (left === 0) done();
  return {
    outcomes,
    settled: async (boundMs) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([allSettled, new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs)))]);
      clearTimeout(timer);
      for (const subscription of subscriptions) subscription.unsubscribe();
      return outcomes;
    },
  };
}

/** `name: message` of an error, shortened. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 220 ? `${text.slice(0, 220)}…` : text;
}

/** How a call settled, for failure messages; times are relative to `since` (the fault). */
export function explain(outcome: CallOutcome, since?: number): string {
  const at = outcome.settledAt === undefined || since === undefined ? '' : ` at ${Math.round(outcome.settledAt - since)} ms`;
  if (outcome.status === 'pending') return 'hung';
  if (outcome.status === 'result') return `a result${at}`;
  return `${errorText(outcome.error)}${at}`;
}

/** How many calls settled which way (e.g. `{ result: 99, 'ConnectionClosedError: Connection failed': 1 }`). */
export function tally(outcomes: readonly CallOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.status === 'error' ? errorText(outcome.error).replace(/\d+/g, 'N') : outcome.status;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * Runs `check` on every outcome and returns the problems as `label: problem` lines (at most `limit`, then a
 * count of the rest). Empty means every call settled as it should.
 */
export function problems<T>(outcomes: readonly CallOutcome<T>[], check: (outcome: CallOutcome<T>) => string | undefined, limit = 6): string[] {
  const found = outcomes.flatMap((outcome) => {
    const problem = check(outcome);
    return problem === undefined ? [] : [`${outcome.label}: ${problem}`];
  });
  return found.length <= limit ? found : [...found.slice(0, limit), `… and ${found.length - limit} more (${JSON.stringify(tally(outcomes))})`];
}

/** Check: the call got the `echo` result for `i`. */
export function echoed(i: number | string, since?: number): (outcome: CallOutcome) => string | undefined {
  return (outcome) => {
    if (outcome.status !== 'result') return `expected its result, got ${explain(outcome, since)}`;
    const text = textOf(outcome.value);
    return text === echoText(i) ? undefined : `expected the text ${JSON.stringify(echoText(i))}, got ${JSON.stringify(text)}`;
  };
}

/** When a call's fault struck, for calls that each meet their own (the HTTP answer that failed it, say). */
export interface PerCallFault {
  readonly what: string;
  at(outcome: CallOutcome): number | undefined;
}

/**
 * How soon after a fault the client must fail the calls it hits: well before any limit of its own
 * (`FAULT_CLIENT_OPTIONS`: 1500 ms and up), so a failure inside this bound came from the client seeing the fault,
 * not from a timeout. It leaves room for a busy machine: `npm test` runs two spec files at a time, and on a 2-core
 * CI machine a broken event stream was failed 173 ms after the fault server announced it.
 */
export const PROMPTLY_MS = 500;

/**
 * Check: the call failed with a typed rxmcp error (an `McpError`) within `withinMs` of `faultAt` (or of its own
 * fault), and `expectError` (if given) finds nothing wrong with the error.
 */
export function failedTyped(
  faultAt: number | PerCallFault,
  withinMs: number,
  expectError?: (error: unknown) => string | undefined,
): (outcome: CallOutcome) => string | undefined {
  return (outcome) => {
    const since = typeof faultAt === 'number' ? faultAt : faultAt.at(outcome);
    const what = typeof faultAt === 'number' ? 'the fault' : faultAt.what;
    if (since === undefined) return `${what} never happened; the call got ${explain(outcome)}`;
    if (outcome.status !== 'error') return `expected a typed error within ${withinMs} ms of ${what}, got ${explain(outcome, since)}`;
    if (!McpError.is(outcome.error)) return `expected an McpError, got ${explain(outcome, since)}`;
    const late = (outcome.settledAt ?? Infinity) - since;
    if (late > withinMs) return `failed ${Math.round(late)} ms after ${what} (limit ${withinMs} ms): ${errorText(outcome.error)}`;
    const wrong = expectError?.(outcome.error);
    return wrong === undefined ? undefined : `${wrong} (at ${Math.round(late)} ms)`;
  };
}

/** Check for errors: the error is of the named rxmcp class (by `name`) and its message contains every `parts`. */
export function errorNamed(name: string, ...parts: readonly (string | RegExp)[]): (error: unknown) => string | undefined {
  return (error) => {
    const actual = error instanceof Error ? error : undefined;
    if (actual?.name !== name) return `expected ${name}, got ${errorText(error)}`;
    const missing = parts.filter((part) => (typeof part === 'string' ? !actual.message.includes(part) : !part.test(actual.message)));
    return missing.length === 0 ? undefined : `its message lacks ${missing.map(String).join(', ')}: ${errorText(error)}`;
  };
}

/** Options of `hundredCalls`. */
export interface HundredCallsOptions {
  /** The 100th call is a call of this tool (the fault's victim); otherwise all 100 are `echo`. */
  readonly victim?: string;
  readonly victimOptions?: ToolCallOptions;
  /** Options of the `echo` call `i`. */
  readonly options?: (i: number) => ToolCallOptions | undefined;
  /** Echo calls wait for the fault before answering (default true), so that all of them are in flight. */
  readonly afterFault?: boolean;
  /** How long the server takes to answer `echo` call `i` (default: 120 ms for every fourth call, else 0). */
  readonly delayMs?: (i: number) => number;
  /** How many calls (default `CALLS`). */
  readonly count?: number;
  /** The index of the first call (default 0). */
  readonly first?: number;
}

/**
 * `CALLS` tool calls for a fault spec: `echo` calls 0…98 (every fourth one slow: 120 ms), answered only once the
 * fault struck, and call 99: an `echo` or the victim. With `after=100` the fault strikes when all are in flight.
 * `count` and `first` give other batches (the victim is the last call).
 */
export function hundredCalls(client: Client, options: HundredCallsOptions = {}): { label: string; call$: Observable<CallToolResult> }[] {
  const count = options.count ?? CALLS;
  return Array.from({ length: count }, (_, n) => {
    const i = (options.first ?? 0) + n;
    if (n === count - 1 && options.victim !== undefined) {
      return { label: `call ${i} (${options.victim})`, call$: client.callTool(options.victim, { i }, options.victimOptions) };
    }
    const args = { i, afterFault: options.afterFault ?? true, delayMs: options.delayMs?.(i) ?? (i % 4 === 0 ? 120 : 0) };
    return { label: `call ${i} (echo)`, call$: client.callTool('echo', args, options.options?.(i)) };
  });
}
