// Faults of a Streamable HTTP server, in both shapes (2025 with sessions, 2026-07-28 stateless), with 100 calls in
// flight: a storm of 5xx answers, characters split across chunks, a call that is never answered.
import { createClient, streamableHttp, type Client } from '../../../src/index.js';
import { CALLS, echoed, errorNamed, explain, failedTyped, hundredCalls, problems, startCalls, type PerCallFault, PROMPTLY_MS } from '../../helpers/faults/calls.js';
import { connected, FAULT_CLIENT_OPTIONS, nextCallProblem, recordingFetch, type RecordingFetch } from '../../helpers/faults/client.js';
import { describeOnEngines } from '../../helpers/faults/engines.js';
import { httpFaultServer, runId, type FaultParams, type HttpFaultServer } from '../../helpers/faults/fault-server.js';

const SPEC_MS = 15_000;
const STORM_MS = 1000;
/** Calls in flight when the storm starts; `STORMED` more are sent into it. */
const HELD = 90;
const STORMED = CALLS - HELD;

describeOnEngines('Streamable HTTP faults with 100 calls in flight', (engine) => {
  let server: HttpFaultServer;
  let client: Client | undefined;
  beforeAll(async () => (server = await httpFaultServer()));
  afterEach(() => client?.close());

  async function start(label: string, params: FaultParams, fetch?: RecordingFetch): Promise<{ run: string; client: Client }> {
    const run = runId(label);
    client = createClient(streamableHttp(server.url(run, params), { fetch: fetch?.fetch ?? engine.fetch }), FAULT_CLIENT_OPTIONS);
    await connected(client);
    return { run, client };
  }

  for (const shape of ['2025', '2026'] as const) {
    describe(`(${shape} shape)`, () => {
      it(`a 503 storm with Retry-After fails only the calls whose POST got a 503, at once, typed and naming the status; the next call works once it ends (${shape})`, async () => {
        const answers = recordingFetch(engine.fetch);
        const { run, client } = await start(`storm-${shape}`, { shape, fault: 'storm', after: HELD, stormMs: STORM_MS, retryAfter: 1 }, answers);
        // A call sent into the storm meets its own fault: the 503 that answers its POST.
        const its503: PerCallFault = { what: 'its 503', at: (o) => answers.answeredAt(o.index) };
        // 90 calls are in flight (their POSTs accepted) when the storm starts, answered after it; 10 more are sent into it.
        const held = startCalls(hundredCalls(client, { count: HELD, delayMs: () => STORM_MS + 100 }));
        const faultAt = await server.faultAt(run);
        const stormed = startCalls(hundredCalls(client, { count: STORMED, first: HELD, afterFault: false }));
        const [heldOutcomes, stormedOutcomes] = await Promise.all([held.settled(3000), stormed.settled(3000)]);
        expect(problems(heldOutcomes, (o) => echoed(o.index, faultAt)(o))).withContext('calls accepted before the storm').toEqual([]);
        expect(problems(stormedOutcomes, failedTyped(its503, PROMPTLY_MS, errorNamed('TransportError', '503')))).withContext('calls sent into the storm').toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, faultAt + STORM_MS + 50 - performance.now())));
        expect(await nextCallProblem(client, 3000)).toBeUndefined();
      }, SPEC_MS);

      for (const body of ['json', 'sse'] as const) {
        it(`multi-byte characters split across chunks of ${body} bodies: all 100 results arrive intact (${shape})`, async () => {
          const { client } = await start(`split-${shape}-${body}`, { shape, fault: 'split-utf8', body });
          const outcomes = await startCalls(hundredCalls(client, { afterFault: false })).settled(5000);
          expect(problems(outcomes, (o) => echoed(o.index)(o))).toEqual([]);
        }, SPEC_MS);
      }

      it(`a call the server never answers fails with RequestTimeoutError at its limit; the other 99 succeed (${shape})`, async () => {
        const { run, client } = await start(`never-${shape}`, { shape, fault: 'never', after: CALLS, tool: 'victim' });
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
        expect(await nextCallProblem(client, 3000)).toBeUndefined();
      }, SPEC_MS);
    });
  }
});
