// Faults of a 2024-11-05 HTTP+SSE server with 100 calls in flight: the event stream ends, characters are split
// across chunks, a call is never answered.
import { createClient, legacySse, type Client } from '../../../src/index.js';
import { CALLS, echoed, explain, failedTyped, hundredCalls, problems, startCalls, PROMPTLY_MS } from '../../helpers/faults/calls.js';
import { connected, FAULT_CLIENT_OPTIONS, nextCallProblem } from '../../helpers/faults/client.js';
import { httpFaultServer, runId, type FaultParams, type HttpFaultServer } from '../../helpers/faults/fault-server.js';

const SPEC_MS = 15_000;

describe('HTTP+SSE (2024-11-05) faults with 100 calls in flight', () => {
  let server: HttpFaultServer;
  let client: Client | undefined;
  beforeAll(async () => (server = await httpFaultServer()));
  afterEach(() => client?.close());

  async function start(label: string, params: FaultParams): Promise<{ run: string; client: Client }> {
    const run = runId(label);
    client = createClient(legacySse(server.url(run, { shape: 'legacy', ...params })), FAULT_CLIENT_OPTIONS);
    await connected(client);
    return { run, client };
  }

  for (const cut of ['end', 'reset'] as const) {
    it(`the event stream ends (${cut}) mid-flight: every pending call fails typed within 500 ms, and the next call connects again`, async () => {
      const { run, client } = await start(`drop-${cut}`, { fault: 'drop', after: CALLS, cut });
      const batch = startCalls(hundredCalls(client));
      const faultAt = await server.faultAt(run);
      const outcomes = await batch.settled(3000);
      expect(problems(outcomes, failedTyped(faultAt, PROMPTLY_MS))).toEqual([]);
      expect(await nextCallProblem(client, 3000)).toBeUndefined();
      const streams = (await server.report(run)).log.filter((entry) => entry.http === 'GET');
      expect(streams.length).withContext('event streams opened').toBe(2);
    }, SPEC_MS);
  }

  it('multi-byte characters split across chunks of the event stream: all 100 results arrive intact', async () => {
    const { client } = await start('legacy-split', { fault: 'split-utf8' });
    const outcomes = await startCalls(hundredCalls(client, { afterFault: false })).settled(5000);
    expect(problems(outcomes, (o) => echoed(o.index)(o))).toEqual([]);
  }, SPEC_MS);

  it('a call the server never answers fails with RequestTimeoutError at its limit; the other 99 succeed (HTTP+SSE)', async () => {
    const { run, client } = await start('legacy-never', { fault: 'never', after: CALLS, tool: 'victim' });
    const batch = startCalls(hundredCalls(client, { victim: 'victim', victimOptions: { timeout: { firstMs: 300 } } }));
    const faultAt = await server.faultAt(run);
    const outcomes = await batch.settled(3000);
    const victim = outcomes[CALLS - 1]!;
    expect(victim.status === 'error' ? (victim.error as Error).name : explain(victim)).toBe('RequestTimeoutError');
    const elapsed = (victim.settledAt ?? Infinity) - victim.startedAt;
    expect(elapsed).withContext('ms from the call to its timeout').toBeGreaterThanOrEqual(295);
    // Under 1000 ms: clear of the client's other limits (FAULT_CLIENT_OPTIONS: 1500 ms and up), with room for a
    // busy event loop late in the whole suite, where this timeout once fired 526 ms after the call.
    expect(elapsed).withContext('ms from the call to its timeout').toBeLessThan(1000);
    expect(problems(outcomes.slice(0, CALLS - 1), (o) => echoed(o.index, faultAt)(o))).toEqual([]);
  }, SPEC_MS);
});
