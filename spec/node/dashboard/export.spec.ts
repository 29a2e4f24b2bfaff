import { parseCodexConfig } from '../../../src/config/node/codex.js';
import { parseConfig } from '../../../src/config/servers.js';
import type { ConfigFile } from '../../../src/config/types.js';
import { EXPORT_FORMATS, exportServer, type ExportFormat, type ServerEntryToExport } from '../../../examples/dashboard/src/model/export.js';

const STDIO: ServerEntryToExport = {
  name: 'files', kind: 'stdio', command: 'npx', args: ['-y', '@scope/server', '--root', 'C:\\data "x"'], env: { API_KEY: 'k=1', 'ODD.NAME': 'v' }, cwd: '/srv/app',
};
const HTTP: ServerEntryToExport = { name: 'remote api', kind: 'http', url: 'https://mcp.example.com/mcp?x=1', headers: { Authorization: 'Bearer t' } };

/** How each client's file is read by rxmcp's readers (the CLI and `clientGroupFromConfig` read them so). */
function read(text: string, format: ExportFormat): Promise<ConfigFile> {
  if (format === 'codex') return parseCodexConfig(text, 'config.toml');
  return Promise.resolve(parseConfig(text, `${format}.json`, format === 'gemini' ? { format: 'gemini' } : {}));
}

/** The page's export of a server entry, read back by rxmcp's configuration readers. */
describe('dashboard export of a server entry', () => {
  for (const { id } of EXPORT_FORMATS) {
    it(`writes a command server as ${id} that rxmcp reads back to the same command line, environment and folder`, async () => {
      const { servers } = await read(exportServer(STDIO, id), id);
      expect(servers.map((server) => server.name)).toEqual(['files']);
      expect(servers[0]?.problems).toEqual([]);
      expect(servers[0]?.config).toEqual({ kind: 'stdio', command: 'npx', args: STDIO.args ?? [], env: STDIO.env ?? {}, cwd: '/srv/app' });
    });
  }

  for (const { id } of EXPORT_FORMATS.filter((format) => format.id !== 'claude-desktop')) {
    // Cursor and Windsurf entries name no transport: the client detects it (rxmcp reads them as `auto`).
    it(`writes a Streamable HTTP server as ${id} that rxmcp reads back to the same URL and headers`, async () => {
      const { servers } = await read(exportServer(HTTP, id), id);
      expect(servers.map((server) => server.name)).toEqual(['remote api']);
      expect(servers[0]?.problems).toEqual([]);
      const kind = id === 'cursor' || id === 'windsurf' ? 'auto' : 'http';
      expect(servers[0]?.config).toEqual({ kind, url: HTTP.url ?? '', headers: HTTP.headers ?? {} });
    });
  }

  it('writes a remote server for Claude Desktop, which reads commands only, through the mcp-remote bridge', async () => {
    const { servers } = await read(exportServer(HTTP, 'claude-desktop'), 'claude-desktop');
    expect(servers[0]?.config).toEqual({ kind: 'stdio', command: 'npx', args: ['-y', 'mcp-remote', HTTP.url ?? '', '--header', 'Authorization: Bearer t'], env: {} });
  });
});
