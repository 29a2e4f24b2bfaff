// Faults of the 2026-07-28 Streamable HTTP shape with 100 calls in flight: a POST's event stream ends before its
// result, JSON answers are cut off by the socket closing, the listen stream drops, a call asks for input forever.
import { filter, firstValueFrom, map } from 'rxjs';
import { createClient, streamableHttp, type Client, type ClientOptions } from '../../../src/index.js';
import { CALLS, echoed, errorNamed, failedTyped, hundredCalls, problems, startCalls } from '../../helpers/faults/calls.js';
import { connected, FAULT_CLIENT_OPTIONS, nextCallProblem } from '../../helpers/faults/client.js';
import { httpFaultServer, reportWhen, runId, within, type FaultParams, type HttpFaultServer, type RunReport } from '../../helpers/faults/fault-server.js';

const SPEC_MS = 15_000;

describe('Streamable HTTP (2026-07-28 shape) faults with 100 calls in flight', () => {
  let server: HttpFaultServer;
  let client: Client | undefined;
  beforeAll(async () => (server = await httpFaultServer()));
  afterEach(() => client?.close());

  async function start(label: string, params: FaultParams, options: ClientOptions = {}): Promise<{ run: string; client: Client }> {
    const run = runId(label);
    client = createClient(streamableHttp(server.url(run, { shape: '2026', ...params })), { ...FAULT_CLIENT_OPTIONS, ...options });
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

  it('JSON answers cut off by the server closing the socket: each of the 100 calls is re-issued once with a new id and succeeds', async () => {
    const { run, client } = await start('json-cut', { fault: 'json-cut', after: CALLS });
    const batch = startCalls(hundredCalls(client));
    const faultAt = await server.faultAt(run);
    const outcomes = await batch.settled(4000);
    expect(problems(outcomes, (o) => echoed(o.index, faultAt)(o))).toEqual([]);
    const calls = (await server.report(run)).log.filter((entry) => entry.rpc === 'tools/call');
    expect(calls.length).withContext('POSTs of tools/call (each call cut once, then re-issued)').toBe(2 * CALLS);
    expect(new Set(calls.map((entry) => entry.id)).size).withContext('distinct JSON-RPC ids').toBe(2 * CALLS);
    expect(await nextCallProblem(client, 3000)).toBeUndefined();
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
