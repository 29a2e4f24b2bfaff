import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { createClient, httpTransport, legacySse, streamableHttp, type Client, type Transport } from '../../src/index.js';
import { stdio } from '../../src/node/index.js';

const entry = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const handlers = {
  roots: () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
  sampling: () => ({ role: 'assistant' as const, content: { type: 'text' as const, text: 'sampled' }, model: 'test' }),
  elicitation: () => ({ action: 'decline' as const }),
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the reference server in an HTTP mode on a free port (it listens on every interface), waits until it is up. */
async function startHttp(mode: 'sse' | 'streamableHttp'): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry, mode], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start`)), 10_000);
    const onData = (chunk: Buffer) => {
      if (/listening on port|running on port/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
  });
  return { port, child };
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 2000).unref();
  });
}

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
  afterEach(async () => stop(child));

  it('over stdio: probes, falls back to 2025-11-25 in the same process, and uses tools, sampling, resources, prompts', async () => {
    await exercise(stdio({ command: process.execPath, args: [entry, 'stdio'], closeGraceMs: 300, termGraceMs: 300 }));
  });

  it('over Streamable HTTP with sessions', async () => {
    const started = await startHttp('streamableHttp');
    child = started.child;
    await exercise(streamableHttp(`http://127.0.0.1:${started.port}/mcp`));
  });

  it('over Streamable HTTP found by httpTransport: its 400 to the server/discover probe is no reason to fall back to HTTP+SSE', async () => {
    const started = await startHttp('streamableHttp');
    child = started.child;
    const transport = httpTransport(`http://127.0.0.1:${started.port}/mcp`);
    await exercise(transport);
    expect(transport.detected).toBe('streamable-http');
  });

  it('over legacy HTTP+SSE, and found by httpTransport auto-detection', async () => {
    const started = await startHttp('sse');
    child = started.child;
    await exercise(legacySse(`http://127.0.0.1:${started.port}/sse`));
    await exercise(httpTransport(`http://127.0.0.1:${started.port}/sse`));
  });
});
