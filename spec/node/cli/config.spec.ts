import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fixtureServer } from '../../fixtures/servers/paths.js';
import { cli, errorOf, jsonOf, tempHome, type TempHome } from './helpers.js';

async function put(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

const SERVER = fixtureServer('cli-server');

describe('rxmcp and configuration files (temporary HOME)', () => {
  let home: TempHome;
  let project: string;
  beforeEach(async () => {
    home = await tempHome();
    project = join(home.path, 'work', 'app');
    await put(join(project, '.mcp.json'), { mcpServers: { fixture: { type: 'stdio', command: process.execPath, args: [SERVER], env: { API_KEY: 'sk-live-abcdefghijkl', REF: '${TOKEN:-none}' } } } });
    await put(join(project, '.vscode', 'mcp.json'), `{
      // VS Code workspace servers
      "servers": {
        "vs": { "type": "stdio", "command": "\${env:NODE_BIN}", "args": ["${SERVER}"] },
        "remote": { "type": "http", "url": "https://mcp.example.com/mcp?api_key=abc", "headers": { "Authorization": "Bearer secret-token", "X-Team": "\${TEAM}" } },
      },
    }`);
    await put(join(home.path, '.config', 'Claude', 'claude_desktop_config.json'), { mcpServers: { desktop: { command: 'npx', args: ['-y', 'some-server', '--token', 'ghp_abcdefghijklmnopqrstu'] } } });
    await put(join(home.path, '.cursor', 'mcp.json'), { mcpServers: { fixture: { command: 'shadowed' }, needs: { command: process.execPath, args: ['${SERVER_FILE}'] } } });
    await put(join(home.path, '.claude.json'), { mcpServers: {}, projects: { [project]: { mcpServers: { local: { command: process.execPath, args: ['${SERVER_FILE:-' + SERVER + '}'] } } } } });
  });
  afterEach(async () => home.remove());

  it('servers: lists every server with the file it came from, secrets redacted, in text', async () => {
    const result = await cli(home, ['servers'], { cwd: project });
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toContain(`Claude Code (project): ${join(project, '.mcp.json')}`);
    expect(result.stdout).toContain(`VS Code (workspace): ${join(project, '.vscode', 'mcp.json')}`);
    expect(result.stdout).toContain('Claude Desktop');
    expect(result.stdout).toMatch(/fixture .*\(shadowed by an entry above\)/);
    expect(result.stdout).toContain('env API_KEY=<redacted> REF=${TOKEN:-none}');
    expect(result.stdout).toContain('npx -y some-server --token <redacted>');
    for (const secret of ['sk-live-abcdefghijkl', 'secret-token', 'ghp_abcdefghijklmnopqrstu', 'api_key=abc']) expect(result.stdout).not.toContain(secret);
  });

  it('servers --json: names, kinds, sources and the places searched, secrets redacted', async () => {
    const result = await cli(home, ['--json', 'servers'], { cwd: project });
    const listed = jsonOf(result) as { servers: Record<string, unknown>[]; searched: { file: string; status: string }[] };
    expect(listed.servers.map((server) => server['name'])).toEqual(['fixture', 'vs', 'remote', 'local', 'desktop', 'fixture', 'needs']);
    const remote = listed.servers.find((server) => server['name'] === 'remote');
    expect(remote).toEqual(jasmine.objectContaining({ kind: 'http', url: 'https://mcp.example.com/mcp?api_key=redacted', headers: { Authorization: '<redacted>', 'X-Team': '${TEAM}' } }));
    expect(remote?.['source']).toEqual({ file: join(project, '.vscode', 'mcp.json'), format: 'vscode', label: 'VS Code (workspace)' });
    expect(listed.searched.filter((place) => place.status === 'found').length).toBe(5);
    expect(JSON.stringify(listed)).not.toContain('secret-token');
  });

  it('uses a configured server by name (the nearest definition wins), with its variables expanded', async () => {
    const byName = await cli(home, ['fixture', 'tools'], { cwd: project });
    expect(byName.exitCode).withContext(byName.stderr).toBe(0);
    expect(byName.stdout).toContain('types(zip: string');
    const vs = await cli(home, ['vs', 'call', 'types', 'zip=7', 'count=1'], { cwd: project, env: { NODE_BIN: process.execPath } });
    expect(vs.stdout).toBe('{"zip":"7","count":1}\n');
    const local = await cli(home, ['local', 'tools'], { cwd: project });
    expect(local.exitCode).withContext(local.stderr).toBe(0);
  });

  it('uses file.json:name and --config --server (and the only server of a file without --server)', async () => {
    const file = join(project, '.mcp.json');
    expect((await cli(home, [`${file}:fixture`, 'tools'])).exitCode).toBe(0);
    expect((await cli(home, ['--config', file, '--server', 'fixture', 'tools'])).exitCode).toBe(0);
    expect((await cli(home, ['--config', file, 'tools'])).exitCode).toBe(0);
  });

  it('explains a variable without a value, an unknown name and a broken file (exit 1)', async () => {
    const needs = errorOf(await cli(home, ['--json', 'needs', 'tools'], { cwd: project }));
    expect(needs).toEqual(jasmine.objectContaining({ step: 'config', exitCode: 1 }));
    expect(needs.message).toBe(`server "needs" of ${join(home.path, '.cursor', 'mcp.json')} needs \${SERVER_FILE}: set it in the environment`);
    const unknown = await cli(home, ['nosuch', 'tools'], { cwd: project });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('No server "nosuch"');
    expect(unknown.stderr).toContain('to spawn a command, put it after --');
    await put(join(project, 'broken.json'), '{ "mcpServers": { "a": ');
    const broken = await cli(home, ['--config', join(project, 'broken.json'), 'tools']);
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toContain('broken.json');
    expect(broken.stderr).toContain('not valid JSON');
  });

  it('passes the configured environment with the variables expanded, and -e wins over it', async () => {
    const configured = await cli(home, ['fixture', 'call', 'env', 'name=REF'], { cwd: project });
    expect(configured.stdout).withContext(configured.stderr).toBe('none\n');
    const overridden = await cli(home, ['-e', 'API_KEY=from-the-command-line', 'fixture', 'call', 'env', 'name=API_KEY'], { cwd: project });
    expect(overridden.stdout).toBe('from-the-command-line\n');
  });
});
