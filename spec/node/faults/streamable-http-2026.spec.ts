// Faults of the 2026-07-28 Streamable HTTP shape with 100 calls in flight: a POST's event stream ends before its
// result, JSON answers are cut off by the socket closing, the listen stream drops (once, or after every
// acknowledgement) or is never acknowledged, a call asks for input forever.
import { filter, firstValueFrom, map } from 'rxjs';
import { createClient, streamableHttp, type Client, type ClientOptions } from '../../../src/index.js';
import { CALLS, echoed, errorNamed, failedTyped, hundredCalls, problems, startCalls } from '../../helpers/faults/calls.js';
import { connected, FAULT_CLIENT_OPTIONS, nextCallProblem, recordDiagnostics } from '../../helpers/faults/client.js';
import { describeOnEngines } from '../../helpers/faults/engines.js';
import { httpFaultServer, reportWhen, runId, within, type FaultParams, type HttpFaultServer, type RunReport } from '../../helpers/faults/fault-server.js';

const SPEC_MS = 15_000;

describeOnEngines('Streamable HTTP (2026-07-28 shape) faults with 100 calls in flight', (engine) => {
  let server: HttpFaultServer;
  let client: Client | undefined;
  beforeAll(async () => (server = await httpFaultServer()));
  afterEach(() => client?.close());

  async function start(label: string, params: FaultParams, options: ClientOptions = {}): Promise<{ run: string; client: Client }> {
    const run = runId(label);
    client = createClient(streamableHttp(server.url(run, { shape: '2026', ...params }), { fetch: engine.fetch }), { ...FAULT_CLIENT_OPTIONS, ...options });
    await connected(client);
    return { run, client };
  }

  const listens = (report: RunReport) => report.log.filter((entry) => entry.rpc === 'subscriptions/listen');

  for (const cut of ['end', 'reset'] as const) {
    it(`a POST event stream that ends (${cut}) before its result: the call is re-issued once with a new id and succeeds`, async () => {
      const { run, client } = await start(`post-cut-${cut}`, { fault: 'sse-cut', after: CALLS, tool: 'victim', ids: false, cut });
      const batch = startCalls(hundredCalls(client, { victim: 'victim' }));
      const faultAt = await server.faultAt(run);
      const outcomes = await batch.settled(4000);
      expect(problems(outcomes, (o) => echoed(o.index, faultAt)(o))).toEqual([]);
      const attempts = (await server.report(run)).log.filter((entry) => entry.rpc === 'tools/call' && entry.name === 'victim');
      expect(attempts.length).withContext('POSTs of the victim').toBe(2);
      expect(new Set(attempts.map((entry) => entry.id)).size).withContext('distinct JSON-RPC ids').toBe(2);
    }, SPEC_MS);

    it(`a listen stream that drops (${cut}) is re-opened; the calls are unaffected and a tool-list change made in the gap is seen after it`, async () => {
      const { run, client } = await start(`listen-drop-${cut}`, { fault: 'listen-drop', after: CALLS, cut });
      const names$ = client.tools$.pipe(map((tools) => tools.map((tool) => tool.name)));
      const held = names$.subscribe();
      try {
        expect(await within(3000, 'the first tool list', firstValueFrom(names$))).not.toContain('bonus');
        expect(listens(await reportWhen(server, run, (report) => listens(report).length === 1)).length).withContext('listen requests before the fault').toBe(1);
        const withBonus = firstValueFrom(names$.pipe(filter((names) => names.includes('bonus'))));
        const batch = startCalls(hundredCalls(client));
        const faultAt = await server.faultAt(run);
        const outcomes = await batch.settled(4000);
        expect(problems(outcomes, (o) => echoed(o.index, faultAt)(o))).toEqual([]);
        expect(listens(await reportWhen(server, run, (report) => listens(report).length >= 2)).length).withContext('listen requests').toBeGreaterThanOrEqual(2);
        const seen = await within(3000, 'the tool list with the tool added in the gap', withBonus).catch((error: Error) => error.message);
        expect(seen).toContain('bonus');
      } finally {
        held.unsubscribe();
      }
    }, SPEC_MS);
  }

  const cuts = [
    ['json-cut', 'JSON answers cut off by the server closing the socket'],
    ['socket-cut', 'sockets closed before any answer (a keep-alive connection closed under the request)'],
  ] as const;
  for (const [fault, what] of cuts) {
    it(`${what}: each of the 100 calls is re-issued once with a new id and succeeds`, async () => {
      const { run, client } = await start(fault, { fault, after: CALLS });
      const batch = startCalls(hundredCalls(client));
      const faultAt = await server.faultAt(run);
      const outcomes = await batch.settled(4000);
      expect(problems(outcomes, (o) => echoed(o.index, faultAt)(o))).toEqual([]);
      const calls = (await server.report(run)).log.filter((entry) => entry.rpc === 'tools/call');
      expect(calls.length).withContext('POSTs of tools/call (each call cut once, then re-issued)').toBe(2 * CALLS);
      expect(new Set(calls.map((entry) => entry.id)).size).withContext('distinct JSON-RPC ids').toBe(2 * CALLS);
      expect(await nextCallProblem(client, 3000)).toBeUndefined();
    }, SPEC_MS);
  }

  it('a server that acknowledges each listen stream and drops it 100 ms later: the client re-opens it with growing delays, and calls work', async () => {
    const live = { ...FAULT_CLIENT_OPTIONS.live, backoff: { initialMs: 50, maxMs: 800 } };
    const { run, client } = await start('listen-flap', { fault: 'listen-flap', cut: 'reset' }, { live });
    const held = client.tools$.subscribe();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Delays of 50, 100, 200, 400 ms after streams of 100 ms: opens at about 0, 150, 350, 650 and 1150 ms
      // (one every 150 ms, 10 or more, if every acknowledgement started the backoff over).
      const opened = listens(await server.report(run)).length;
      expect(opened).withContext('listen requests in 1.5 s').toBeGreaterThanOrEqual(3);
      expect(opened).withContext('listen requests in 1.5 s').toBeLessThanOrEqual(6);
      expect(await nextCallProblem(client, 3000)).toBeUndefined();
    } finally {
      held.unsubscribe();
    }
  }, SPEC_MS);

  it('a listen stream never acknowledged: given up after listenAckTimeoutMs with a listen-retry diagnostic, the tool list marked stale, re-opened', async () => {
    const live = { ...FAULT_CLIENT_OPTIONS.live, listenAckTimeoutMs: 300 };
    const { run, client } = await start('listen-mute', { fault: 'listen-mute' }, { live });
    const diagnostics = recordDiagnostics(client);
    const held = client.toolsState$.subscribe();
    try {
      const stale = await within(3000, 'a stale tool list after a first good one', firstValueFrom(client.toolsState$.pipe(filter((s) => s.items !== undefined && s.stale && !s.refreshing))));
      expect(stale.items?.map((tool) => tool.name)).toContain('echo');
      const retries = diagnostics.entries.map((e) => e.diagnostic).filter((d) => d.kind === 'listen-retry');
      expect(retries[0]?.message).toContain('not acknowledged within 300 ms');
      const report = await reportWhen(server, run, (r) => listens(r).length >= 2);
      expect(listens(report).length).withContext('listen requests').toBeGreaterThanOrEqual(2);
      expect(listens(report)[0]?.closedEarly).withContext('the first listen stream closed by the client').toBe(true);
      expect(await nextCallProblem(client, 3000)).toBeUndefined();
    } finally {
      held.unsubscribe();
      diagnostics.stop();
    }
  }, SPEC_MS);

  it('input rounds that never end: the call fails with InputRequiredError after maxInputRounds, the other 99 succeed', async () => {
    const handlers = { elicitation: () => ({ action: 'accept' as const, content: { name: 'Ada' } }) };
    const { run, client } = await start('input-forever', { fault: 'input-forever', after: CALLS, tool: 'ask' }, { handlers, maxInputRounds: 3 });
    const batch = startCalls(hundredCalls(client, { victim: 'ask' }));
    const faultAt = await server.faultAt(run);
    const outcomes = await batch.settled(4000);
    const victim = (o: (typeof outcomes)[number]) => failedTyped(faultAt, 1000, errorNamed('InputRequiredError', '3 rounds'))(o)
      ?? ((o.error as { rounds?: number }).rounds === 3 ? undefined : `rounds ${(o.error as { rounds?: number }).rounds}, expected 3`);
    expect(problems(outcomes, (o) => (o.index === CALLS - 1 ? victim(o) : echoed(o.index, faultAt)(o)))).toEqual([]);
    const asks = (await server.report(run)).log.filter((entry) => entry.rpc === 'tools/call' && entry.name === 'ask');
    expect(asks.length).withContext('POSTs of the call (the first and one per round)').toBe(4);
    expect(await nextCallProblem(client, 3000)).toBeUndefined();
  }, SPEC_MS);
});
