import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { sseWsFixtureUrls } from '../../helpers/sse-ws-server-urls.js';
import { exampleServerFile, launch } from '../../fixtures/official/launch.js';
import { CLI_SERVER, EVERYTHING_STDIO, cli, jsonOf, tempHome, type TempHome } from './helpers.js';
import { startEverythingHttp } from '../../helpers/everything.js';
import { stopChild } from '../../helpers/stop-child.js';

describe('rxmcp against @modelcontextprotocol/server-everything', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(async () => home.remove());

  it('over stdio: negotiates 2025-11-25 by itself, lists tools, and echoes a number-like string as a string', async () => {
    const info = await cli(home, ['info', ...EVERYTHING_STDIO]);
    expect(info.stdout).toMatch(/protocol\s+2025-11-25 \(legacy\)/);
    const echo = await cli(home, ['call', 'echo', 'message=10001', ...EVERYTHING_STDIO]);
    expect(echo).toEqual({ exitCode: 0, stdout: 'Echo: 10001\n', stderr: '' });
    const numbers = await cli(home, ['--json', 'call', 'get-sum', 'a=2', 'b=3', ...EVERYTHING_STDIO]);
    expect(JSON.stringify(jsonOf(numbers)['content'])).toContain('5');
  }, 15_000);

  describe('over Streamable HTTP', () => {
    let server: { url: string; child: ChildProcess } | undefined;
    beforeAll(async () => (server = await startEverythingHttp('streamableHttp')), 15_000);
    afterAll(async () => server && stopChild(server.child));

    it('lists tools, resources and prompts, and calls tools with typed arguments', async () => {
      const url = server?.url as string;
      const tools = await cli(home, [url, 'tools']);
      expect(tools.stdout).toContain('echo(message: string)');
      const resources = await cli(home, ['--json', url, 'resources']);
      expect((jsonOf(resources)['resources'] as unknown[]).length).toBeGreaterThan(0);
      const prompts = await cli(home, [url, 'prompts']);
      expect(prompts.stdout).toContain('simple-prompt');
      const echo = await cli(home, [url, 'call', 'echo', 'message=007']);
      expect(echo.stdout).toBe('Echo: 007\n');
      const bad = await cli(home, [url, 'call', 'get-sum', 'a=two', 'b=3']);
      expect(bad.exitCode).toBe(1);
      expect(bad.stderr).toContain('Argument "a" must be number, got "two"');
    }, 15_000);
  });
});

describe('rxmcp targets', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(async () => home.remove());

  it('a ws:// URL speaks MCP over WebSocket (given a WebSocket constructor where Node has none)', async () => {
    const urls = await sseWsFixtureUrls();
    const result = await cli(home, [`${urls.wsBase}/mcp`, 'info'], urls.WebSocket === undefined ? {} : { WebSocket: urls.WebSocket });
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toContain('rxmcp-ws-fixture 1.0.0');
    expect(result.stdout).toMatch(/transport\s+websocket/);
  });

  it('--transport sse reaches an HTTP+SSE endpoint directly, and a verb may come before its URL', async () => {
    const urls = await sseWsFixtureUrls();
    const result = await cli(home, ['--transport', 'sse', 'tools', `${urls.httpBase}/__rxmcp/legacy-sse/sse`]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toContain('echo(text: string)');
  });

  it('--transport http speaks Streamable HTTP only', async () => {
    const server = await launch(exampleServerFile('http.ts'));
    try {
      const result = await cli(home, ['--transport', 'http', server.url, 'info']);
      expect(result.stdout).toMatch(/transport\s+streamable-http/);
    } finally {
      await server.close();
    }
  }, 15_000);

  it('--header reaches an HTTP server with every request, and Inspector-style pairs may follow one --header', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createHttpServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.address() as { port: number };
      await cli(home, ['--no-oauth', '--header', 'X-Team: blue', 'X-Other: 2', '-H', 'Authorization: Bearer t0k', `http://127.0.0.1:${port}/mcp`, 'tools']);
      expect(seen.length).toBeGreaterThan(0);
      for (const headers of seen) expect(headers).toEqual(jasmine.objectContaining({ 'x-team': 'blue', 'x-other': '2', authorization: 'Bearer t0k' }));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('--cwd runs a spawned server in that folder', async () => {
    const folder = join(home.path, 'elsewhere');
    await mkdir(folder, { recursive: true });
    const result = await cli(home, ['--cwd', folder, 'call', 'cwd', ...CLI_SERVER]);
    expect(result.stdout).toBe(`${folder}\n`);
  });
});
