import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { filter, firstValueFrom, lastValueFrom, skip, timeout } from 'rxjs';
import { SessionLostError, createClient, streamableHttp } from '../../src/index.js';

/** A legacy Streamable HTTP server whose sessions can be forgotten (it then answers 404 to the old session id). */
async function expiringServer(): Promise<{ url: string; expire(): void; initializes(): number; streams(): number; close(): Promise<void> }> {
  let session = 0;
  let live = new Set<string>();
  let initializes = 0;
  const streams = new Set<ServerResponse>();
  const body = (request: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk)).on('end', () => resolve(JSON.parse(text || '{}') as Record<string, unknown>));
    });
  const server: Server = createServer(async (request, response) => {
    const sid = request.headers['mcp-session-id'] as string | undefined;
    if (request.method === 'GET') {
      if (!sid || !live.has(sid)) return void response.writeHead(404).end('session not found');
      streams.add(response.writeHead(200, { 'content-type': 'text/event-stream' }));
      response.write('retry: 50\n\n');
      return void response.once('close', () => streams.delete(response));
    }
    if (request.method !== 'POST') return void response.writeHead(405).end();
    const message = await body(request);
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
    expire: () => {
      live = new Set();
      for (const stream of streams) stream.end();
    },
    initializes: () => initializes,
    streams: () => streams.size,
    close: () => new Promise<void>((resolve) => {
      for (const stream of streams) stream.end();
      server.close(() => resolve());
    }),
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

  it('notices a forgotten session on the GET stream alone (404 on its reopening) and re-initializes with no call made', async () => {
    const client = createClient(streamableHttp(server.url), { protocol: 'legacy' });
    const subscription = client.tools$.subscribe();
    await firstValueFrom(client.tools$.pipe(filter((tools) => tools.length > 0)));
    while (server.streams() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const again = firstValueFrom(client.state$.pipe(filter((state) => state.status === 'ready'), skip(1), timeout(3000)));
    server.expire();
    await again;
    expect(server.initializes()).toBe(2);
    subscription.unsubscribe();
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
