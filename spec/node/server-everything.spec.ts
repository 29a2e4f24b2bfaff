import type { ChildProcess } from 'node:child_process';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { createClient, httpTransport, legacySse, streamableHttp, type Client, type Transport } from '../../src/index.js';
import { stdio } from '../../src/node/index.js';
import { EVERYTHING_ENTRY, startEverythingHttp } from '../helpers/everything.js';
import { stopChild } from '../helpers/stop-child.js';

const handlers = {
  roots: () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
  sampling: () => ({ role: 'assistant' as const, content: { type: 'text' as const, text: 'sampled' }, model: 'test' }),
  elicitation: () => ({ action: 'decline' as const }),
};

async function exercise(transport: Transport): Promise<void> {
  const client: Client = createClient(transport, { handlers, timeout: { firstMs: 10_000 } });
  try {
    const server = await firstValueFrom(client.connect());
    expect(server.era).toBe('legacy');
    expect(server.protocolVersion).toBe('2025-11-25');
    const tools = (await lastValueFrom(client.listTools())).map((t) => t.name);
    expect(tools).toContain('echo');
    expect(tools).toContain('trigger-sampling-request');
    const echoed = await lastValueFrom(client.callTool('echo', { message: 'hello' }));
    expect(JSON.stringify(echoed.content)).toContain('hello');
    const sampled = await lastValueFrom(client.callTool('trigger-sampling-request', { prompt: 'hi', maxTokens: 10 }));
    expect(JSON.stringify(sampled.content)).toContain('sampled');
    expect((await lastValueFrom(client.listResources())).length).toBeGreaterThan(0);
    expect((await lastValueFrom(client.listPrompts())).map((p) => p.name)).toContain('simple-prompt');
  } finally {
    client.close();
  }
}

describe('createClient against @modelcontextprotocol/server-everything', () => {
  let child: ChildProcess | undefined;
  afterEach(async () => stopChild(child));

  it('over stdio: probes, falls back to 2025-11-25 in the same process, and uses tools, sampling, resources, prompts', async () => {
    await exercise(stdio({ command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], closeGraceMs: 300, termGraceMs: 300 }));
  });

  it('over Streamable HTTP with sessions', async () => {
    const started = await startEverythingHttp('streamableHttp');
    child = started.child;
    await exercise(streamableHttp(started.url));
  });

  it('over Streamable HTTP found by httpTransport: its 400 to the server/discover probe is no reason to fall back to HTTP+SSE', async () => {
    const started = await startEverythingHttp('streamableHttp');
    child = started.child;
    const transport = httpTransport(started.url);
    await exercise(transport);
    expect(transport.detected).toBe('streamable-http');
  });

  it('over legacy HTTP+SSE, and found by httpTransport auto-detection', async () => {
    const started = await startEverythingHttp('sse');
    child = started.child;
    await exercise(legacySse(`http://127.0.0.1:${started.port}/sse`));
    await exercise(httpTransport(`http://127.0.0.1:${started.port}/sse`));
  });
});
