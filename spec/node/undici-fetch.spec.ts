// The undici engine of the HTTP transports (`undiciFetch` of rxmcp/node) against a real HTTP server on 127.0.0.1:
// what a response gives the transports, bodies decoded as `Response.text()` decodes them, event streams read as they
// arrive, keep-alive connections for requests in a row, redirects, aborts.
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { undiciFetch } from '../../src/node/undici-fetch.js';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

interface TestServer {
  readonly url: string;
  /** The client port of each request, in order (one port: one connection). */
  readonly ports: number[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

async function testServer(): Promise<TestServer> {
  let handler: Handler = (_request, _body, response) => void response.writeHead(404).end();
  const ports: number[] = [];
  const server: Server = createServer((request, response) => {
    ports.push(request.socket.remotePort ?? 0);
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ports,
    handle: (next) => (handler = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `text`'s UTF-8 bytes written in pieces of `size` bytes, which cut multi-byte characters apart. */
async function writeInPieces(response: ServerResponse, bytes: Buffer, size: number): Promise<void> {
  for (let at = 0; at < bytes.length; at += size) {
    if (!response.write(bytes.subarray(at, at + size))) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}

describe('undiciFetch, the undici engine of the HTTP transports', () => {
  let server: TestServer;
  const fetch = undiciFetch();
  beforeAll(async () => (server = await testServer()));
  afterAll(() => server.close());

  it('sends method, headers and body, and gives the status, its text, the headers and the body', async () => {
    server.handle((request, body, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'x-echo': `${request.method} ${request.headers['x-mine']} ${body}` }).end('{"ok":true}');
    });
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'X-Mine': 'yes' }, body: 'hello' });
    expect([response.status, response.statusText, response.ok]).toEqual([201, 'Created', true]);
    expect(response.headers.get('x-echo')).toBe('POST yes hello');
    expect(await response.text()).toBe('{"ok":true}');
    expect(response.bodyUsed).toBeTrue();
  });

  for (const declared of [true, false]) {
    it(`decodes a 2 MiB body ${declared ? 'of declared length' : 'sent chunked (no length)'}, written in pieces that cut characters apart, to the same text, without a leading byte order mark`, async () => {
      const text = 'ä€𝄞 '.repeat(2 * 1024 * 1024 / 10);
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
      server.handle((_request, _body, response) => {
        response.writeHead(200, declared ? { 'content-length': String(bytes.length) } : {});
        void writeInPieces(response, bytes, 65_537);
      });
      const response = await fetch(`${server.url}/big`, { method: 'GET' });
      const decoded = await response.text();
      expect(decoded.length).toBe(text.length);
      expect(decoded === text).withContext('the decoded text equals the text sent').toBeTrue();
    });
  }

  it('keeps connections alive: 10 requests in a row use at most 2 connections (undici releases one a tick after its body ends)', async () => {
    const own = await testServer();
    try {
      own.handle((_request, _body, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      for (let i = 0; i < 10; i += 1) await (await fetch(`${own.url}/mcp`, { method: 'POST', body: '{}' })).text();
      expect(new Set(own.ports).size).withContext(`client ports of 10 requests: ${own.ports.join(', ')}`).toBeLessThanOrEqual(2);
    } finally {
      await own.close();
    }
  });

  it("follows a 307 of a POST with its body, and hands the 307 back with redirect: 'manual'", async () => {
    server.handle((request, body, response) => {
      if (request.url === '/old') return void response.writeHead(307, { location: '/new' }).end();
      response.writeHead(200).end(`${request.url} ${body}`);
    });
    const followed = await fetch(`${server.url}/old`, { method: 'POST', body: 'payload' });
    expect(await followed.text()).toBe('/new payload');
    const manual = await fetch(`${server.url}/old`, { method: 'POST', body: 'payload', redirect: 'manual' });
    expect([manual.status, manual.headers.get('location')]).toEqual([307, '/new']);
    await manual.text();
  });

  it("loads only undici's agent, request API and redirect interceptor: neither its main module nor Node's own copy of undici (built package, fresh process)", async () => {
    server.handle((_request, _body, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":1}'));
    const script = [
      "import { undiciFetch } from 'rxmcp/node';",
      "import { createRequire } from 'node:module';",
      `const text = await (await undiciFetch()('${server.url}/mcp', { method: 'POST', body: '{}' })).text();`,
      'const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => /node_modules[\\/]undici[\\/]/.test(file));',
      "console.log(JSON.stringify({ text, main: loaded.some((file) => /undici[\\\\/]index\\.js$/.test(file)), parts: loaded.length > 0, nodeCopy: process.moduleLoadList.some((name) => name.includes('deps/undici')) }));",
    ].join('\n');
    const out = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), timeout: 20_000 }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)));
    });
    expect(JSON.parse(out)).toEqual({ text: '{"ok":1}', main: false, parts: true, nodeCopy: false });
  }, 30_000);

  it('rejects a request whose signal aborts before the answer', async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const pending = fetch(`${server.url}/mcp`, { method: 'POST', body: '{}', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expectAsync(pending).toBeRejected();
  });

  it("hands the transport an event stream's frames as they arrive: the progress frame comes while the server holds the response back", async () => {
    let finish: () => void = () => undefined;
    server.handle((_request, body, response) => {
      const { id } = JSON.parse(body) as { id: number };
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })}\n\n`);
      finish = () => response.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id, result: {} })}\n\n`);
    });
    const transport = streamableHttp(`${server.url}/mcp`, { fetch });
    const seen: string[] = [];
    let finished = false;
    await new Promise<void>((resolve, reject) => {
      transport.exchange({ message: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow' } } }).subscribe({
        next: (frame) => {
          const message = frame.message as { id?: number; method?: string };
          seen.push(`${message.method ?? message.id}${finished ? '' : ' (response held back)'}`);
          if (!finished) {
            finished = true;
            finish();
          }
        },
        error: reject,
        complete: resolve,
      });
    });
    expect(seen).toEqual(['notifications/progress (response held back)', '7']);
  });
});
