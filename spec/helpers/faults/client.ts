// The client side of the fault specs: one set of client options (short, bounded waits), diagnostics with their
// arrival times, and bounded waits for the next call after a fault.
import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { CallToolResult, Client, ClientOptions, Diagnostic, DiagnosticKind, FetchLike } from '../../../src/index.js';
import { textOf } from '../mcp-fixtures.js';
import { echoText } from './calls.js';
import { within } from './fault-server.js';

/** Client options of the fault specs: every wait bounded well below the specs' own time limits. */
export const FAULT_CLIENT_OPTIONS: ClientOptions = {
  timeout: { firstMs: 8000 },
  probeTimeoutMs: 1500,
  connectTimeoutMs: 3000,
  live: { debounceMs: 10, graceMs: 0, backoff: { initialMs: 50, maxMs: 200 } },
};

/** Diagnostics a client reported, with `performance.now()` at arrival. */
export interface DiagnosticLog {
  readonly entries: readonly { readonly at: number; readonly diagnostic: Diagnostic }[];
  /** The kinds of the diagnostics that arrived at or after `since`. */
  kindsSince(since: number): DiagnosticKind[];
  stop(): void;
}

/** Records `client.diagnostics$` from now on. */
export function recordDiagnostics(client: Client): DiagnosticLog {
  const entries: { at: number; diagnostic: Diagnostic }[] = [];
  const subscription = client.diagnostics$.subscribe((diagnostic) => entries.push({ at: performance.now(), diagnostic }));
  return {
    entries,
    kindsSince: (since) => entries.filter((entry) => entry.at >= since).map((entry) => entry.diagnostic.kind),
    stop: () => subscription.unsubscribe(),
  };
}

/** Connects (negotiates) within 5 s. */
export function connected(client: Client): Promise<unknown> {
  return within(5000, 'connecting', firstValueFrom(client.connect()));
}

/**
 * The call after a fault: an `echo` that must answer within `ms`. Resolves with a problem description, or
 * `undefined` when it answered as it should.
 */
export async function nextCallProblem(client: Client, ms = 5000): Promise<string | undefined> {
  try {
    const result: CallToolResult = await within(ms, 'the next call after the fault', lastValueFrom(client.callTool('echo', { i: 1000 })));
    const text = textOf(result);
    return text === echoText(1000) ? undefined : `the next call answered ${JSON.stringify(text)}`;
  } catch (error) {
    return `the next call failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
}

/** A `fetch` that notes when each answer to a `tools/call` POST arrived, by the call's `arguments.i`. */
export interface RecordingFetch {
  readonly fetch: FetchLike;
  /** `performance.now()` when the (last) answer to the POST of call `i` arrived. */
  answeredAt(i: number): number | undefined;
}

/** Wraps `inner` (default: the global `fetch`) to record answer times (the transports take a `fetch` option). */
export function recordingFetch(inner: FetchLike = (input, init) => globalThis.fetch(input, init)): RecordingFetch {
  const answered = new Map<number, number>();
  const callIndex = (body: unknown): number | undefined => {
    if (typeof body !== 'string') return undefined;
    const message = JSON.parse(body) as { method?: string; params?: { arguments?: { i?: unknown } } };
    const i = message.method === 'tools/call' ? message.params?.arguments?.i : undefined;
    return typeof i === 'number' ? i : undefined;
  };
  return {
    fetch: async (input, init) => {
      const i = callIndex(init?.body);
      const response = await inner(input, init);
      if (i !== undefined) answered.set(i, performance.now());
      return response;
    },
    answeredAt: (i) => answered.get(i),
  };
}
