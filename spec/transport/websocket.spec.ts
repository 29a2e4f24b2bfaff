import { TransportError } from '../../src/errors/errors.js';
import {
  webSocket,
  WebSocketCloseError,
  type WebSocketConstructor,
  type WebSocketOptions,
} from '../../src/transport/websocket.js';
import {
  initializeRequest,
  methodOf,
  probeTransport,
  resultOf,
  type TransportProbe,
} from '../helpers/sse-ws-server-probe.js';
import { sseWsFixtureUrls, wsCloseOf, type SseWsFixtureUrls } from '../helpers/sse-ws-server-urls.js';

describe('webSocket', () => {
  let urls: SseWsFixtureUrls;
  let options: WebSocketOptions;
  let probes: TransportProbe[];

  beforeAll(async () => {
    urls = await sseWsFixtureUrls();
    options = urls.WebSocket === undefined ? {} : { WebSocket: urls.WebSocket };
  });
  beforeEach(() => {
    probes = [];
  });
  afterEach(() => probes.forEach((p) => p.stop()));

  function open(path = '/mcp'): TransportProbe {
    const probe = probeTransport(webSocket(`${urls.wsBase}${path}`, options));
    probes.push(probe);
    return probe;
  }

  it('is a websocket transport that cancels with notifications', () => {
    const transport = webSocket('ws://127.0.0.1:1/mcp');
    expect(transport.kind).toBe('websocket');
    expect(transport.cancellation).toBe('notification');
    expect(transport.exchange).toBeUndefined();
  });

  it('initializes, lists and calls tools, one JSON-RPC message per text frame, with the server notification', async () => {
    const probe = open();
    probe.send(initializeRequest(1, '2025-06-18'));
    expect(resultOf(await probe.response(1))['protocolVersion']).toBe('2025-06-18');
    probe.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    probe.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(resultOf(await probe.response(2))['tools']).toEqual([{ name: 'echo', inputSchema: { type: 'object' } }]);

    probe.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
    const called = await probe.response(3);
    expect(resultOf(called)['content']).toEqual([{ type: 'text', text: 'hi' }]);
    const note = probe.frames.findIndex((f) => methodOf(f) === 'notifications/message');
    expect(note).toBeGreaterThanOrEqual(0);
    expect(note).toBeLessThan(probe.frames.indexOf(called));
  });

  it('asks for the mcp subprotocol and gets it', async () => {
    const probe = open();
    probe.send({ jsonrpc: '2.0', id: 1, method: 'test/handshake' });
    expect(resultOf(await probe.response(1))).toEqual({ protocol: 'mcp', requested: 'mcp' });
  });

  it('errors with a WebSocketCloseError when the server does not accept the mcp subprotocol', async () => {
    const probe = open('/bare');
    probe.send({ jsonrpc: '2.0', id: 1, method: 'test/handshake' });
    const error = await probe.end();
    expect(WebSocketCloseError.is(error)).toBeTrue();
    expect((error as WebSocketCloseError).closeCode).toBe(1006);
    expect(probe.frames).toEqual([]);
  });

  it('completes when the server closes with 1000', async () => {
    const probe = open();
    probe.send({ jsonrpc: '2.0', id: 1, method: 'test/close', params: { code: 1000, reason: 'bye' } });
    expect(await probe.end()).toBe('complete');
  });

  it('errors with a WebSocketCloseError carrying code and reason when the server closes with 1011', async () => {
    const probe = open();
    probe.send({ jsonrpc: '2.0', id: 1, method: 'test/close', params: { code: 1011, reason: 'overloaded' } });
    const error = await probe.end();
    expect(TransportError.is(error)).toBeTrue();
    expect(WebSocketCloseError.is(error)).toBeTrue();
    expect(error).toEqual(jasmine.objectContaining({ name: 'WebSocketCloseError', code: 'transport' }));
    expect((error as WebSocketCloseError).closeCode).toBe(1011);
    expect((error as WebSocketCloseError).closeReason).toBe('overloaded');
  });

  it('errors with a WebSocketCloseError 1006 when the connection drops', async () => {
    const probe = open();
    probe.send({ jsonrpc: '2.0', id: 1, method: 'test/drop' });
    const error = await probe.end();
    expect((error as WebSocketCloseError).closeCode).toBe(1006);
  });

  it('accepts the platform WebSocket constructor as an option', async () => {
    const platform: WebSocketConstructor | undefined = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
    const probe = probeTransport(webSocket(`${urls.wsBase}/mcp`, { WebSocket: platform ?? urls.WebSocket }));
    probes.push(probe);
    probe.send({ jsonrpc: '2.0', id: 1, method: 'test/handshake' });
    expect(resultOf(await probe.response(1))['protocol']).toBe('mcp');
  });

  it('closes with 1000 on unsubscribe', async () => {
    const tag = `unsubscribe-${Math.random().toString(36).slice(2)}`;
    const probe = open();
    probe.send({ jsonrpc: '2.0', id: 1, method: 'test/tag', params: { tag } });
    await probe.response(1);
    probe.stop();
    expect(await wsCloseOf(urls, tag)).toEqual({ code: 1000, reason: '' });
  });

  it('turns a text frame that is not JSON and a binary frame into malformed frames and goes on', async () => {
    const probe = open();
    probe.send({ jsonrpc: '2.0', id: 1, method: 'test/malformed' });
    await probe.response(1);
    expect(probe.frames.length).toBe(3);
    expect(probe.frames[0]?.malformed?.raw).toBe('{not json');
    expect(probe.frames[1]?.malformed?.reason).toContain('Binary');
  });

  it('errors without subscribing to outbound$ when the upgrade is refused', async () => {
    const probe = open('/nowhere');
    probe.send({ jsonrpc: '2.0', id: 1, method: 'test/handshake' });
    const error = await probe.end();
    expect(WebSocketCloseError.is(error)).toBeTrue();
    expect(probe.outboundSubscriptions).toBe(0);
  });
});
