import { EventSource as EventSourcePolyfill } from 'eventsource';
import { of } from 'rxjs';
import { McpError } from '../../src/errors/mcp-error.js';
import { TransportError } from '../../src/errors/errors.js';
import type { EventSourceConstructor } from '../../src/transport/internal/event-source.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import { legacySse } from '../../src/transport/legacy-sse.js';
import {
  initializeRequest,
  methodOf,
  probeTransport,
  resultOf,
  type TransportProbe,
} from '../helpers/sse-ws-server-probe.js';
import { sseWsFixtureUrls } from '../helpers/sse-ws-server-urls.js';

const PREFIX = '/__rxmcp/legacy-sse';

interface EchoedRequest {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: unknown;
}

function echoed(probe: TransportProbe, method: 'GET' | 'POST'): Promise<EchoedRequest> {
  return probe
    .frame((f) => methodOf(f) === 'test/request' && (f.message as { params: EchoedRequest }).params.method === method)
    .then((f) => (f.message as { params: EchoedRequest }).params);
}

describe('legacySse', () => {
  let base: string;
  let probes: TransportProbe[];

  beforeAll(async () => {
    base = (await sseWsFixtureUrls()).httpBase;
  });
  beforeEach(() => {
    probes = [];
  });
  afterEach(() => probes.forEach((p) => p.stop()));

  function open(path: string, options?: Parameters<typeof legacySse>[1]): TransportProbe {
    const probe = probeTransport(legacySse(`${base}${PREFIX}${path}`, options));
    probes.push(probe);
    return probe;
  }

  it('is a legacy-sse transport that cancels with notifications', () => {
    const transport = legacySse('http://127.0.0.1:1/sse');
    expect(transport.kind).toBe('legacy-sse');
    expect(transport.cancellation).toBe('notification');
    expect(transport.exchange).toBeUndefined();
  });

  it('initializes, lists and calls tools on an SDK SSEServerTransport, with the server notification', async () => {
    const probe = open('/sse');
    probe.send(initializeRequest(1));
    const init = resultOf(await probe.response(1));
    expect(init['protocolVersion']).toBe('2024-11-05');
    expect(init['serverInfo']).toEqual(jasmine.objectContaining({ name: 'rxmcp-legacy-sse-fixture' }));

    probe.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    probe.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const tools = resultOf(await probe.response(2))['tools'] as { name: string }[];
    expect(tools.map((t) => t.name)).toEqual(['echo']);

    probe.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
    const called = await probe.response(3);
    expect(resultOf(called)['content']).toEqual([{ type: 'text', text: 'hi' }]);
    const note = probe.frames.findIndex((f) => methodOf(f) === 'notifications/message');
    expect(note).toBeGreaterThanOrEqual(0);
    expect(note).toBeLessThan(probe.frames.indexOf(called));
    expect((probe.frames[note]?.message as { params: unknown }).params).toEqual({ level: 'info', data: 'echo: hi' });
  });

  it('refuses an endpoint on another origin with a TransportError, without subscribing to outbound$', async () => {
    const probe = open(`/sse-endpoint?endpoint=${encodeURIComponent('http://foreign.invalid/messages')}`);
    probe.send(initializeRequest(1));
    const error = await probe.end();
    expect(TransportError.is(error)).toBeTrue();
    expect((error as Error).message).toContain('http://foreign.invalid/messages');
    expect(probe.outboundSubscriptions).toBe(0);
  });

  it('errors with a TransportError when the server closes the stream', async () => {
    const probe = open('/sse-closing');
    const error = await probe.end();
    expect(TransportError.is(error)).toBeTrue();
    expect((error as TransportError).status).toBeUndefined();
  });

  it('errors with a TransportError carrying the status when the GET is refused', async () => {
    const error = await open('/status?code=403').end();
    expect(TransportError.is(error)).toBeTrue();
    expect((error as TransportError).status).toBe(403);
  });

  it('reports a refused POST as the failure of that frame, with its status, and keeps the connection', async () => {
    const probe = open('/sse-rejecting');
    probe.send(initializeRequest(1));
    const failed = await probe.frame((f) => f.failure !== undefined);
    expect(failed.failure?.requestId).toBe(1);
    expect(TransportError.is(failed.failure?.error)).toBeTrue();
    expect((failed.failure?.error as TransportError).status).toBe(500);
    expect(failed.failure?.error.message).toContain('boom');
    expect(probe.ended).toBeFalse();
  });

  it('skips events with empty data, turns data that is not JSON into a malformed frame and goes on', async () => {
    const probe = open('/sse-malformed');
    const after = await probe.frame((f) => methodOf(f) === 'notifications/message');
    expect(probe.frames[0]?.malformed?.raw).toBe('{not json');
    expect(probe.frames[0]?.message).toBeUndefined();
    expect(after.info?.eventId).toBe('7');
    expect((after.message as { params: unknown }).params).toEqual({ level: 'info', data: 'after' });
  });

  it('sends the static headers and the hook headers on the GET and on every POST', async () => {
    const seen: string[] = [];
    const probe = open('/sse-echo', {
      headers: { 'x-static': 'static', 'x-override': 'static' },
      requestHeaders: ({ method, url, frame }) => {
        seen.push(`${method} ${new URL(url).pathname} ${methodOf(frame ?? { message: {} }) ?? '-'}`);
        return of({ 'x-hook': method, 'X-Override': 'hook' });
      },
    });
    const get = await echoed(probe, 'GET');
    expect(get.headers).toEqual(jasmine.objectContaining({ 'x-static': 'static', 'x-hook': 'GET', 'x-override': 'hook' }));
    expect(get.headers['accept']).toBe('text/event-stream');

    probe.send({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-method': 'notifications/initialized' });
    const post = await echoed(probe, 'POST');
    expect(post.headers).toEqual(
      jasmine.objectContaining({ 'x-static': 'static', 'x-hook': 'POST', 'mcp-method': 'notifications/initialized' }),
    );
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.body).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(seen).toEqual([`GET ${PREFIX}/sse-echo -`, `POST ${PREFIX}/echo notifications/initialized`]);
  });

  it('passes on an McpError thrown by the header hook', async () => {
    const refusal = new TransportError('no token', { status: 401 });
    const error = await open('/sse', { requestHeaders: () => Promise.reject(refusal) }).end();
    expect(error).toBe(refusal);
    expect(McpError.is(error)).toBeTrue();
  });

  it('makes the GET and the POSTs with the injected fetch', async () => {
    const calls: string[] = [];
    const fetch: FetchLike = (input, init) => {
      calls.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
      return globalThis.fetch(input, init);
    };
    const probe = open('/sse', { fetch });
    probe.send(initializeRequest(1));
    await probe.response(1);
    expect(calls).toEqual([`GET ${PREFIX}/sse`, `POST ${PREFIX}/messages`]);
  });

  it('opens the stream with the injected EventSource constructor', async () => {
    const urls: string[] = [];
    class RecordingEventSource extends EventSourcePolyfill {
      constructor(url: string, init?: ConstructorParameters<typeof EventSourcePolyfill>[1]) {
        super(url, init);
        urls.push(url);
      }
    }
    const probe = open('/sse', { EventSource: RecordingEventSource });
    probe.send(initializeRequest(1));
    await probe.response(1);
    expect(urls).toEqual([`${base}${PREFIX}/sse`]);
  });

  it('works with the platform EventSource where there is one (no custom headers)', async () => {
    const platform: EventSourceConstructor | undefined = (globalThis as { EventSource?: typeof EventSource })
      .EventSource;
    const probe = open('/sse', platform === undefined ? {} : { EventSource: platform });
    probe.send(initializeRequest(1));
    expect(resultOf(await probe.response(1))['protocolVersion']).toBe('2024-11-05');
  });

  it('errors with a TransportError when the URL is not a URL', async () => {
    const probe = probeTransport(legacySse('http://[not-a-url'));
    const error = await probe.end();
    expect(TransportError.is(error)).toBeTrue();
  });
});
