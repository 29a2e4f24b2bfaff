import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catchError, filter, firstValueFrom, from, lastValueFrom, map, mergeMap, of, type Subscription, timeout, toArray } from 'rxjs';
import { RequestTimeoutError } from '../../src/errors/errors.js';
import { McpError } from '../../src/errors/mcp-error.js';
import { createClient } from '../../src/client/client.js';
import type { Client } from '../../src/client/client-types.js';
import type { CallToolResult, ElicitRequestParams, ElicitResult, Tool } from '../../src/protocol/model.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { exampleServerFile, launch, type LaunchedServer } from '../fixtures/official/launch.js';
import { textOf } from '../helpers/mcp-fixtures.js';
import { startNginx, type RunningNginx } from '../helpers/nginx.js';

/**
 * Two stateless 2026-07-28 example servers behind a real nginx (round-robin, no affinity): every call, every input
 * round and the listen stream may land on either instance. Counts are bounded so the spec stays well under a minute
 * on a 2-core machine; `npm run soak` runs the long version.
 */
const CALLS = 10_000;
const IN_FLIGHT = 100;
const AFTER_KILL_CALLS = 1000;
const KEY = 'rxmcp-load-balancer-spec-request-state-key-0123456789';
const COUNTER_URI = 'example://counter';
const SETUP_MS = 30_000;

type Outcome = { readonly kind: 'result'; readonly result: CallToolResult; readonly index: number } | { readonly kind: 'error'; readonly error: unknown; readonly index: number };

/**
 * The call of one index: mostly `add`, every 25th a three-round `introduce`, every 400th a `bump`; after the first
 * CALLS, every 10th a slow `countdown` (its response stream is open for a while, so a kill breaks some mid-way).
 */
function callFor(client: Client, index: number) {
  if (index >= CALLS && index % 10 === 5) return client.callTool('countdown', { from: 2, delayMs: countdownDelay(index) }, { progress: true });
  if (index % 400 === 399) return client.callTool('bump');
  if (index % 25 === 24) return client.callTool('introduce');
  return client.callTool('add', { a: index, b: 1 });
}

/** A delay that names the countdown call, to count the POSTs of each. */
const countdownDelay = (index: number): number => 100 + (index % 1000);

function checkResult(index: number, result: CallToolResult): string | undefined {
  if (index >= CALLS && index % 10 === 5) return textOf(result) === 'Liftoff after 2 steps' ? undefined : `countdown ${index}: ${textOf(result)}`;
  if (index % 400 === 399) return /^counter is now \d+$/.test(textOf(result)) ? undefined : `bump ${index}: ${textOf(result)}`;
  if (index % 25 === 24) {
    const served = (result.structuredContent as { served?: unknown } | undefined)?.served;
    return textOf(result) === 'This is Ada, who likes teal.' && Array.isArray(served) && served.length === 3 ? undefined : `introduce ${index}: ${JSON.stringify(result)}`;
  }
  return (result.structuredContent as { sum?: number } | undefined)?.sum === index + 1 ? undefined : `add ${index}: ${JSON.stringify(result)}`;
}


function runCalls(client: Client, first: number, count: number, onSettled?: (done: number) => void): Promise<Outcome[]> {
  let done = 0;
  return lastValueFrom(
    from(Array.from({ length: count }, (_, i) => first + i)).pipe(
      mergeMap((index) => callFor(client, index).pipe(
        map((result): Outcome => ({ kind: 'result', result, index })),
        catchError((error: unknown) => of<Outcome>({ kind: 'error', error, index })),
        map((outcome) => (onSettled?.((done += 1)), outcome)),
      ), IN_FLIGHT),
      toArray(),
    ),
  );
}

/** The elicitation answers of `introduce`: a name, then a colour. */
function answer(params: ElicitRequestParams): ElicitResult {
  const properties = Object.keys((params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {});
  return properties.includes('name') ? { action: 'accept', content: { name: 'Ada' } } : { action: 'accept', content: { colour: 'teal' } };
}

const until = <T>(source: Parameters<typeof firstValueFrom<T>>[0], ms: number) => firstValueFrom(source.pipe(timeout(ms)));

describe('stateless example servers behind nginx (round-robin, no affinity)', () => {
  let dir = '';
  const servers: LaunchedServer[] = [];
  let nginx: RunningNginx | undefined;
  let client: Client | undefined;
  const live: Subscription[] = [];
  let tools: readonly Tool[] = [];
  const counters: string[] = [];
  /** POSTs per `countdown` call (by its delay, which names the call): more than one is a re-issue. */
  const countdownPosts = new Map<number, number>();

  const startInstance = (instance: string, port = 0) =>
    launch(exampleServerFile('stateless.ts'), {
      args: ['--journal', join(dir, 'journal'), '--instance', instance, '--port', String(port)],
      env: { EXAMPLE_STATE_KEY: KEY },
      timeoutMs: 20_000,
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rxmcp-lb-'));
    servers.push(await startInstance('a'), await startInstance('b'));
    nginx = await startNginx(servers.map((server) => new URL(server.url).host));
    const fetch: FetchLike = (input, init) => {
      if (new Headers(init?.headers).get('mcp-method') === 'tools/call' && typeof init?.body === 'string') {
        const params = (JSON.parse(init.body) as { params?: { name?: string; arguments?: { delayMs?: number } } }).params;
        const delay = params?.arguments?.delayMs;
        if (params?.name === 'countdown' && delay !== undefined) countdownPosts.set(delay, (countdownPosts.get(delay) ?? 0) + 1);
      }
      return globalThis.fetch(input, init);
    };
    client = createClient(streamableHttp(`${nginx.origin}/mcp`, { fetch }), {
      handlers: { elicitation: answer },
      reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
      live: { backoff: { initialMs: 50, maxMs: 500 } },
      timeout: { firstMs: 20_000, totalMs: 20_000 },
    });
    live.push(client.tools$.subscribe((list) => (tools = list)));
    live.push(client.watchResource(COUNTER_URI).subscribe((read) => counters.push(read.contents.map((c) => ('text' in c ? c.text : '')).join(''))));
    await until(client.tools$.pipe(filter((list) => list.length > 0)), 10_000);
  }, SETUP_MS);

  afterAll(async () => {
    for (const subscription of live) subscription.unsubscribe();
    client?.close();
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.close()));
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  }, SETUP_MS);

  it(`answers ${CALLS} calls with ${IN_FLIGHT} in flight, multi-round calls whose rounds land on different instances, with 0 failures; tools$ and the resource watch follow changes made through either instance`, async () => {
    const connected = client as Client;
    expect(connected.server?.protocolVersion).toBe('2026-07-28');
    expect(tools.map((tool) => tool.name)).toContain('introduce');
    const started = performance.now();
    const outcomes = await runCalls(connected, 0, CALLS);
    const elapsed = performance.now() - started;
    const failed = outcomes.filter((outcome) => outcome.kind === 'error');
    expect(failed.map((outcome) => `${outcome.index}: ${String((outcome as { error: unknown }).error)}`).slice(0, 5)).toEqual([]);
    const wrong = outcomes.flatMap((outcome) => (outcome.kind === 'result' ? [checkResult(outcome.index, outcome.result)].filter((e) => e !== undefined) : []));
    expect(wrong.slice(0, 5)).toEqual([]);
    const rounds = outcomes.flatMap((outcome) => (outcome.kind === 'result' && outcome.index % 25 === 24 && outcome.index % 400 !== 399
      ? [(outcome.result.structuredContent as { served: string[] }).served] : []));
    const mixed = rounds.filter((served) => new Set(served).size > 1);
    expect(mixed.length).withContext(`introduce calls whose rounds were served by both instances, of ${rounds.length}`).toBeGreaterThan(rounds.length / 4);
    console.log(`load balancer: ${CALLS} calls, ${IN_FLIGHT} in flight, in ${Math.round(elapsed)} ms (${Math.round((CALLS * 1000) / elapsed)} calls/s); ${mixed.length}/${rounds.length} three-round calls spanned both instances`);

    const counter = await lastValueFrom(connected.callTool('bump'));
    await until(connected.watchResource(COUNTER_URI).pipe(filter(() => counters.at(-1) === textOf(counter).replace('counter is now', 'counter:'))), 5000);
    const bonus = tools.some((tool) => tool.name === 'bonus');
    await lastValueFrom(connected.callTool('toggle_tool'));
    await until(connected.tools$.pipe(filter((list) => list.some((tool) => tool.name === 'bonus') !== bonus)), 5000);
  }, 90_000);

  it('when one instance is killed mid-run, every call settles (a result, or a typed error that is no timeout), later calls succeed, and the live streams go on', async () => {
    const connected = client as Client;
    const victim = servers[1] as LaunchedServer;
    let killedAt = -1;
    const outcomes = await runCalls(connected, CALLS, AFTER_KILL_CALLS, (done) => {
      if (done === AFTER_KILL_CALLS / 4) {
        killedAt = done;
        victim.child.kill('SIGKILL');
      }
    });
    expect(killedAt).toBe(AFTER_KILL_CALLS / 4);
    expect(outcomes.length).toBe(AFTER_KILL_CALLS);
    const errors = outcomes.flatMap((outcome) => (outcome.kind === 'error' ? [outcome.error] : []));
    expect(errors.filter((error) => !McpError.is(error)).map(String)).toEqual([]);
    expect(errors.filter((error) => error instanceof RequestTimeoutError).map(String)).toEqual([]);
    expect(errors.length).toBeLessThan(IN_FLIGHT);
    const kinds = errors.map((error) => `${(error as McpError).name}${(error as { status?: number }).status === undefined ? '' : ` ${(error as { status?: number }).status}`}`);
    const counts = [...new Set(kinds)].map((kind) => `${kinds.filter((k) => k === kind).length}× ${kind}`);
    const reissued = [...countdownPosts.values()].filter((count) => count > 1).length;
    const wrong = outcomes.flatMap((outcome) => (outcome.kind === 'result' ? [checkResult(outcome.index, outcome.result)].filter((e) => e !== undefined) : []));
    expect(wrong.slice(0, 5)).toEqual([]);
    console.log(`load balancer, one instance killed: ${AFTER_KILL_CALLS - errors.length}/${AFTER_KILL_CALLS} calls answered (${reissued} slow calls re-issued after their stream broke); typed failures: ${counts.join(', ') || 'none'}`);

    const after = await runCalls(connected, CALLS + AFTER_KILL_CALLS, 200);
    expect(after.filter((outcome) => outcome.kind === 'error').map((outcome) => String((outcome as { error: unknown }).error))).toEqual([]);
    const counter = await lastValueFrom(connected.callTool('bump'));
    await until(connected.watchResource(COUNTER_URI).pipe(filter(() => counters.at(-1) === textOf(counter).replace('counter is now', 'counter:'))), 10_000);
    const bonus = tools.some((tool) => tool.name === 'bonus');
    await lastValueFrom(connected.callTool('toggle_tool'));
    await until(connected.tools$.pipe(filter((list) => list.some((tool) => tool.name === 'bonus') !== bonus)), 10_000);

    // The instance comes back on its port; nginx, reloaded, sends it traffic again (for the other spec, in any order).
    servers[1] = await startInstance('b', Number(new URL(victim.url).port));
    await (nginx as RunningNginx).reload();
  }, 90_000);
});
