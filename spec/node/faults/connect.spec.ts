// Connecting when the other end is not what it should be: a Streamable HTTP server that refuses the probe sent
// before `initialize`, a legacy HTTP+SSE server, a web page, a closed port, a name that never resolves, a process
// that never answers.
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { createClient, legacySse, McpError, type Client, type Transport } from '../../../src/index.js';
import { errorText, echoText } from '../../helpers/faults/calls.js';
import { textOf } from '../../helpers/mcp-fixtures.js';
import { FAULT_CLIENT_OPTIONS } from '../../helpers/faults/client.js';
import { describeOnEngines, HTTP_ENGINES, type HttpEngine } from '../../helpers/faults/engines.js';
import { httpFaultServer, runId, stdioFaultServer, within, type HttpFaultServer, type LoggedRequest } from '../../helpers/faults/fault-server.js';
import { launch, type LaunchedServer } from '../../fixtures/official/launch.js';
import { freePort } from '../../helpers/nginx.js'; // free a moment ago: nothing listens there

const SPEC_MS = 15_000;

/** Connects, resolving with the error (or `undefined`) and how long it took; gives up after `boundMs`. */
async function connectOutcome(client: Client, boundMs: number): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await within(boundMs, 'connecting', firstValueFrom(client.connect())).then(() => undefined, (e: unknown) => e);
  return { error, ms: performance.now() - started };
}

const requestsBeforeFirstGet = (log: readonly LoggedRequest[]): string[] => {
  const firstGet = log.findIndex((entry) => entry.http === 'GET');
  return log.slice(0, firstGet === -1 ? log.length : firstGet).map((entry) => `${entry.http} ${entry.rpc ?? '-'} ${entry.status ?? '?'}`);
};

describe('connecting to servers that answer unexpectedly', () => {
  let server: HttpFaultServer;
  let client: Client | undefined;
  beforeAll(async () => (server = await httpFaultServer()));
  afterEach(() => client?.close());

  describeOnEngines('httpTransport, by default', (engine) => {
    it('connects over Streamable HTTP (2025-11-25) to a server that answers the server/discover probe with 400 and a JSON-RPC error body', async () => {
      const run = runId('detect-2025');
      const transport = engine.httpTransport(server.url(run, { shape: '2025' }));
      client = createClient(transport, FAULT_CLIENT_OPTIONS);
      const { error } = await connectOutcome(client, 5000);
      expect(error === undefined ? undefined : errorText(error)).withContext('connecting').toBeUndefined();
      expect(client.server?.protocolVersion).toBe('2025-11-25');
      expect(transport.detected).toBe('streamable-http');
      const log = (await server.report(run)).log;
      expect(requestsBeforeFirstGet(log).slice(0, 2)).toEqual(['POST server/discover 400', 'POST initialize 200']);
    }, SPEC_MS);

    it('falls back to HTTP+SSE only after the initialize POST was refused without a JSON-RPC body and a GET gave an endpoint event', async () => {
      const run = runId('detect-legacy');
      const transport = engine.httpTransport(server.url(run, { shape: 'legacy' }));
      client = createClient(transport, FAULT_CLIENT_OPTIONS);
      const { error } = await connectOutcome(client, 5000);
      expect(error === undefined ? undefined : errorText(error)).withContext('connecting').toBeUndefined();
      expect(client.server?.protocolVersion).toBe('2024-11-05');
      expect(transport.detected).toBe('legacy-sse');
      const log = (await server.report(run)).log;
      expect(requestsBeforeFirstGet(log)).withContext('requests before the first GET').toContain('POST initialize 405');
      expect(textOf(await within(3000, 'a call over HTTP+SSE', lastValueFrom(client.callTool('echo', { i: 7 }))))).toBe(echoText(7));
    }, SPEC_MS);

    describe('against the official v1 server', () => {
      let official: LaunchedServer;
      beforeAll(async () => (official = await launch('v1-http')));
      afterAll(async () => official.close());

      it('connects over Streamable HTTP (2025-11-25), although it refuses the probe with 400 and a JSON-RPC error', async () => {
        const transport = engine.httpTransport(official.url);
        client = createClient(transport, FAULT_CLIENT_OPTIONS);
        const { error } = await connectOutcome(client, 5000);
        expect(error === undefined ? undefined : errorText(error)).withContext('connecting').toBeUndefined();
        expect(client.server?.protocolVersion).toBe('2025-11-25');
        expect(transport.detected).toBe('streamable-http');
      }, SPEC_MS);
    });
  });

  for (const [label, make] of HTTP_ENGINES.flatMap((engine) => [
    [`httpTransport (${engine.name})`, (url: string) => engine.httpTransport(url)],
    [`streamableHttp (${engine.name})`, (url: string) => engine.streamableHttp(url)],
  ] as const)) {
    it(`${label}: a 200 text/html answer fails the connection in well under a second, naming the status, the content type and the body's start`, async () => {
      client = createClient(make(server.url(runId(`html-${label}`), { shape: 'html' })), FAULT_CLIENT_OPTIONS);
      const { error, ms } = await connectOutcome(client, 5000);
      expect(McpError.is(error)).withContext(errorText(error)).toBeTrue();
      expect(ms).withContext('ms to the failure').toBeLessThan(1000);
      const message = (error as Error).message;
      for (const part of ['200', 'text/html', '<!DOCTYPE html><html><head><title>Sign in']) expect(message).withContext('the message').toContain(part);
    }, SPEC_MS);
  }

  const onEngine = (engine: HttpEngine): readonly (readonly [string, (url: string) => Transport])[] => [
    [`streamableHttp (${engine.name})`, (url) => engine.streamableHttp(url)],
    [`httpTransport (${engine.name})`, (url) => engine.httpTransport(url)],
  ];
  const transports: readonly (readonly [string, (url: string) => Transport])[] = [...HTTP_ENGINES.flatMap(onEngine), ['legacySse', (url) => legacySse(url)]];
  for (const [label, make] of transports) {
    it(`${label}: a refused connection fails with a message that names ECONNREFUSED`, async () => {
      client = createClient(make(`http://127.0.0.1:${await freePort()}/mcp`), FAULT_CLIENT_OPTIONS);
      const { error } = await connectOutcome(client, 5000);
      expect(McpError.is(error)).withContext(errorText(error)).toBeTrue();
      expect((error as Error).message).toContain('ECONNREFUSED');
    }, SPEC_MS);

    it(`${label}: a host name that does not resolve fails with a message that names ENOTFOUND or EAI_AGAIN`, async () => {
      client = createClient(make('http://rxmcp-fault-server.invalid/mcp'), FAULT_CLIENT_OPTIONS);
      const { error } = await connectOutcome(client, 8000);
      expect(McpError.is(error)).withContext(errorText(error)).toBeTrue();
      expect((error as Error).message).toMatch(/ENOTFOUND|EAI_AGAIN/);
    }, SPEC_MS);
  }

  it('a stdio process that starts and never answers fails to connect near connectTimeoutMs (spawn to negotiated), with ConnectTimeoutError', async () => {
    const stdioServer = stdioFaultServer({ fault: 'mute' });
    try {
      // The default probe (5 s) and request (60 s) timeouts stay: connectTimeoutMs alone must bound connecting.
      client = createClient(stdioServer.transport, { connectTimeoutMs: 1500 });
      const { error, ms } = await connectOutcome(client, 4000);
      expect(errorText(error)).toMatch(/^ConnectTimeoutError: /);
      expect(ms).withContext('ms to the failure').toBeGreaterThanOrEqual(1450);
      expect(ms).withContext('ms to the failure').toBeLessThan(2000);
    } finally {
      client?.close();
      stdioServer.cleanUp();
    }
  }, SPEC_MS);
});
