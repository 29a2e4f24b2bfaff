import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filter, firstValueFrom, lastValueFrom } from 'rxjs';
import type { ClientGroup } from '../../src/index.js';
import { ConfigError, clientGroupFromConfig } from '../../src/node/index.js';
import { launch, type LaunchedServer } from '../fixtures/official/launch.js';
import { fixtureServer } from '../fixtures/servers/paths.js';
import { textOf } from '../helpers/mcp-fixtures.js';

const server = fixtureServer('cli-server');
const fast = { closeGraceMs: 300, termGraceMs: 300 };

/** The merged tool names once every server answered. */
async function settledNames(group: ClientGroup): Promise<string[]> {
  const state = await firstValueFrom(group.toolsState$.pipe(filter((s) => !s.refreshing)));
  return (state.items ?? []).map((tool) => tool.name);
}

describe('clientGroupFromConfig (Node)', () => {
  let folder: string;
  let group: ClientGroup | undefined;

  beforeEach(async () => {
    folder = await realpath(await mkdtemp(join(tmpdir(), 'rxmcp-group-')));
    group = undefined;
  });
  afterEach(async () => {
    group?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('reads a Claude Code .mcp.json: two stdio servers, ${VAR} and ${VAR:-default} expanded, a relative cwd from the file, disabled ones left out', async () => {
    const file = join(folder, '.mcp.json');
    await mkdir(join(folder, 'work'));
    await writeFile(file, JSON.stringify({
      mcpServers: {
        notes: { command: process.execPath, args: [server], env: { GREETING: '${GREETING}', MODE: '${MODE:-safe}' }, cwd: 'work' },
        tasks: { command: process.execPath, args: ['${SERVER_FILE}'] },
        old: { command: 'does-not-exist', disabled: true },
      },
    }));
    group = await clientGroupFromConfig(file, { env: { GREETING: 'hello', SERVER_FILE: server }, stdio: fast });
    expect(group.servers).toEqual(['notes', 'tasks']);
    const names = await settledNames(group);
    expect(names).toContain('notes__env');
    expect(names).toContain('tasks__env');
    expect(textOf(await lastValueFrom(group.callTool('notes__env', { name: 'GREETING' })))).toBe('hello');
    expect(textOf(await lastValueFrom(group.callTool('notes__env', { name: 'MODE' })))).toBe('safe');
    expect(textOf(await lastValueFrom(group.callTool('notes__cwd')))).toBe(join(folder, 'work'));
    expect(textOf(await lastValueFrom(group.callTool('tasks__env', { name: 'GREETING' })))).toBe('(unset)');
  });

  it('reads VS Code JSON with comments (servers with type, ${env:VAR}), and a parsed object alike; options.servers picks and orders', async () => {
    const file = join(folder, 'mcp.json');
    await writeFile(file, `{
      // the workspace servers
      "servers": {
        "one": { "type": "stdio", "command": "${process.execPath}", "args": ["${server}"], "env": { "TOKEN": "\${env:TOKEN}" } },
        "two": { "type": "stdio", "command": "${process.execPath}", "args": ["${server}"], },
      },
    }`);
    group = await clientGroupFromConfig(file, { env: { TOKEN: 't0k' }, servers: ['two', 'one'], stdio: fast });
    expect(group.servers).toEqual(['two', 'one']);
    expect(textOf(await lastValueFrom(group.callTool('one__env', { name: 'TOKEN' })))).toBe('t0k');
    group.close();
    group = await clientGroupFromConfig({ mcpServers: { solo: { command: process.execPath, args: [server] } } }, { stdio: fast });
    expect(await settledNames(group)).toContain('solo__cwd');
  });

  it('reads a Codex config.toml ([mcp_servers.<name>], enabled = false left out) and a Gemini CLI .gemini/settings.json ($VAR)', async () => {
    const toml = join(folder, 'config.toml');
    await writeFile(toml, `[mcp_servers.codexed]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(server)}]\nenv = { GREETING = "\${GREETING}" }\n\n[mcp_servers.off]\ncommand = "does-not-exist"\nenabled = false\n`);
    group = await clientGroupFromConfig(toml, { env: { GREETING: 'from codex' }, stdio: fast });
    expect(group.servers).toEqual(['codexed']);
    expect(textOf(await lastValueFrom(group.callTool('codexed__env', { name: 'GREETING' })))).toBe('from codex');
    group.close();
    const gemini = join(folder, '.gemini', 'settings.json');
    await mkdir(join(folder, '.gemini'));
    await writeFile(gemini, JSON.stringify({ mcpServers: { gem: { command: process.execPath, args: [server], env: { GREETING: '$GREETING' } } } }));
    group = await clientGroupFromConfig(gemini, { env: { GREETING: 'from gemini' }, stdio: fast });
    expect(textOf(await lastValueFrom(group.callTool('gem__env', { name: 'GREETING' })))).toBe('from gemini');
  });

  it('refuses an entry that cannot be used, naming the server, the file and the variable; skips it when asked', async () => {
    const file = join(folder, '.mcp.json');
    await writeFile(file, JSON.stringify({
      mcpServers: {
        good: { command: process.execPath, args: [server] },
        keyless: { command: process.execPath, args: [server], env: { API_KEY: '${API_KEY}' } },
        broken: { type: 'carrier-pigeon' },
      },
    }));
    await expectAsync(clientGroupFromConfig(file, { env: {} })).toBeRejectedWithError(ConfigError, `server "keyless" of ${file} needs \${API_KEY}: set it in the environment`);
    await expectAsync(clientGroupFromConfig(file, { env: {}, servers: ['nope'] })).toBeRejectedWithError(ConfigError, `${file} has no server "nope" (it has good, keyless, broken)`);
    const skipped: string[] = [];
    group = await clientGroupFromConfig(file, { env: {}, invalid: 'skip', onSkip: (name, error) => skipped.push(`${name}: ${error.message}`), stdio: fast });
    expect(group.servers).toEqual(['good']);
    expect(skipped).toEqual([
      `keyless: server "keyless" of ${file} needs \${API_KEY}: set it in the environment`,
      `broken: server "broken" of ${file}: type "carrier-pigeon" is not one of stdio, http, sse, ws; no url`,
    ]);
  });

  it('rejects a file that is missing or not an MCP configuration', async () => {
    await expectAsync(clientGroupFromConfig(join(folder, 'absent.json'))).toBeRejectedWithError(ConfigError, `${join(folder, 'absent.json')}: no such file`);
    await writeFile(join(folder, 'other.json'), '{ "name": "not mcp" }');
    await expectAsync(clientGroupFromConfig(join(folder, 'other.json'))).toBeRejectedWithError(ConfigError, /no "mcpServers", "servers" or "mcp.servers" object/);
  });

  describe('with a remote server', () => {
    let remote: LaunchedServer;
    beforeAll(async () => (remote = await launch('v2-http')));
    afterAll(async () => remote.close());

    it('mixes a Streamable HTTP server (type http, a header from ${VAR}) with a stdio one', async () => {
      const file = join(folder, '.mcp.json');
      await writeFile(file, JSON.stringify({
        mcpServers: {
          web: { type: 'http', url: remote.url, headers: { 'X-Team': '${TEAM}' } },
          local: { command: process.execPath, args: [server] },
        },
      }));
      const seen: string[] = [];
      const fetch = (input: string, init: RequestInit) => {
        seen.push(new Headers(init.headers).get('x-team') ?? '');
        return globalThis.fetch(input, init);
      };
      group = await clientGroupFromConfig(file, { env: { TEAM: 'blue' }, fetch, stdio: fast });
      const names = await settledNames(group);
      expect(names).toContain('web__add');
      expect(names).toContain('local__env');
      expect((await lastValueFrom(group.callTool('web__add', { a: 2, b: 3 }))).structuredContent).toEqual({ sum: 5 });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((value) => value === 'blue')).toBeTrue();
    });
  });
});
