// Cancelling on a 2026-07-28 Streamable HTTP server: unsubscribing closes the request's own HTTP stream (the
// cancellation of that revision) and sends nothing else.
import { createClient, type Client, type Transport } from '../../../src/index.js';
import { FAULT_CLIENT_OPTIONS, connected } from '../../helpers/faults/client.js';
import { describeOnEngines, type HttpEngine } from '../../helpers/faults/engines.js';
import { httpFaultServer, reportWhen, runId, type HttpFaultServer, type LoggedRequest } from '../../helpers/faults/fault-server.js';

const SPEC_MS = 10_000;

const transports: readonly (readonly [string, (engine: HttpEngine, url: string) => Transport])[] = [
  ['httpTransport', (engine, url) => engine.httpTransport(url)],
  ['streamableHttp', (engine, url) => engine.streamableHttp(url)],
];

const describeLog = (log: readonly LoggedRequest[]): string[] =>
  log.map((entry) => `${entry.http} ${entry.rpc ?? '-'}${entry.id === undefined ? '' : `#${entry.id}`} Mcp-Method=${entry.headers['mcp-method'] ?? '-'}${entry.closedEarly ? ' (closed early)' : ''}`);

describeOnEngines('cancelling on a 2026-07-28 Streamable HTTP server', (engine) => {
  let server: HttpFaultServer;
  let client: Client | undefined;
  beforeAll(async () => (server = await httpFaultServer()));
  afterEach(() => client?.close());

  for (const [label, make] of transports) {
    it(`${label}: unsubscribing a call aborts its POST and sends no notifications/cancelled`, async () => {
      const run = runId(`cancel-${label}`);
      client = createClient(make(engine, server.url(run, { shape: '2026', fault: 'never', tool: 'victim' })), FAULT_CLIENT_OPTIONS);
      await connected(client);
      const call = client.callTool('victim', { i: 1 }).subscribe({ error: () => undefined });
      const isCall = (entry: LoggedRequest) => entry.rpc === 'tools/call' && entry.name === 'victim';
      await reportWhen(server, run, (report) => report.log.some(isCall));
      call.unsubscribe();
      const report = await reportWhen(server, run, (r) => r.log.some((entry) => isCall(entry) && entry.closedEarly), 2000);
      // Give a stray cancellation POST time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const log = (await server.report(run)).log;
      expect(report.log.filter(isCall).map((entry) => entry.closedEarly)).withContext(`the call's POST closed early (log: ${JSON.stringify(describeLog(log))})`).toEqual([true]);
      expect(describeLog(log.filter((entry) => entry.rpc === 'notifications/cancelled'))).withContext('notifications/cancelled POSTs').toEqual([]);
      expect(describeLog(log.filter((entry) => entry.id === undefined && entry.headers['mcp-method'] === 'tools/call'))).withContext('notifications sent with Mcp-Method: tools/call').toEqual([]);
    }, SPEC_MS);

    it(`${label}: unsubscribing the last listener closes the listen stream`, async () => {
      const run = runId(`unlisten-${label}`);
      client = createClient(make(engine, server.url(run, { shape: '2026' })), FAULT_CLIENT_OPTIONS);
      await connected(client);
      const isListen = (entry: LoggedRequest) => entry.rpc === 'subscriptions/listen';
      const watching = client.tools$.subscribe();
      const opened = await reportWhen(server, run, (report) => report.log.some(isListen));
      expect(opened.log.filter(isListen).length).withContext('listen requests').toBe(1);
      watching.unsubscribe();
      const closed = await reportWhen(server, run, (report) => report.log.some((entry) => isListen(entry) && entry.status !== undefined), 2000);
      expect(closed.log.filter(isListen).map((entry) => entry.status !== undefined)).withContext(`the listen stream closed (log: ${JSON.stringify(describeLog(closed.log))})`).toEqual([true]);
    }, SPEC_MS);
  }
});
