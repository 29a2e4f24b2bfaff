import { parseConfig } from '../../src/config/servers.js';
import { ConfigError } from '../../src/config/types.js';

describe('parseConfig', () => {
  it('reads Claude Desktop / Cursor mcpServers: command servers and url servers', () => {
    const file = parseConfig(
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { DEBUG: '1', PORT: 8080 } },
          remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
          socket: { url: 'wss://example.com/ws' },
        },
      }),
      '/home/me/.cursor/mcp.json',
    );
    expect(file.source.format).toBe('mcpServers');
    expect(file.servers.map((entry) => [entry.name, entry.config.kind])).toEqual([['files', 'stdio'], ['remote', 'auto'], ['socket', 'ws']]);
    expect(file.servers[0]?.config).toEqual({ kind: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { DEBUG: '1', PORT: '8080' } });
    expect(file.servers.every((entry) => entry.problems.length === 0)).toBeTrue();
  });

  it('reads Claude Code .mcp.json types (stdio, http, sse) and the Inspector spelling streamable-http', () => {
    const file = parseConfig(
      JSON.stringify({
        mcpServers: {
          a: { type: 'stdio', command: 'node', args: ['s.js'] },
          b: { type: 'http', url: 'https://h/mcp' },
          c: { type: 'sse', url: 'https://h/sse' },
          d: { type: 'streamable-http', url: 'https://h/mcp' },
        },
      }),
      '.mcp.json',
    );
    expect(file.servers.map((entry) => entry.config.kind)).toEqual(['stdio', 'http', 'sse', 'http']);
  });

  it('reads VS Code servers with type, envFile and inputs, as JSONC', () => {
    const text = `{
      // VS Code workspace configuration
      "inputs": [{ "type": "promptString", "id": "key", "password": true }],
      "servers": {
        "github": { "type": "http", "url": "https://api.example.com/mcp", "headers": { "Authorization": "Bearer \${input:key}" } },
        "local": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/server.js"], "envFile": "\${workspaceFolder}/.env", },
      },
    }`;
    const file = parseConfig(text, '/w/.vscode/mcp.json');
    expect(file.source.format).toBe('vscode');
    expect(file.servers.map((entry) => entry.name)).toEqual(['github', 'local']);
    expect(file.servers[1]?.config).toEqual({ kind: 'stdio', command: 'node', args: ['${workspaceFolder}/server.js'], env: {}, envFile: '${workspaceFolder}/.env' });
  });

  it('reads VS Code settings (mcp.servers)', () => {
    const file = parseConfig('{ "editor.tabSize": 2, "mcp": { "servers": { "x": { "command": "x" } } } }', 'settings.json');
    expect(file.source.format).toBe('vscode-settings');
    expect(file.servers.map((entry) => entry.name)).toEqual(['x']);
  });

  it('reads ~/.claude.json: the project entry (local scope) before the user entries', () => {
    const text = JSON.stringify({ mcpServers: { user: { command: 'u' } }, projects: { '/w': { mcpServers: { mine: { command: 'm' } } }, '/other': { mcpServers: { no: { command: 'n' } } } } });
    const file = parseConfig(text, '/home/me/.claude.json', { project: '/w' });
    expect(file.servers.map((entry) => [entry.name, entry.source.scope])).toEqual([['mine', 'local'], ['user', 'user']]);
  });

  it('keeps broken entries with their problems instead of failing the file', () => {
    const file = parseConfig(JSON.stringify({ mcpServers: { a: { args: ['x'] }, b: { type: 'carrier-pigeon', url: 'x' }, c: 'nope', d: { command: 'd', disabled: true } } }), 'c.json');
    expect(file.servers.map((entry) => entry.problems)).toEqual([['no url'], ['type "carrier-pigeon" is not one of stdio, http, sse, ws'], ['is not an object'], []]);
    expect(file.servers[3]?.disabled).toBeTrue();
  });

  it('refuses a file that is no MCP configuration, naming it', () => {
    expect(() => parseConfig('{"editor.tabSize": 2}', 'settings.json')).toThrowMatching((error) => ConfigError.is(error) && /settings\.json: no "mcpServers"/.test((error as Error).message));
    expect(() => parseConfig('[1]', 'x.json')).toThrowMatching((error) => ConfigError.is(error) && /top level is not an object/.test((error as Error).message));
  });
});
