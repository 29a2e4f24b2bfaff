// A server named by its domain on the command line or in a configuration file: the CLI reads its MCP Server Card
// (SEP-2127) and connects to the endpoint the card names, in the era the card names, without the era probe.
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import type { Client } from '../../../src/index.js';
import { clientGroupFromConfig } from '../../../src/node/index.js';
import { createExampleServer, ExampleState } from '../../../examples/server/example-server.js';
import { serveMcpHandler, type ExampleHttpServer } from '../../../examples/server/http.js';
import { LegacySessions } from '../../../examples/server/legacy-sessions.js';
import { cli, tempHome, type TempHome } from './helpers.js';

/** The JSON-RPC methods of the frames `-v` shows as sent, in order. */
const sentMethods = (stderr: string): string[] =>
  stderr.split('\n').filter((line) => line.includes('→ ')).map((line) => /"method":"([^"]+)"/.exec(line)?.[1] ?? '?');

describe('a server named by its domain (Server Card), on the command line and in clientGroupFromConfig', () => {
  let home: TempHome;
  let legacy: ExampleHttpServer;
  let both: ExampleHttpServer;
  beforeAll(async () => {
    home = await tempHome();
    const state = new ExampleState();
    legacy = await serveMcpHandler(new LegacySessions(() => createExampleServer({ era: 'legacy', state })), 0, ['2025-11-25']);
    both = await serveMcpHandler(new LegacySessions(() => createExampleServer({ era: 'legacy', state })), 0);
  }, 15_000);
  afterAll(async () => {
    await Promise.all([legacy?.close(), both?.close()]);
    await home?.remove();
  });
  const host = (server: ExampleHttpServer): string => new URL(server.url).host;

  it('connects to the endpoint of the card with initialize first when the card names only 2025-11-25 (the URL itself is probed first)', async () => {
    const byDomain = await cli(home, ['-v', host(legacy), 'tools']);
    expect(byDomain.exitCode).withContext(byDomain.stderr).toBe(0);
    expect(byDomain.stdout).toContain('add');
    expect(sentMethods(byDomain.stderr)[0]).withContext(byDomain.stderr).toBe('initialize');
    const byUrl = await cli(home, ['-v', legacy.url, 'tools']);
    expect(byUrl.exitCode).withContext(byUrl.stderr).toBe(0);
    expect(sentMethods(byUrl.stderr)[0]).withContext(byUrl.stderr).toBe('server/discover');
  }, 20_000);

  it('reads a configuration entry whose url is a bare domain through the card', async () => {
    const dir = join(home.path, 'project');
    await mkdir(dir, { recursive: true });
    const file = join(dir, 'mcp.json');
    await writeFile(file, JSON.stringify({ mcpServers: { carded: { url: host(legacy) } } }));
    const result = await cli(home, ['-v', `${file}:carded`, 'tools']);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toContain('add');
    expect(sentMethods(result.stderr)[0]).withContext(result.stderr).toBe('initialize');
  }, 20_000);

  it('prefers a configured server of that name to the domain', async () => {
    const file = join(home.path, 'named.json');
    await writeFile(file, JSON.stringify({ mcpServers: { [host(both)]: { url: legacy.url } } }));
    const result = await cli(home, ['-v', '--config', file, '--server', host(both), 'tools']);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(sentMethods(result.stderr)[0]).withContext(result.stderr).toBe('server/discover');
  }, 20_000);

  it('clientGroupFromConfig: an entry whose url is a bare domain connects through its card, initialize first', async () => {
    const group = await clientGroupFromConfig({ mcpServers: { carded: { url: host(legacy) } } });
    try {
      const client = group.client('carded') as Client;
      const sent: string[] = [];
      const tap = client.session.frames$.subscribe((event) => {
        const method = (event.frame.message as { method?: unknown } | undefined)?.method;
        if (event.direction === 'out' && typeof method === 'string') sent.push(method);
      });
      const server = await firstValueFrom(client.connect());
      tap.unsubscribe();
      expect(server.protocolVersion).toBe('2025-11-25');
      expect(sent[0]).toBe('initialize');
      expect(sent).not.toContain('server/discover');
    } finally {
      group.close();
    }
  }, 20_000);

  it('fails naming the location tried when the domain serves no card', async () => {
    const bare = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const { port } = bare.address() as AddressInfo;
    try {
      const result = await cli(home, [`127.0.0.1:${port}`, 'tools']);
      expect(result.exitCode).not.toBe(0);
      expect(result.stderr).toContain(`No MCP Server Card for http://127.0.0.1:${port} (tried http://127.0.0.1:${port}/.well-known/mcp/server-card.json)`);
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  }, 20_000);
});
