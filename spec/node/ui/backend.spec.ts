// `rxmcp ui`'s backend on 127.0.0.1, as a browser or an attacker meets it: plain HTTP requests and WebSockets with
// the headers they would send. Each refusal is a 403 with a logged reason, and nothing behind it runs.
import { request } from 'node:http';
import { join } from 'node:path';
import WebSocket from 'ws';
import { runCli } from '../../../src/cli/run.js';
import { buildCatalog } from '../../../src/cli/ui/catalog.js';
import { startUiServer, type UiServer } from '../../../src/cli/ui/server.js';
import { fixtureServer } from '../../fixtures/servers/paths.js';
import { tempHome, type TempHome } from '../cli/helpers.js';

const SPEC_MS = 15_000;
const PAGE_DIR = join(import.meta.dirname, '../../../dist/ui');

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

function get(server: UiServer, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const port = Number(new URL(server.origin).port);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a WebSocket; resolves with the socket once open, or the HTTP status that refused the upgrade. */
function openSocket(url: string, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'mcp', { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', reject);
  });
}

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'spec', version: '1' } } };

function firstMessage(socket: WebSocket): Promise<{ id?: number; result?: { serverInfo?: { name?: string } } }> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)) as never)));
}

describe('rxmcp ui backend', () => {
  let home: TempHome;
  let server: UiServer;
  let log: string[];
  let allowing: UiServer | undefined;

  beforeEach(async () => {
    home = await tempHome();
    log = [];
    const place = { env: { HOME: home.path }, cwd: home.path, home: home.path, platform: process.platform };
    const target = { kind: 'stdio' as const, command: process.execPath, args: [fixtureServer('cli-server')], env: {}, cwd: undefined, label: 'cli-server' };
    const catalog = await buildCatalog(target, place, false);
    server = await startUiServer({ port: 0, pageDir: PAGE_DIR, catalog, allowSpawn: false, inheritEnv: false, log: (line) => log.push(line) });
  });
  afterEach(async () => {
    await server.close();
    await allowing?.close();
    allowing = undefined;
    await home.remove();
  });

  const page = (): string => server.origin;
  const ws = (path: string): string => `${server.origin.replace('http:', 'ws:')}${path}`;

  it('serves config.json with the token: the command line\'s server as a stdio preset on its WebSocket, and the sandbox origin', async () => {
    const answer = await get(server, `/config.json?token=${server.token}`);
    expect(answer.status).toBe(200);
    const config = JSON.parse(answer.body) as { sandboxOrigin: string; presets: { name: string; kind: string; source: string; url: string }[] };
    expect(config.sandboxOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(config.sandboxOrigin).not.toBe(page());
    expect(config.presets).toEqual([jasmine.objectContaining({ name: 'cli-server', kind: 'stdio', source: 'command-line', url: `${ws('/stdio/0')}?token=${server.token}` })]);
  }, SPEC_MS);

  it('refuses a request without a token (403, logged)', async () => {
    const answer = await get(server, '/config.json');
    expect(answer.status).toBe(403);
    expect(log).toContain('refused GET /config.json (403): no token');
  }, SPEC_MS);

  it('refuses a request with a wrong token (403, logged)', async () => {
    const answer = await get(server, `/config.json?token=${'0'.repeat(64)}`);
    expect(answer.status).toBe(403);
    expect(log).toContain('refused GET /config.json (403): wrong token');
  }, SPEC_MS);

  it('refuses a request from a foreign Origin even with the token (a cross-site page)', async () => {
    const answer = await get(server, `/config.json?token=${server.token}`, { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(log).toContain('refused GET /config.json (403): Origin "https://evil.example" is not the page\'s own (a cross-site page?)');
  }, SPEC_MS);

  it('refuses a rebinding Host even with the token (a DNS name pointed at 127.0.0.1)', async () => {
    const port = new URL(page()).port;
    const answer = await get(server, `/?token=${server.token}`, { host: `evil.example:${port}` });
    expect(answer.status).toBe(403);
    expect(log).toContain(`refused GET / (403): Host "evil.example:${port}" is not this backend (DNS rebinding?)`);
  }, SPEC_MS);

  it('sets the token as an HttpOnly SameSite=Strict cookie of its port with the page, and takes it on later requests', async () => {
    const first = await get(server, `/?token=${server.token}`);
    expect(first.status).toBe(200);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain(`rxmcp-ui-${new URL(page()).port}=${server.token}; HttpOnly; SameSite=Strict`);
    expect((await get(server, '/dashboard.js', { cookie: cookie.split(';')[0] as string })).status).toBe(200);
  }, SPEC_MS);

  it('refuses WebSockets without the token, with a wrong one, or from a foreign Origin; none spawns a process', async () => {
    expect(await openSocket(ws('/stdio/0'))).toBe(403);
    expect(await openSocket(ws('/stdio/0?token=nope'))).toBe(403);
    expect(await openSocket(ws(`/stdio/0?token=${server.token}`), { origin: 'http://evil.example' })).toBe(403);
    expect(log.filter((line) => line.startsWith('refused a WebSocket (403)'))).toHaveSize(3);
    expect(log.filter((line) => line.startsWith('spawned'))).toEqual([]);
  }, SPEC_MS);

  it('refuses to spawn a command that is neither on its command line nor in a configuration file (without --allow-spawn)', async () => {
    const entry = encodeURIComponent(JSON.stringify({ command: process.execPath, args: [fixtureServer('cli-server')] }));
    expect(await openSocket(ws(`/spawn?token=${server.token}&entry=${entry}`), { origin: page() })).toBe(403);
    expect(log.some((line) => line.startsWith('refused a WebSocket (403): the command is not listed'))).toBeTrue();
    expect(log.filter((line) => line.startsWith('spawned'))).toEqual([]);
  }, SPEC_MS);

  it('relays a listed stdio server over the mcp subprotocol, and ends its process when the socket closes', async () => {
    const socket = (await openSocket(ws(`/stdio/0?token=${server.token}`), { origin: page() })) as WebSocket;
    expect(socket.protocol).toBe('mcp');
    const answer = firstMessage(socket);
    socket.send(JSON.stringify(INITIALIZE));
    expect((await answer).id).toBe(1);
    const pid = Number(/pid (\d+)/.exec(log.find((line) => line.startsWith('spawned cli-server')) ?? '')?.[1]);
    expect(pid).toBeGreaterThan(0);
    socket.close();
    await server.close();
    expect(() => process.kill(pid, 0)).toThrow();
  }, SPEC_MS);

  it('waits, when it stops, for a server whose page has already gone and which is still ending (stdin closed, SIGTERM after a grace)', async () => {
    const place = { env: { HOME: home.path }, cwd: home.path, home: home.path, platform: process.platform };
    const target = { kind: 'stdio' as const, command: process.execPath, args: [fixtureServer('stubborn'), '--honour-sigterm'], env: {}, cwd: undefined, label: 'stubborn' };
    allowing = await startUiServer({ port: 0, pageDir: PAGE_DIR, catalog: await buildCatalog(target, place, false), allowSpawn: false, inheritEnv: false, log: (line) => log.push(line) });
    const socket = (await openSocket(`${allowing.origin.replace('http:', 'ws:')}/stdio/0?token=${allowing.token}`, { origin: allowing.origin })) as WebSocket;
    await firstMessage(socket);
    const pid = Number(/pid (\d+)/.exec(log.find((line) => line.startsWith('spawned stubborn')) ?? '')?.[1]);
    expect(pid).toBeGreaterThan(0);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.close();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await allowing.close();
    allowing = undefined;
    expect(() => process.kill(pid, 0)).withContext(`process ${pid} after the backend stopped`).toThrow();
  }, SPEC_MS);

  it('spawns a command the page names with --allow-spawn, still only with the token', async () => {
    const place = { env: { HOME: home.path }, cwd: home.path, home: home.path, platform: process.platform };
    allowing = await startUiServer({ port: 0, pageDir: PAGE_DIR, catalog: await buildCatalog(undefined, place, false), allowSpawn: true, inheritEnv: false, log: (line) => log.push(line) });
    const entry = encodeURIComponent(JSON.stringify({ command: process.execPath, args: [fixtureServer('cli-server')] }));
    const url = `${allowing.origin.replace('http:', 'ws:')}/spawn?entry=${entry}`;
    expect(await openSocket(url, { origin: allowing.origin })).toBe(403);
    const socket = (await openSocket(`${url}&token=${allowing.token}`, { origin: allowing.origin })) as WebSocket;
    const answer = firstMessage(socket);
    socket.send(JSON.stringify(INITIALIZE));
    expect((await answer).id).toBe(1);
    socket.close();
  }, SPEC_MS);
});

describe('rxmcp ui --host', () => {
  for (const host of ['0.0.0.0', '192.168.1.10', '::']) {
    it(`refuses --host ${host} (exit 1): the backend listens on 127.0.0.1 only`, async () => {
      const result = await runCli(['ui', '--no-open', '--host', host]);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(`--host ${host} refused: rxmcp ui listens on 127.0.0.1 only`);
    });
  }
});
