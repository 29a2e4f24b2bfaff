import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTenant } from '../../helpers/auth-fixtures.js';
import { fixtureServer } from '../../fixtures/servers/paths.js';
import { CLI_SERVER, cli, errorOf, tempHome, type TempHome } from './helpers.js';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('rxmcp exit codes and the step that failed', () => {
  let home: TempHome;
  let web: Server;
  let webPort: number;
  beforeAll(async () => {
    home = await tempHome();
    web = createServer((req, res) => {
      if (req.url === '/html') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Sign in</p>');
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    });
    webPort = await listen(web);
  });
  afterAll(async () => {
    web.closeAllConnections();
    await new Promise((resolve) => web.close(resolve));
    await home.remove();
  });

  it('4 refused: nothing listens on the port', async () => {
    const result = await cli(home, ['--json', `http://127.0.0.1:${await closedPort()}/mcp`, 'tools']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(errorOf(result)).toEqual(jasmine.objectContaining({ step: 'refused', exitCode: 4, details: { code: 'ECONNREFUSED' } }));
  });

  it('3 auth: a 401 from a protected server, naming its resource metadata URL, when nobody can sign in', async () => {
    const tenant = await createTenant();
    const result = await cli(home, ['--json', tenant.urls.mcp, 'tools']);
    expect(result.exitCode).toBe(3);
    const error = errorOf(result);
    expect(error.step).toBe('auth');
    expect(error.message).toContain(`resource metadata: ${tenant.urls.prm}`);
    expect(error.details).toEqual(jasmine.objectContaining({ status: 401, resourceMetadata: tenant.urls.prm, reason: 'interaction' }));
    expect((await tenant.events('register')).length).withContext('nothing registered without a user').toBe(0);
  });

  it('3 auth with --no-oauth: the 401 itself, with the resource metadata URL of its challenge', async () => {
    const tenant = await createTenant();
    const result = await cli(home, ['--json', '--no-oauth', tenant.urls.mcp, 'tools']);
    expect(result.exitCode).toBe(3);
    expect(errorOf(result)).toEqual(jasmine.objectContaining({ step: 'auth', details: jasmine.objectContaining({ status: 401, resourceMetadata: tenant.urls.prm }) }));
  });

  it('5 tool error or not found: isError, an unknown tool (no call sent), an unknown prompt', async () => {
    expect((await cli(home, ['call', 'fail', ...CLI_SERVER])).exitCode).toBe(5);
    const unknown = await cli(home, ['--json', '--verbose', 'call', 'nope', ...CLI_SERVER]);
    expect(unknown.exitCode).toBe(5);
    expect(errorOf(unknown)).toEqual(jasmine.objectContaining({ step: 'not-found', message: jasmine.stringMatching(/no tool "nope" \(it has types, fail, slow/) }));
    const prompt = await cli(home, ['prompt', 'nope', ...CLI_SERVER]);
    expect(prompt.exitCode).toBe(5);
    expect(prompt.stderr).toContain('does not');
  });

  it('1 usage: a bad argument, an unknown verb option, a bad --timeout', async () => {
    expect(errorOf(await cli(home, ['--json', 'call', 'types', 'zip=1', 'count=x', ...CLI_SERVER]))).toEqual(
      jasmine.objectContaining({ step: 'argument', exitCode: 1, details: { property: 'count', expected: 'integer' } }),
    );
    expect((await cli(home, ['--timeout', 'soon', 'tools', ...CLI_SERVER])).stderr).toContain('--timeout takes a number of milliseconds');
  });

  it('4 spawn: a command that does not exist', async () => {
    const result = await cli(home, ['--json', 'tools', '--', 'rxmcp-no-such-command-here']);
    expect(result.exitCode).toBe(4);
    expect(errorOf(result)).toEqual(jasmine.objectContaining({ step: 'spawn', details: { code: 'ENOENT', command: 'rxmcp-no-such-command-here' } }));
  });

  it('4 spawn: a server that exits before it answers, with the tail of its stderr', async () => {
    const script = 'console.error("loading config"); console.error("fatal: API_KEY is not set"); process.exit(3)';
    const result = await cli(home, ['tools', '--', process.execPath, '-e', script]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('exited with code 3 before it answered');
    expect(result.stderr).toContain('│ fatal: API_KEY is not set');
    expect(result.stderr).toContain('│ loading config');
  });

  it('4 http: a page that is not MCP, with its status and content type, at once', async () => {
    const started = Date.now();
    const result = await cli(home, ['--json', `http://127.0.0.1:${webPort}/html`, 'tools']);
    expect(result.exitCode).toBe(4);
    expect(errorOf(result)).toEqual(jasmine.objectContaining({ step: 'http', details: { status: 200, contentType: 'text/html' } }));
    expect(Date.now() - started).withContext('no waiting for a timeout').toBeLessThan(3000);
  });

  it('4 http: 404 on both HTTP transports, with the content type and a hint about the endpoint', async () => {
    const result = await cli(home, ['--json', `http://127.0.0.1:${webPort}/nothing`, 'tools']);
    expect(result.exitCode).toBe(4);
    const error = errorOf(result);
    expect(error).toEqual(jasmine.objectContaining({ step: 'http', details: { status: 404, contentType: 'text/plain' } }));
    expect(error.message).toContain('neither Streamable HTTP (POST) nor HTTP+SSE (GET) is served there');
    expect(error.hint).toContain('/mcp');
  });

  it('4 tls: https to a server that speaks plain http', async () => {
    const result = await cli(home, ['--json', `https://127.0.0.1:${webPort}/mcp`, 'tools']);
    expect(result.exitCode).toBe(4);
    expect(errorOf(result)).toEqual(jasmine.objectContaining({ step: 'tls', details: { code: 'ERR_SSL_WRONG_VERSION_NUMBER' } }));
  });

  it('4 negotiate: no protocol revision in common, naming what the server offers', async () => {
    const result = await cli(home, ['--json', 'info', '--', process.execPath, fixtureServer('old-revision')]);
    expect(result.exitCode).toBe(4);
    expect(errorOf(result)).toEqual(jasmine.objectContaining({ step: 'negotiate', message: jasmine.stringMatching(/the server offers 2023-01-01; rxmcp speaks 2026-07-28/) }));
  });

  it('text errors name the step and carry no escape codes off a terminal', async () => {
    const result = await cli(home, [`http://127.0.0.1:${await closedPort()}/mcp`, 'tools']);
    expect(result.stderr).toMatch(/^rxmcp \[refused\] Connection refused by 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\n  hint: /);
    expect(result.stderr).not.toContain('\x1b[');
  });
});
