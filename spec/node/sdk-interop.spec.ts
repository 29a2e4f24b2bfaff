// The transport bridges against the official SDK packages: rxmcp's client over the SDK's transports, the SDK's
// client (and server) over rxmcp's transports, each talking to the official server.
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1StreamableHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport as V1InMemory } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer as V1McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as V2Client, InMemoryTransport as V2InMemory } from '@modelcontextprotocol/client';
import { firstValueFrom, lastValueFrom, Subject, toArray } from 'rxjs';
import * as z from 'zod';
import { createClient, inMemoryPair, streamableHttp, TransportError, type Client, type Transport } from '../../src/index.js';
import { fromSdkTransport, toSdkTransport, type InboundFrame, type SdkTransport } from '../../src/session/index.js';
import { Observable } from 'rxjs';
import { stdio } from '../../src/node/index.js';
import { launch, nodeCommand, officialFixture, type LaunchedServer } from '../fixtures/official/launch.js';
import { textOf } from '../helpers/mcp-fixtures.js';
import { until } from '../helpers/until.js';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

interface ServerLog {
  cancelled: string[];
}

/** The official v1 server with tools for the bridges: add, progress, slow (until cancelled) and ask (elicitation). */
function officialServer(log: ServerLog): V1McpServer {
  const server = new V1McpServer({ name: 'official-v1', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('add', { inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => text(String(a + b)));
  server.registerTool('progress', { inputSchema: { steps: z.number() } }, async ({ steps }, extra) => {
    const token = extra._meta?.progressToken;
    for (let step = 1; step <= steps; step++) {
      if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: steps } });
    }
    return text(`${steps} steps`);
  });
  server.registerTool('slow', { inputSchema: { tag: z.string() } }, ({ tag }, extra) =>
    new Promise((resolve) => {
      extra.signal.addEventListener('abort', () => {
        log.cancelled.push(tag);
        resolve(text('aborted'));
      }, { once: true });
    }));
  server.registerTool('ask', {}, async () => {
    const answer = await server.server.elicitInput({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return text(answer.action === 'accept' ? `hello ${String(answer.content?.['name'])}` : answer.action);
  });
  return server;
}

describe('fromSdkTransport: rxmcp over an official SDK transport', () => {
  describe('the SDK InMemoryTransport, linked to the official server', () => {
    let log: ServerLog;
    let client: Client;
    let serverEnd: V1InMemory;
    beforeEach(async () => {
      log = { cancelled: [] };
      const [clientEnd, end] = V1InMemory.createLinkedPair();
      serverEnd = end;
      await officialServer(log).connect(serverEnd);
      client = createClient(fromSdkTransport(clientEnd), {
        handlers: { elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }) },
        timeout: { firstMs: 5000 },
      });
    });
    afterEach(() => client.close());

    it('negotiates with the official server, lists its tools and calls one', async () => {
      const server = await firstValueFrom(client.connect());
      expect(server.era).toBe('legacy');
      expect(server.serverInfo?.name).toBe('official-v1');
      expect((await firstValueFrom(client.listTools())).map((tool) => tool.name).sort()).toEqual(['add', 'ask', 'progress', 'slow']);
      expect(textOf(await lastValueFrom(client.callTool('add', { a: 2, b: 3 })))).toBe('5');
    });

    it('delivers progress notifications before the result', async () => {
      const events = await lastValueFrom(client.callToolEvents('progress', { steps: 3 }).pipe(toArray()));
      expect(events.map((event) => (event.type === 'progress' ? event.progress : event.type))).toEqual([1, 2, 3, 'result']);
    });

    it('answers a server request (elicitation) through the handlers', async () => {
      expect(textOf(await lastValueFrom(client.callTool('ask')))).toBe('hello Ada');
    });

    it('cancels on the wire when a call is unsubscribed', async () => {
      await firstValueFrom(client.connect());
      const call = client.callTool('slow', { tag: 'one' }).subscribe({ error: () => undefined });
      await new Promise((resolve) => setTimeout(resolve, 20));
      call.unsubscribe();
      await until(() => log.cancelled.includes('one'), 2000, undefined, 5);
      expect(log.cancelled).toEqual(['one']);
    });

    it('closes the SDK transport when the client closes', async () => {
      await firstValueFrom(client.connect());
      let closed = false;
      const previous = serverEnd.onclose;
      serverEnd.onclose = () => {
        closed = true;
        previous?.();
      };
      client.close();
      await until(() => closed, 2000, undefined, 5);
      expect(closed).toBeTrue();
    });
  });

  it('refuses a second connection over one SDK transport object, with a TransportError', async () => {
    const [clientEnd, serverEnd] = V1InMemory.createLinkedPair();
    await officialServer({ cancelled: [] }).connect(serverEnd);
    const transport = fromSdkTransport(clientEnd);
    expect(transport.reconnectable).toBeFalse();
    const first = transport.connect(new Subject()).subscribe();
    first.unsubscribe();
    const error = await firstValueFrom(transport.connect(new Subject())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toContain('pass a factory');
  });

  it('opens a new SDK transport from a factory for each connection', async () => {
    let made = 0;
    const transport = fromSdkTransport(() => {
      made += 1;
      const [clientEnd, serverEnd] = V2InMemory.createLinkedPair();
      void officialServer({ cancelled: [] }).connect(serverEnd as never);
      return clientEnd;
    });
    expect(transport.reconnectable).toBeTrue();
    for (let round = 0; round < 2; round++) {
      const client = createClient(transport, { timeout: { firstMs: 5000 } });
      expect(textOf(await lastValueFrom(client.callTool('add', { a: round, b: 1 })))).toBe(String(round + 1));
      client.close();
    }
    expect(made).toBe(2);
  });

  it('fails a request whose message the SDK transport could not send, with its error as a TransportError', async () => {
    const refusing: SdkTransport = {
      start: () => Promise.resolve(),
      send: () => Promise.reject(new Error('socket gone')),
      close: () => Promise.resolve(),
    };
    const client = createClient(fromSdkTransport(refusing), { protocol: 'legacy', timeout: { firstMs: 5000 } });
    const error = await firstValueFrom(client.connect()).catch((e: unknown) => e);
    client.close();
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toBe('socket gone');
  });

  describe("the SDK's StreamableHTTPClientTransport, to the official server over HTTP", () => {
    let server: LaunchedServer;
    beforeAll(async () => (server = await launch('v1-http')), 15_000);
    afterAll(async () => server?.close());

    it('negotiates, passes the revision to the transport and keeps its session id', async () => {
      const sdk = new V1StreamableHttp(new URL(server.url));
      const versions: string[] = [];
      const setVersion = sdk.setProtocolVersion.bind(sdk);
      sdk.setProtocolVersion = (version: string) => {
        versions.push(version);
        setVersion(version);
      };
      const transport = fromSdkTransport(sdk);
      const client = createClient(transport, { protocol: 'legacy', timeout: { firstMs: 5000 } });
      try {
        const negotiated = await firstValueFrom(client.connect());
        const result = await lastValueFrom(client.callTool('add', { a: 20, b: 22 }));
        expect(textOf(result)).toBe('42');
        expect(versions).toEqual([negotiated.protocolVersion]);
        expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      } finally {
        client.close();
      }
    });
  });
});

describe('toSdkTransport: the official SDK over an rxmcp transport', () => {
  it("carries the SDK's client and the official server over rxmcp's inMemoryPair", async () => {
    const log: ServerLog = { cancelled: [] };
    const [clientEnd, serverEnd] = inMemoryPair();
    await officialServer(log).connect(toSdkTransport(serverEnd));
    const client = new V1Client({ name: 'sdk-client', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { name: 'Grace' } }));
    await client.connect(toSdkTransport(clientEnd));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['add', 'ask', 'progress', 'slow']);
      expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toBe('hello Grace');
      const seen: number[] = [];
      const result = await client.callTool({ name: 'progress', arguments: { steps: 2 } }, undefined, { onprogress: (p) => seen.push(p.progress) });
      expect(textOf(result)).toBe('2 steps');
      expect(seen).toEqual([1, 2]);
      const controller = new AbortController();
      const slow = client.callTool({ name: 'slow', arguments: { tag: 'sdk' } }, undefined, { signal: controller.signal }).catch(() => 'rejected');
      await new Promise((resolve) => setTimeout(resolve, 20));
      controller.abort();
      expect(await slow).toBe('rejected');
      await until(() => log.cancelled.includes('sdk'), 2000, undefined, 5);
    } finally {
      await client.close();
    }
  });

  describe("over rxmcp's streamableHttp, to the official server", () => {
    let server: LaunchedServer;
    beforeAll(async () => (server = await launch('v1-http')), 15_000);
    afterAll(async () => server?.close());

    it('initializes, sends the negotiated MCP-Protocol-Version and calls tools in one session', async () => {
      const transport = toSdkTransport(streamableHttp(server.url));
      const client = new V1Client({ name: 'sdk-client', version: '1.0.0' });
      await client.connect(transport);
      try {
        expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
        expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('add');
        const result = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
        expect(result.structuredContent).toEqual({ sum: 3 });
      } finally {
        await client.close();
      }
    });
  });

  it("carries the SDK 2.x client over rxmcp's stdio to the official server; closing stops the process", async () => {
    const child = stdio({ ...nodeCommand(officialFixture('v2-stdio')), closeGraceMs: 200, termGraceMs: 200 });
    const transport = toSdkTransport(child);
    const client = new V2Client({ name: 'sdk-client', version: '2.0.0' });
    let closed = 0;
    await client.connect(transport);
    transport.onclose = ((previous) => () => {
      closed += 1;
      previous?.();
    })(transport.onclose?.bind(transport));
    expect(textOf(await client.callTool({ name: 'add', arguments: { a: 4, b: 5 } }))).toBe('9');
    expect(child.health().alive).toBeTrue();
    await client.close();
    expect(closed).toBe(1);
    await until(() => !child.health().alive, 3000, undefined, 5);
  });

  it("answers the SDK's request locally when the rxmcp transport could not send it, so the call settles", async () => {
    // A transport that cannot deliver any request: each one comes back as a failure frame.
    const failing: Transport = {
      kind: 'failing',
      connect: (outbound$) =>
        new Observable<InboundFrame>((subscriber) =>
          outbound$.subscribe((frame) => {
            const message = frame.message as { id?: string | number };
            if (message.id !== undefined) subscriber.next({ failure: { requestId: message.id, error: new TransportError('HTTP 503') } });
          })),
    };
    const transport = toSdkTransport(failing);
    const errors: string[] = [];
    const client = new V1Client({ name: 'sdk-client', version: '1.0.0' });
    client.onerror = (error) => errors.push(error.message);
    const outcome = await client.connect(transport).then(() => 'connected', (error: Error) => error.message);
    expect(outcome).toContain('The request could not be sent: HTTP 503');
    expect(errors).toContain('HTTP 503');
  });

  it('rejects start() with a TransportError when the connection cannot open', async () => {
    const transport = toSdkTransport(stdio({ command: '/nonexistent/server-binary' }));
    const error = await transport.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toContain('/nonexistent/server-binary');
  });
});
