import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { TransportError } from '../../src/errors/errors.js';
import { webSocket, WebSocketCloseError, type WebSocketConstructor } from '../../src/transport/websocket.js';
import { probeTransport } from '../helpers/sse-ws-server-probe.js';
import { startWsFixture } from '../helpers/sse-ws-server.js';

describe('webSocket in Node', () => {
  it('uses globalThis.WebSocket, and without one errors with a TransportError naming the option', async () => {
    const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    const error = await probeTransport(webSocket('ws://127.0.0.1:1/mcp')).end();
    expect(TransportError.is(error)).toBeTrue();
    if (global === undefined) expect((error as Error).message).toContain('WebSocket option');
    else expect(WebSocketCloseError.is(error)).toBeTrue();
  });

  it('errors with a TransportError when the constructor refuses the URL', async () => {
    const error = await probeTransport(webSocket('not a url', { WebSocket })).end();
    expect(TransportError.is(error)).toBeTrue();
    expect(WebSocketCloseError.is(error)).toBeFalse();
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it('closes a socket that is still connecting on unsubscribe, without an uncaught error', async () => {
    const fixture = await startWsFixture();
    try {
      const probe = probeTransport(webSocket(`${fixture.wsUrl}/mcp`, { WebSocket }));
      probe.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(probe.outboundSubscriptions).toBe(0);
      expect(probe.frames).toEqual([]);
    } finally {
      await fixture.close();
    }
  });

  describe('against a ws server', () => {
    let http: Server;
    let wss: WebSocketServer;
    let requests: IncomingMessage[];
    let texts: string[];
    let url: string;

    beforeAll(async () => {
      requests = [];
      texts = [];
      http = createServer();
      wss = new WebSocketServer({ server: http });
      wss.on('connection', (ws, req) => {
        requests.push(req);
        ws.on('message', (data, isBinary) => {
          texts.push(isBinary ? '<binary>' : data.toString('utf8'));
          ws.send(data.toString('utf8'));
        });
      });
      http.listen(0, '127.0.0.1');
      await once(http, 'listening');
      url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/`;
    });
    afterAll(async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((done) => wss.close(() => http.close(() => done())));
    });

    it('asks for exactly the mcp subprotocol and writes one compact JSON text frame per message', async () => {
      const probe = probeTransport(webSocket(url, { WebSocket }));
      const message = { jsonrpc: '2.0' as const, id: 'a', method: 'tools/list', params: { text: 'two\nlines' } };
      probe.send(message);
      const echoed = await probe.frame(() => true);
      probe.stop();
      expect(requests.at(-1)?.headers['sec-websocket-protocol']).toBe('mcp');
      expect(texts).toEqual([JSON.stringify(message)]);
      expect(echoed.message).toEqual(message);
    });
  });
});
