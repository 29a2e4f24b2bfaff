import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { discoverConfigs } from '../../src/config/node/discover.js';
import { appSettingsFolder, configLocations } from '../../src/config/node/locations.js';
import { parseEnvFile, resolveServer } from '../../src/config/node/resolve.js';
import { ConfigError } from '../../src/config/types.js';

async function put(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

describe('configuration discovery (Node)', () => {
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

  const context = () => ({ home, cwd: project, platform: 'linux' as const, env: {} });

  it('finds every client format in a temporary HOME, project files first, with labels and formats', async () => {
    await put(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { 'cc-project': { type: 'stdio', command: 'node', args: ['a.js'] } } }));
    await put(join(project, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'cursor-project': { url: 'http://127.0.0.1:1/mcp' } } }));
    await put(join(project, '.vscode', 'mcp.json'), '{ // jsonc\n "servers": { "vscode-ws": { "type": "sse", "url": "http://127.0.0.1:1/sse" }, }, }');
    await put(join(home, '.claude.json'), JSON.stringify({ mcpServers: { 'cc-user': { command: 'u' } }, projects: { [project]: { mcpServers: { 'cc-local': { command: 'l' } } } } }));
    await put(join(home, '.config', 'Claude', 'claude_desktop_config.json'), JSON.stringify({ mcpServers: { desktop: { command: 'd' } } }));
    await put(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'cursor-user': { command: 'c' } } }));
    await put(join(home, '.config', 'Code', 'User', 'mcp.json'), JSON.stringify({ servers: { 'vscode-user': { type: 'http', url: 'http://127.0.0.1:1/mcp' } } }));
    await put(join(home, '.config', 'Code', 'User', 'settings.json'), '{ "mcp": { "servers": { "vscode-settings": { "command": "s" } } } }');
    await put(join(home, '.codeium', 'windsurf', 'mcp_config.json'), JSON.stringify({ mcpServers: { windsurf: { serverUrl: 'http://127.0.0.1:1/mcp' } } }));

    const found = await discoverConfigs(context());
    expect(found.servers.map((s) => [s.entry.name, s.location.label, s.entry.source.format])).toEqual([
      ['cc-project', 'Claude Code (project)', 'mcpServers'],
      ['cursor-project', 'Cursor (project)', 'mcpServers'],
      ['vscode-ws', 'VS Code (workspace)', 'vscode'],
      ['cc-local', 'Claude Code (user)', 'mcpServers'],
      ['cc-user', 'Claude Code (user)', 'mcpServers'],
      ['desktop', 'Claude Desktop', 'mcpServers'],
      ['cursor-user', 'Cursor (user)', 'mcpServers'],
      ['vscode-user', 'VS Code (user)', 'vscode'],
      ['vscode-settings', 'VS Code (user settings)', 'vscode-settings'],
      ['windsurf', 'Windsurf', 'mcpServers'],
    ]);
    expect(found.searched.filter((place) => place.status === 'found').length).toBe(9);
  });

  it('marks a later entry of the same name as shadowed, and reports an unreadable file without failing', async () => {
    await put(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { same: { command: 'near' } } }));
    await put(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { same: { command: 'far' } } }));
    await put(join(home, '.config', 'Claude', 'claude_desktop_config.json'), '{ "mcpServers": { ');
    const found = await discoverConfigs(context());
    expect(found.servers.map((s) => [s.entry.name, s.shadowed])).toEqual([['same', false], ['same', true]]);
    const broken = found.searched.find((place) => place.status === 'error');
    expect(broken?.location.label).toBe('Claude Desktop');
    expect(broken?.error?.message).toContain('claude_desktop_config.json');
  });

  it('looks in the platform settings folders of macOS and Windows', () => {
    const mac = configLocations({ home: '/Users/me', cwd: '/Users/me', platform: 'darwin', env: {} }).map((l) => l.file);
    expect(mac).toContain('/Users/me/Library/Application Support/Claude/claude_desktop_config.json');
    expect(appSettingsFolder({ home: 'C:\\Users\\me', cwd: 'C:\\', platform: 'win32', env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' } })).toBe('C:\\Users\\me\\AppData\\Roaming');
    expect(appSettingsFolder({ home: '/h', cwd: '/', platform: 'linux', env: { XDG_CONFIG_HOME: '/xdg' } })).toBe('/xdg');
  });

  it('resolves an entry: ${VAR}, ${VAR:-default}, ${env:VAR}, ${workspaceFolder} and the envFile', async () => {
    await put(join(project, '.env'), '# comment\nexport FROM_FILE="one two"\nPLAIN=x # trailing\n');
    await put(join(project, '.vscode', 'mcp.json'), JSON.stringify({
      servers: { s: { type: 'stdio', command: 'node', args: ['${workspaceFolder}/s.js', '${PORT:-8080}'], env: { KEY: '${env:API_KEY}' }, envFile: '${workspaceFolder}/.env' } },
    }));
    const entry = (await discoverConfigs(context())).servers[0]?.entry;
    const config = await resolveServer(entry!, { env: { API_KEY: 'k' }, home });
    expect(config).toEqual({ kind: 'stdio', command: 'node', args: [`${project}/s.js`, '8080'], env: { FROM_FILE: 'one two', PLAIN: 'x', KEY: 'k' }, envFile: `${project}/.env` });
  });

  it('refuses to resolve an entry whose variables have no value, naming the server, the file and the variables', async () => {
    await put(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { gh: { url: 'https://h/mcp', headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } } } }));
    const entry = (await discoverConfigs(context())).servers[0]?.entry;
    const failure = await resolveServer(entry!, { env: {}, home }).then(() => undefined, (error: unknown) => error);
    expect(ConfigError.is(failure)).toBeTrue();
    expect((failure as Error).message).toBe(`server "gh" of ${join(project, '.mcp.json')} needs \${GITHUB_TOKEN}: set it in the environment`);
  });

  it('parses dotenv text', () => {
    expect(parseEnvFile("A=1\n  export B = 'two'\nC=\"x\\ny\"\n#D=no\nbad line")).toEqual({ A: '1', B: 'two', C: 'x\ny' });
  });
});
