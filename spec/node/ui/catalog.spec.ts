// The catalog of `rxmcp ui` without a target: every server of the configuration files the CLI reads, each a preset
// of config.json naming the client it came from; the configured commands are the ones the backend may spawn.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildCatalog } from '../../../src/cli/ui/catalog.js';
import { startUiServer, type UiServer } from '../../../src/cli/ui/server.js';
import { fixtureServer } from '../../fixtures/servers/paths.js';
import { tempHome, type TempHome } from '../cli/helpers.js';

const PAGE_DIR = join(import.meta.dirname, '../../../dist/ui');

async function write(file: string, text: string): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, text);
}

describe('rxmcp ui catalog', () => {
  let home: TempHome;
  let server: UiServer | undefined;
  const log: string[] = [];

  beforeEach(async () => {
    home = await tempHome();
  });
  afterEach(async () => {
    await server?.close();
    await home.remove();
  });

  it('lists the servers of Claude Code, Cursor, Windsurf, Gemini CLI and Codex files as presets with their source, secrets redacted, and spawns a configured one', async () => {
    const project = join(home.path, 'project');
    const cli = { command: process.execPath, args: [fixtureServer('cli-server')], env: { API_TOKEN: 'sk-secret-value-123456' } };
    await write(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { local: cli } }));
    await write(join(project, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { remote: { url: 'http://127.0.0.1:9/mcp' } } }));
    await write(join(home.path, '.codeium', 'windsurf', 'mcp_config.json'), JSON.stringify({ mcpServers: { surf: { serverUrl: 'http://127.0.0.1:9/surf' } } }));
    await write(join(home.path, '.gemini', 'settings.json'), JSON.stringify({ mcpServers: { gem: { httpUrl: 'http://127.0.0.1:9/gem' } } }));
    await write(join(home.path, '.codex', 'config.toml'), `[mcp_servers.codexed]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(fixtureServer('cli-server'))}]\n`);
    const place = { env: { HOME: home.path }, cwd: project, home: home.path, platform: process.platform };
    server = await startUiServer({ port: 0, pageDir: PAGE_DIR, catalog: await buildCatalog(undefined, place, false), allowSpawn: false, inheritEnv: false, log: (line) => log.push(line) });
    const byName = new Map(server.presets.map((preset) => [preset.name, preset]));
    expect([...byName.keys()].sort()).toEqual(['codexed', 'gem', 'local', 'remote', 'surf']);
    expect(byName.get('local')).toEqual(jasmine.objectContaining({ kind: 'stdio', source: 'claude-code' }));
    expect(JSON.stringify(byName.get('local')?.entry)).not.toContain('sk-secret-value-123456');
    expect(byName.get('remote')).toEqual(jasmine.objectContaining({ kind: 'http', source: 'cursor', url: 'http://127.0.0.1:9/mcp' }));
    expect(byName.get('surf')).toEqual(jasmine.objectContaining({ kind: 'http', source: 'windsurf' }));
    expect(byName.get('gem')).toEqual(jasmine.objectContaining({ kind: 'http', source: 'gemini', url: 'http://127.0.0.1:9/gem' }));
    expect(byName.get('codexed')).toEqual(jasmine.objectContaining({ kind: 'stdio', source: 'codex' }));
    const socket = new WebSocket(byName.get('codexed')?.url ?? '', 'mcp', { headers: { origin: server.origin } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }));
    const answer = await new Promise<{ id?: number }>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)) as { id?: number })));
    expect(answer.id).toBe(7);
    expect(log.some((line) => line.startsWith('spawned codexed (pid '))).toBeTrue();
    socket.close();
  }, 15_000);
});
