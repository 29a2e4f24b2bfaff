import { EMPTY } from 'rxjs';
import { TransportError } from '../../src/errors/errors.js';
import { httpTransport, type HttpTransport } from '../../src/transport/auto-http.js';
import {
  initializeRequest,
  methodOf,
  probeTransport,
  resultOf,
  type TransportProbe,
} from '../helpers/sse-ws-server-probe.js';
import { sseWsFixtureUrls } from '../helpers/sse-ws-server-urls.js';

const PREFIX = '/__rxmcp/legacy-sse';

describe('httpTransport', () => {
  let base: string;
  let probes: TransportProbe[];

  beforeAll(async () => {
    base = (await sseWsFixtureUrls()).httpBase;
  });
  beforeEach(() => {
    probes = [];
  });
  afterEach(() => probes.forEach((p) => p.stop()));

  function open(transport: HttpTransport): TransportProbe {
    const probe = probeTransport(transport);
    probes.push(probe);
    return probe;
  }

  /** initialize, initialized and tools/list written at once, then tools/call; checks every answer. */
  async function converse(probe: TransportProbe): Promise<void> {
    probe.send(initializeRequest(1, '2025-03-26'));
    probe.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    probe.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(resultOf(await probe.response(1))['serverInfo']).toEqual(
      jasmine.objectContaining({ name: 'rxmcp-legacy-sse-fixture' }),
    );
    expect((resultOf(await probe.response(2))['tools'] as { name: string }[]).map((t) => t.name)).toEqual(['echo']);
    probe.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
    const called = await probe.response(3);
    expect(resultOf(called)['content']).toEqual([{ type: 'text', text: 'hi' }]);
    const note = probe.frames.findIndex((f) => methodOf(f) === 'notifications/message');
    expect(note).toBeGreaterThanOrEqual(0);
    expect(note).toBeLessThan(probe.frames.indexOf(called));
  }

  it('is an http transport that cancels with notifications, has detected nothing yet, and offers no exchange until it knows', () => {
    const transport = httpTransport('http://127.0.0.1:1/mcp');
    expect(transport.kind).toBe('http');
    expect(transport.cancellation).toBe('notification');
    expect(transport.detected).toBeUndefined();
    expect(transport.exchangeable?.()).toBeFalse();
  });

  it('offers the exchange once a Streamable HTTP server answered', async () => {
    const transport = httpTransport(`${base}${PREFIX}/streamable`);
    await converse(open(transport));
    expect(transport.exchangeable?.()).toBeTrue();
  });

  it('speaks Streamable HTTP to a Streamable HTTP server', async () => {
    const transport = httpTransport(`${base}${PREFIX}/streamable`);
    await converse(open(transport));
    expect(transport.detected).toBe('streamable-http');
  });

  for (const status of [405, 404, 400]) {
    it(`falls back to HTTP+SSE when the first POST answers ${status}, sending the first frame again there`, async () => {
      const transport = httpTransport(`${base}${PREFIX}/sse?post=${status}`);
      await converse(open(transport));
      expect(transport.detected).toBe('legacy-sse');
    });
  }

  for (const status of [400, 404]) {
    it(`fails a request before initialize refused with ${status} (no JSON-RPC body) on its own, then detects on initialize`, async () => {
      const transport = httpTransport(`${base}${PREFIX}/sse?post=${status}`);
      const probe = open(transport);
      probe.send({ jsonrpc: '2.0', id: 0, method: 'server/discover' });
      const refused = await probe.frame((f) => f.failure !== undefined);
      expect(refused.failure?.requestId).toBe(0);
      expect((refused.failure?.error as TransportError).status).toBe(status);
      expect(transport.detected).toBeUndefined();
      await converse(probe);
      expect(transport.detected).toBe('legacy-sse');
    });
  }

  it('reports a first POST refused otherwise (500) as the failure of that frame, without falling back or ending the connection', async () => {
    const transport = httpTransport(`${base}${PREFIX}/sse?post=500`);
    const probe = open(transport);
    probe.send(initializeRequest(1));
    const failed = await probe.frame((f) => f.failure !== undefined);
    expect(failed.failure?.requestId).toBe(1);
    expect(TransportError.is(failed.failure?.error)).toBeTrue();
    expect(failed.failure?.error.message).toContain('500');
    expect(transport.detected).toBeUndefined();
  });

  it('does not fall back to HTTP+SSE for a request other than initialize refused without JSON-RPC: it fails that one frame', async () => {
    const transport = httpTransport(`${base}${PREFIX}/sse?post=404`);
    const probe = open(transport);
    probe.send({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} });
    const failed = await probe.frame((f) => f.failure !== undefined);
    expect((failed.failure?.error as TransportError).status).toBe(404);
    expect(transport.detected).toBeUndefined();
  });

  it('passes the static and hook headers to the fallback', async () => {
    const transport = httpTransport(`${base}${PREFIX}/sse-echo`, {
      headers: { 'x-static': 'static' },
      requestHeaders: ({ method }) => Promise.resolve({ 'x-hook': method }),
    });
    const probe = open(transport);
    probe.send(initializeRequest(1));
    const get = await probe.frame((f) => methodOf(f) === 'test/request');
    expect((get.message as { params: { headers: Record<string, string> } }).params.headers).toEqual(
      jasmine.objectContaining({ 'x-static': 'static', 'x-hook': 'GET' }),
    );
    expect(transport.detected).toBe('legacy-sse');
  });

  it('completes when outbound$ completes before its first frame', async () => {
    const transport = httpTransport(`${base}${PREFIX}/sse`);
    const ends: string[] = [];
    transport.connect(EMPTY).subscribe({ complete: () => ends.push('complete'), error: () => ends.push('error') });
    expect(ends).toEqual(['complete']);
  });
});
