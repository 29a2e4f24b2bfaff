import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { discoverConfigs, loadConfigFile } from '../../src/config/node/discover.js';
import { resolveServer } from '../../src/config/node/resolve.js';
import { ConfigError } from '../../src/config/types.js';
import { cli, tempHome, type TempHome } from './cli/helpers.js';

async function put(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

const CODEX = `# Codex CLI configuration
model = "o4-mini"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-server", 3]
env = { "API_KEY" = "k-1", PORT = 8080 }
cwd = "/srv/docs"

[mcp_servers.remote]
url = "https://mcp.example.test/mcp"
bearer_token_env_var = "REMOTE_TOKEN"
http_headers = { "X-Team" = "core" }
env_http_headers = { "X-Key" = "REMOTE_KEY" }

[mcp_servers.off]
command = "off-server"
enabled = false
`;

const GEMINI_USER = JSON.stringify({
  theme: 'Default',
  mcpServers: {
    streamable: { httpUrl: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer $TOKEN' }, timeout: 5000 },
    events: { url: 'https://mcp.example.test/sse' },
    local: { command: 'python', args: ['-m', 'server'], env: { KEY: '$KEY' }, cwd: './srv', trust: true },
  },
});

describe('Codex and Gemini CLI configuration files', () => {
  let root: string;
  let home: string;
  let project: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'rxmcp-config-'));
    home = join(root, 'home');
    project = join(home, 'work', 'app');
    await mkdir(project, { recursive: true });
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  const context = (env: Record<string, string> = {}) => ({ home, cwd: project, platform: 'linux' as const, env });

  it('reads ~/.codex/config.toml: [mcp_servers.<name>] commands and URLs, enabled = false as disabled', async () => {
    await put(join(home, '.codex', 'config.toml'), CODEX);
    const found = await discoverConfigs(context());
    expect(found.servers.map((s) => [s.entry.name, s.location.label, s.entry.source.format, s.entry.disabled])).toEqual([
      ['docs', 'Codex', 'codex', false],
      ['remote', 'Codex', 'codex', false],
      ['off', 'Codex', 'codex', true],
    ]);
    const [docs, remote] = found.servers.map((s) => s.entry);
    expect(docs?.config).toEqual({ kind: 'stdio', command: 'npx', args: ['-y', 'docs-server', '3'], env: { API_KEY: 'k-1', PORT: '8080' }, cwd: '/srv/docs' });
    expect(docs?.problems).toEqual([]);
    expect(remote?.config).toEqual({ kind: 'http', url: 'https://mcp.example.test/mcp', headers: { 'X-Team': 'core', 'X-Key': '${REMOTE_KEY}', Authorization: 'Bearer ${REMOTE_TOKEN}' } });
  });

  it('expands the variables Codex names (bearer_token_env_var, env_http_headers) from the environment', async () => {
    await put(join(home, '.codex', 'config.toml'), CODEX);
    const found = await discoverConfigs(context());
    const remote = found.servers.find((s) => s.entry.name === 'remote')?.entry;
    const resolved = await resolveServer(remote!, { env: { REMOTE_TOKEN: 't-9', REMOTE_KEY: 'k-9' }, home });
    expect(resolved).toEqual(jasmine.objectContaining({ headers: { 'X-Team': 'core', 'X-Key': 'k-9', Authorization: 'Bearer t-9' } }));
  });

  it('finds config.toml under $CODEX_HOME when it is set', async () => {
    await put(join(root, 'codex-home', 'config.toml'), '[mcp_servers.elsewhere]\ncommand = "x"\n');
    const found = await discoverConfigs(context({ CODEX_HOME: join(root, 'codex-home') }));
    expect(found.servers.map((s) => s.entry.name)).toEqual(['elsewhere']);
  });

  it('a Codex file that is not TOML is a ConfigError naming the file and the line, a bad entry keeps its problems', async () => {
    await put(join(home, '.codex', 'config.toml'), '[mcp_servers.broken\ncommand = "x"\n');
    const found = await discoverConfigs(context());
    const place = found.searched.find((searched) => searched.location.label === 'Codex');
    expect(place?.status).toBe('error');
    expect(place?.error?.message).toContain(join(home, '.codex', 'config.toml'));
    expect(place?.error?.message).toMatch(/not valid TOML.*line 1/);
    await put(join(home, '.codex', 'config.toml'), '[mcp_servers.half]\nargs = "not a list"\n');
    const half = (await loadConfigFile(join(home, '.codex', 'config.toml'))).servers[0];
    expect(half?.problems).toEqual(['no command', 'args is not an array']);
    await expectAsync(loadConfigFile(join(home, '.codex', 'config.toml'))).toBeResolved();
    await put(join(home, '.codex', 'config.toml'), 'mcp_servers = 3\n');
    await expectAsync(loadConfigFile(join(home, '.codex', 'config.toml'))).toBeRejectedWith(jasmine.any(ConfigError));
  });

  it('a Codex file without [mcp_servers] is no MCP configuration: nothing to report', async () => {
    await put(join(home, '.codex', 'config.toml'), 'model = "o4-mini"\n');
    const found = await discoverConfigs(context());
    expect(found.searched.find((searched) => searched.location.label === 'Codex')?.status).toBe('absent');
  });

  it('reads Gemini CLI settings.json, project (.gemini/ upward) before user: httpUrl is Streamable HTTP, url is HTTP+SSE, $VAR is ${VAR}', async () => {
    await put(join(home, '.gemini', 'settings.json'), GEMINI_USER);
    await put(join(project, '.gemini', 'settings.json'), JSON.stringify({ mcpServers: { proj: { command: 'node', args: ['p.js'] } } }));
    const found = await discoverConfigs(context());
    expect(found.servers.map((s) => [s.entry.name, s.location.label, s.entry.source.format])).toEqual([
      ['proj', 'Gemini CLI (project)', 'gemini'],
      ['streamable', 'Gemini CLI (user)', 'gemini'],
      ['events', 'Gemini CLI (user)', 'gemini'],
      ['local', 'Gemini CLI (user)', 'gemini'],
    ]);
    const byName = Object.fromEntries(found.servers.map((s) => [s.entry.name, s.entry]));
    expect(byName['streamable']?.config).withContext('$VAR is kept as ${VAR}').toEqual({ kind: 'http', url: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } });
    expect(byName['events']?.config).toEqual({ kind: 'sse', url: 'https://mcp.example.test/sse', headers: {} });
    expect(byName['local']?.config).toEqual({ kind: 'stdio', command: 'python', args: ['-m', 'server'], env: { KEY: '${KEY}' }, cwd: './srv' });
    const local = await resolveServer(byName['local']!, { env: { KEY: 'v' }, home });
    expect(local).toEqual(jasmine.objectContaining({ env: { KEY: 'v' } }));
  });

  it('Gemini (and VS Code) settings without servers are no MCP configuration: nothing to report, discovery goes on', async () => {
    await put(join(home, '.gemini', 'settings.json'), JSON.stringify({ theme: 'Default' }));
    await put(join(home, '.config', 'Code', 'User', 'settings.json'), JSON.stringify({ 'editor.fontSize': 14 }));
    await put(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { kept: { command: 'k' } } }));
    const found = await discoverConfigs(context());
    expect(found.searched.find((searched) => searched.location.label === 'Gemini CLI (user)')?.status).toBe('absent');
    expect(found.searched.find((searched) => searched.location.label === 'VS Code (user settings)')?.status).toBe('absent');
    expect(found.servers.map((s) => s.entry.name)).toEqual(['kept']);
  });
});

describe('rxmcp servers and targets from Codex and Gemini CLI files', () => {
  let home: TempHome;
  beforeEach(async () => (home = await tempHome()));
  afterEach(() => home.remove());

  it('lists their servers with the file they came from, and reaches one by name and as file.toml:name', async () => {
    await put(join(home.path, '.codex', 'config.toml'), `[mcp_servers.pinger]\ncommand = "${process.execPath}"\nargs = ["${join(dirname(new URL(import.meta.url).pathname), '../fixtures/servers/cli-server.mjs')}"]\n`);
    await put(join(home.path, '.gemini', 'settings.json'), JSON.stringify({ mcpServers: { gem: { httpUrl: 'http://127.0.0.1:9/mcp' } } }));
    const listed = await cli(home, ['--json', 'servers']);
    expect(listed.exitCode).withContext(listed.stderr).toBe(0);
    const servers = (JSON.parse(listed.stdout) as { servers: { name: string; source: { file: string } }[] }).servers;
    expect(servers.map((server) => [server.name, server.source.file])).toEqual([
      ['gem', join(home.path, '.gemini', 'settings.json')],
      ['pinger', join(home.path, '.codex', 'config.toml')],
    ]);
    expect((await cli(home, ['pinger', 'ping'])).exitCode).toBe(0);
    expect((await cli(home, [`${join(home.path, '.codex', 'config.toml')}:pinger`, 'ping'])).exitCode).toBe(0);
  }, 20_000);
});
