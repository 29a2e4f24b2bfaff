// Faults of the 2025 Streamable HTTP shape (sessions, the GET stream, SSE event ids) with 100 calls in flight:
// the session expires, every GET fails, a POST's event stream ends early with and without event ids.
import { createClient, streamableHttp, type Client, type StreamableHttpOptions } from '../../../src/index.js';
import { CALLS, echoed, errorNamed, failedTyped, hundredCalls, problems, startCalls, PROMPTLY_MS } from '../../helpers/faults/calls.js';
import { connected, FAULT_CLIENT_OPTIONS, nextCallProblem, recordDiagnostics } from '../../helpers/faults/client.js';
import { describeOnEngines } from '../../helpers/faults/engines.js';
import { httpFaultServer, runId, type FaultParams, type HttpFaultServer } from '../../helpers/faults/fault-server.js';

const SPEC_MS = 15_000;

describeOnEngines('Streamable HTTP (2025 shape) faults with 100 calls in flight', (engine) => {
  let server: HttpFaultServer;
  let client: Client | undefined;
  beforeAll(async () => (server = await httpFaultServer()));
  afterEach(() => client?.close());

  async function start(label: string, params: FaultParams, options: StreamableHttpOptions = {}): Promise<{ run: string; client: Client }> {
    const run = runId(label);
    client = createClient(streamableHttp(server.url(run, { shape: '2025', ...params }), { fetch: engine.fetch, ...options }), FAULT_CLIENT_OPTIONS);
    await connected(client);
    return { run, client };
  }

  it('session expiry (404): the client re-initializes, repeats the calls safe to repeat, fails the others with SessionLostError within 500 ms, and the next call works', async () => {
    const { run, client } = await start('session-expiry', { fault: 'session-expiry', after: CALLS });
    const safe = (i: number) => i % 2 === 0;
    const batch = startCalls(hundredCalls(client, { options: (i) => ({ idempotent: safe(i) }) }));
    const faultAt = await server.faultAt(run);
    const outcomes = await batch.settled(4000);
    const lost = failedTyped(faultAt, PROMPTLY_MS, errorNamed('SessionLostError', 'tools/call'));
    expect(problems(outcomes, (o) => (safe(o.index) ? echoed(o.index, faultAt)(o) : lost(o)))).toEqual([]);
    expect(await nextCallProblem(client, 3000)).toBeUndefined();
    expect((await server.report(run)).initializes).withContext('initialize requests').toBe(2);
  }, SPEC_MS);

  it('every GET answered 503 while POSTs work: no call fails because of the GET stream, which degrades with a diagnostic', async () => {
    const options: StreamableHttpOptions = { reconnect: { initialDelayMs: 20, maxDelayMs: 40, maxRetries: 2 } };
    const { run, client } = await start('get-503', { fault: 'get-503' }, options);
    const diagnostics = recordDiagnostics(client);
    // The calls take up to 600 ms, so that the GET stream gives up (3 attempts, 20-40 ms apart) while they are in flight.
    const outcomes = await startCalls(hundredCalls(client, { afterFault: false, delayMs: (i) => i * 6 })).settled(4000);
    expect(problems(outcomes, (o) => echoed(o.index)(o))).toEqual([]);
    const gets = (await server.report(run)).log.filter((entry) => entry.http === 'GET');
    expect(gets.length).withContext('GET attempts').toBeGreaterThanOrEqual(1);
    const mentions = diagnostics.entries.map((e) => e.diagnostic.message).filter((m) => /GET|503/.test(m));
    expect(mentions.length).withContext(`diagnostics naming the GET stream or its 503 (all: ${JSON.stringify(diagnostics.entries.map((e) => e.diagnostic.message))})`).toBeGreaterThanOrEqual(1);
    expect(await nextCallProblem(client, 3000)).toBeUndefined();
    expect((await server.report(run)).initializes).withContext('initialize requests').toBe(1);
  }, SPEC_MS);

  for (const cut of ['end', 'reset'] as const) {
    it(`an event stream with event ids that ends (${cut}) before its response is resumed by GET with Last-Event-ID and the call succeeds`, async () => {
      const { run, client } = await start(`sse-cut-ids-${cut}`, { fault: 'sse-cut', after: CALLS, tool: 'victim', ids: true, cut });
      const batch = startCalls(hundredCalls(client, { victim: 'victim' }));
      const faultAt = await server.faultAt(run);
      const outcomes = await batch.settled(4000);
      expect(problems(outcomes, (o) => echoed(o.index, faultAt)(o))).toEqual([]);
      const resumed = (await server.report(run)).log.filter((entry) => entry.http === 'GET' && entry.headers['last-event-id'] !== undefined);
      expect(resumed.map((entry) => entry.headers['last-event-id'])).withContext('GET requests with Last-Event-ID').toEqual([jasmine.stringMatching(/:0$/)]);
    }, SPEC_MS);

    it(`an event stream without event ids that ends (${cut}) before its response fails that one call, typed, within 500 ms; the other 99 succeed`, async () => {
      const { run, client } = await start(`sse-cut-no-ids-${cut}`, { fault: 'sse-cut', after: CALLS, tool: 'victim', ids: false, cut });
      const batch = startCalls(hundredCalls(client, { victim: 'victim' }));
      const faultAt = await server.faultAt(run);
      const outcomes = await batch.settled(3000);
      const victim = failedTyped(faultAt, PROMPTLY_MS);
      expect(problems(outcomes, (o) => (o.index === CALLS - 1 ? victim(o) : echoed(o.index, faultAt)(o)))).toEqual([]);
      expect(await nextCallProblem(client, 3000)).toBeUndefined();
    }, SPEC_MS);
  }
});
