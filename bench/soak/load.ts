// One soak run: a client with live catalogs and a resource watch open, many calls with some in flight, forced
// reconnects spread over them, the heap sampled after warm-up, and everything counted back to zero after close().
import { BehaviorSubject, catchError, filter, first, firstValueFrom, from, lastValueFrom, map, mergeMap, of, timeout } from 'rxjs';
import { createClient, McpError, RequestTimeoutError, type CallToolResult, type Client, type ElicitRequestParams, type ElicitResult, type Transport } from 'rxmcp';
import { activeResources, HeapSampler, resourceDiff, SubscriptionCounter } from './instrument.js';

export const COUNTER_URI = 'example://counter';

/** What a run needs from its transport. */
export interface RunSetup {
  readonly name: string;
  readonly calls: number;
  readonly inFlight: number;
  readonly reconnects: number;
  /** The calls: which tool, which arguments, for call `index`. */
  readonly call: (client: Client, index: number) => ReturnType<Client['callTool']>;
  readonly transport: () => Transport;
  /** Forces one reconnect (kills the server, drops the connection) and resolves once the server is back. */
  readonly forceReconnect: () => Promise<void>;
  /** How many physical connections (processes, listen streams) were opened so far. */
  readonly opened: () => number;
}

/** The numbers of one run, and the checks that failed. */
export interface RunReport {
  readonly name: string;
  readonly lines: string[];
  readonly failures: string[];
}

const textOf = (result: CallToolResult): string => result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

/** The answers of the example tools' elicitations: greet asks for a name, introduce for a name and a colour. */
export function answer(params: ElicitRequestParams): ElicitResult {
  const properties = Object.keys((params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {});
  return properties.includes('colour') ? { action: 'accept', content: { colour: 'teal' } } : { action: 'accept', content: { name: 'Ada' } };
}

interface Tally {
  done: number;
  ok: number;
  failed: number;
  timeouts: number;
  untyped: number;
  byName: Map<string, number>;
}

async function poll(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

function record(tally: Tally, error: unknown): void {
  tally.failed += 1;
  if (error instanceof RequestTimeoutError) tally.timeouts += 1;
  if (!McpError.is(error)) tally.untyped += 1;
  const name = McpError.is(error) ? `${error.name}${(error as { status?: number }).status === undefined ? '' : ` ${(error as { status?: number }).status}`}` : String(error);
  tally.byName.set(name, (tally.byName.get(name) ?? 0) + 1);
}

/** Runs the calls, `inFlight` at a time, holding new calls while a forced reconnect is under way. */
async function load(setup: RunSetup, client: Client, counter: SubscriptionCounter, heap: HeapSampler, tally: Tally): Promise<number> {
  const gate = new BehaviorSubject(true);
  const spacing = Math.floor(setup.calls / (setup.reconnects + 1));
  const warmUp = Math.max(Math.floor(setup.calls / 10), Math.min(5000, Math.floor(setup.calls / 2)));
  const sampleEvery = Math.max(1, Math.floor((setup.calls - warmUp) / 40));
  let reconnects = 0;
  let reconnecting = false;
  const settled = (): void => {
    tally.done += 1;
    if (tally.done >= warmUp && (tally.done - warmUp) % sampleEvery === 0) heap.sample(tally.done);
    // The calls in flight when a reconnect is forced settle meanwhile: the next one waits until it is over.
    if (reconnecting || reconnects >= setup.reconnects || tally.done < spacing * (reconnects + 1)) return;
    reconnects += 1;
    reconnecting = true;
    gate.next(false);
    const reopen = (): void => {
      reconnecting = false;
      gate.next(true);
    };
    setup.forceReconnect().then(reopen, (error: unknown) => {
      console.error(`${setup.name}: reconnect ${reconnects} failed:`, error);
      reopen();
    });
  };
  await lastValueFrom(
    from(Array.from({ length: setup.calls }, (_, index) => index)).pipe(
      mergeMap((index) => gate.pipe(first(Boolean), mergeMap(() => counter.counted('call', setup.call(client, index))), map(() => {
        tally.ok += 1;
      }), catchError((error: unknown) => of(record(tally, error))), map(settled)), setup.inFlight),
    ),
    { defaultValue: undefined },
  );
  return reconnects;
}

/** Runs one soak. */
export async function soak(setup: RunSetup): Promise<RunReport> {
  const failures: string[] = [];
  const counter = new SubscriptionCounter();
  const heap = new HeapSampler();
  const before = activeResources();
  const client = createClient(counter.transport(setup.transport()), {
    clientInfo: { name: 'rxmcp-soak', version: '1.0.0' },
    handlers: { elicitation: answer },
    reconnect: { initialDelayMs: 20, maxDelayMs: 200, jitter: 0 },
    live: { backoff: { initialMs: 20, maxMs: 200 } },
    timeout: { firstMs: 30_000, totalMs: 30_000 },
  });
  let tools: readonly string[] = [];
  let resources = 0;
  let watched = '';
  const live = [
    counter.counted('tools$', client.tools$).subscribe((list) => (tools = list.map((tool) => tool.name).sort())),
    counter.counted('resources$', client.resources$).subscribe((list) => (resources = list.length)),
    counter.counted('watchResource', client.watchResource(COUNTER_URI)).subscribe((read) => (watched = read.contents.map((c) => ('text' in c ? c.text : '')).join(''))),
  ];
  await firstValueFrom(client.tools$.pipe(filter((list) => list.length > 0), timeout(30_000)));
  const tally: Tally = { done: 0, ok: 0, failed: 0, timeouts: 0, untyped: 0, byName: new Map() };
  const started = performance.now();
  const reconnects = await load(setup, client, counter, heap, tally);
  const seconds = (performance.now() - started) / 1000;

  // The live state still follows the server: one more change of each, seen by the catalog and the watch.
  const bumped = textOf(await lastValueFrom(client.callTool('bump'))).replace('counter is now', 'counter:');
  if (!(await poll(() => watched === bumped, 10_000))) failures.push(`the resource watch shows "${watched}", the server "${bumped}"`);
  const listed = (await lastValueFrom(client.listTools())).map((tool) => tool.name).sort();
  if (!(await poll(() => tools.join() === listed.join(), 10_000))) failures.push(`tools$ shows [${tools.join()}], tools/list [${listed.join()}]`);
  if (resources === 0) failures.push('resources$ is empty');

  for (const subscription of live) subscription.unsubscribe();
  client.close();
  const subscriptionsBack = await poll(() => counter.total() === 0, 10_000);
  const handlesBack = await poll(() => resourceDiff(before, activeResources()).length === 0, 20_000);

  const slope = heap.objectSlopePer1000();
  const lines = [
    `${tally.done} calls in ${seconds.toFixed(1)} s (${Math.round(tally.done / seconds)} calls/s), ${setup.inFlight} in flight: ${tally.ok} answered, ${tally.failed} failed${tally.byName.size === 0 ? '' : ` (${[...tally.byName].map(([name, n]) => `${n}× ${name}`).join(', ')})`}`,
    `forced reconnects: ${reconnects}; connections opened: ${setup.opened()}`,
    `heap after warm-up (${heap.samples.length} samples after gc): ${heap.range()}; slope of heapUsed ${Math.round(heap.slopePer1000())} bytes per 1000 calls, without compiled code ${Math.round(slope)}`,
    `after close(): live subscriptions ${counter.total()}${subscriptionsBack ? '' : ` ${JSON.stringify(counter.snapshot())}`}; active resources ${handlesBack ? `back to baseline (${JSON.stringify(before)})` : resourceDiff(before, activeResources()).join(', ')}`,
  ];
  if (tally.done !== setup.calls) failures.push(`${setup.calls - tally.done} calls never settled`);
  if (tally.timeouts > 0) failures.push(`${tally.timeouts} calls timed out`);
  if (tally.untyped > 0) failures.push(`${tally.untyped} calls failed with an untyped error`);
  if (tally.failed > (reconnects + 1) * setup.inFlight) failures.push(`${tally.failed} failed calls, more than ${setup.inFlight} per forced reconnect`);
  if (reconnects !== setup.reconnects) failures.push(`${reconnects} of ${setup.reconnects} forced reconnects happened`);
  if (setup.opened() < reconnects + 1) failures.push(`only ${setup.opened()} connections were opened for ${reconnects} forced reconnects`);
  if (slope > MAX_SLOPE_PER_1000) failures.push(`the heap's objects grow by ${Math.round(slope)} bytes per 1000 calls (limit ${MAX_SLOPE_PER_1000})`);
  if (!subscriptionsBack) failures.push(`live subscriptions after close(): ${JSON.stringify(counter.snapshot())}`);
  if (!handlesBack) failures.push(`active resources after close(): ${resourceDiff(before, activeResources()).join(', ')}`);
  return { name: setup.name, lines, failures };
}

/**
 * The heap's objects (heapUsed without V8's compiled code, which grows while functions are optimised and is
 * released by V8 itself) may drift by this much per 1000 calls, no more: 8 bytes a call.
 */
export const MAX_SLOPE_PER_1000 = 8 * 1024;
