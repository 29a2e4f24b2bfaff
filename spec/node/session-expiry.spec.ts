import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lastValueFrom } from 'rxjs';
import { SessionLostError, createClient, streamableHttp } from '../../src/index.js';

/** A legacy Streamable HTTP server whose sessions can be forgotten (it then answers 404 to the old session id). */
async function expiringServer(): Promise<{ url: string; expire(): void; initializes(): number; close(): Promise<void> }> {
  let session = 0;
  let live = new Set<string>();
  let initializes = 0;
  const body = (request: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk)).on('end', () => resolve(JSON.parse(text || '{}') as Record<string, unknown>));
    });
  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST') return void response.writeHead(405).end();
    const message = await body(request);
    const sid = request.headers['mcp-session-id'] as string | undefined;
    if (message['method'] === 'initialize') {
      initializes += 1;
      const id = `s${(session += 1)}`;
      live.add(id);
      const result = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'expiring', version: '1' } };
      return void response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': id }).end(JSON.stringify({ jsonrpc: '2.0', id: message['id'], result }));
    }
    if (!sid || !live.has(sid)) return void response.writeHead(404).end('session not found');
    if (message['id'] === undefined) return void response.writeHead(202).end();
    const result = message['method'] === 'tools/list'
      ? { tools: [{ name: 'buy', inputSchema: { type: 'object' } }] }
      : { content: [{ type: 'text', text: 'done' }] };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message['id'], result }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    expire: () => (live = new Set()),
    initializes: () => initializes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('createClient when the server forgets the HTTP session (404)', () => {
  let server: Awaited<ReturnType<typeof expiringServer>>;
  beforeEach(async () => (server = await expiringServer()));
  afterEach(async () => server.close());

  it('re-initializes by itself and repeats a request that is safe to repeat', async () => {
    const client = createClient(streamableHttp(server.url, { openGetStream: false }), { protocol: 'legacy' });
    expect((await lastValueFrom(client.listTools())).map((t) => t.name)).toEqual(['buy']);
    server.expire();
    expect((await lastValueFrom(client.listTools())).map((t) => t.name)).toEqual(['buy']);
    expect(server.initializes()).toBe(2);
    client.close();
  });

  it('fails a tool call that is not known to be safe to repeat with SessionLostError, and re-initializes for the next call', async () => {
    const client = createClient(streamableHttp(server.url, { openGetStream: false }), { protocol: 'legacy' });
    await lastValueFrom(client.listTools());
    server.expire();
    const error = await lastValueFrom(client.callTool('buy')).catch((e: unknown) => e);
    expect(SessionLostError.is(error)).toBeTrue();
    expect((await lastValueFrom(client.callTool('buy', {}, { idempotent: true }))).content).toEqual([{ type: 'text', text: 'done' }]);
    expect(server.initializes()).toBe(2);
    client.close();
  });

  it('repeats a tool call the caller marked idempotent', async () => {
    const client = createClient(streamableHttp(server.url, { openGetStream: false }), { protocol: 'legacy' });
    await lastValueFrom(client.listTools());
    server.expire();
    expect((await lastValueFrom(client.callTool('buy', {}, { idempotent: true }))).content).toEqual([{ type: 'text', text: 'done' }]);
    expect(server.initializes()).toBe(2);
    client.close();
  });
});
