// A server entry written in the layout of each client's configuration file, so a server tried on the page can be
// added to the client that will use it. The readers of rxmcp (src/config: parseConfig, parseCodexConfig) read every
// one of these back to the same server (spec/node/dashboard/export.spec.ts).

/** A server as the page's presets describe it (`config.json`: `kind` and `entry`). */
export interface ServerEntryToExport {
  readonly name: string;
  readonly kind: 'http' | 'stdio';
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The clients whose configuration files the page writes. */
export const EXPORT_FORMATS = [
  { id: 'claude-desktop', label: 'Claude Desktop', file: 'claude_desktop_config.json' },
  { id: 'claude-code', label: 'Claude Code', file: '.mcp.json' },
  { id: 'cursor', label: 'Cursor', file: '.cursor/mcp.json' },
  { id: 'windsurf', label: 'Windsurf', file: 'mcp_config.json' },
  { id: 'vscode', label: 'VS Code', file: '.vscode/mcp.json' },
  { id: 'codex', label: 'Codex', file: 'config.toml' },
  { id: 'gemini', label: 'Gemini CLI', file: 'settings.json' },
] as const;

/** One of `EXPORT_FORMATS`. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number]['id'];

type Json = Record<string, unknown>;

const some = <T extends object>(record: T | undefined): T | undefined => (record !== undefined && Object.keys(record).length > 0 ? record : undefined);

/** The command part of an entry, with only what is set. */
function commandFields(entry: ServerEntryToExport): Json {
  return JSON.parse(JSON.stringify({ command: entry.command ?? '', args: entry.args ?? [], env: some(entry.env), cwd: entry.cwd })) as Json;
}

/** The remote part of an entry: the URL under the key the client reads, the headers when there are some. */
function remoteFields(entry: ServerEntryToExport, urlKey: string, type?: string): Json {
  return JSON.parse(JSON.stringify({ ...(type === undefined ? {} : { type }), [urlKey]: entry.url ?? '', headers: some(entry.headers) })) as Json;
}

/** Claude Desktop reads commands only: a remote server goes through the `mcp-remote` bridge. */
function claudeDesktop(entry: ServerEntryToExport): Json {
  if (entry.kind === 'stdio') return commandFields(entry);
  const headers = Object.entries(entry.headers ?? {}).flatMap(([name, value]) => ['--header', `${name}: ${value}`]);
  return { command: 'npx', args: ['-y', 'mcp-remote', entry.url ?? '', ...headers] };
}

function jsonEntry(entry: ServerEntryToExport, format: Exclude<ExportFormat, 'codex'>): Json {
  const stdio = entry.kind === 'stdio';
  switch (format) {
    case 'claude-desktop': return claudeDesktop(entry);
    case 'claude-code': return stdio ? { type: 'stdio', ...commandFields(entry) } : remoteFields(entry, 'url', 'http');
    case 'vscode': return stdio ? { type: 'stdio', ...commandFields(entry) } : remoteFields(entry, 'url', 'http');
    case 'cursor': return stdio ? commandFields(entry) : remoteFields(entry, 'url');
    case 'windsurf': return stdio ? commandFields(entry) : remoteFields(entry, 'serverUrl');
    case 'gemini': return stdio ? commandFields(entry) : remoteFields(entry, 'httpUrl');
  }
}

const tomlKey = (key: string): string => (/^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key));
/** A TOML basic string: JSON's escapes are TOML's. */
const tomlString = (text: string): string => JSON.stringify(text);
const tomlInline = (record: Readonly<Record<string, string>>): string =>
  `{ ${Object.entries(record).map(([key, value]) => `${tomlKey(key)} = ${tomlString(value)}`).join(', ')} }`;

/** Codex's `[mcp_servers.<name>]` table: a command, or a Streamable HTTP `url` with `http_headers`. */
function codexTable(entry: ServerEntryToExport): string {
  const lines = [`[mcp_servers.${tomlKey(entry.name)}]`];
  if (entry.kind === 'stdio') {
    lines.push(`command = ${tomlString(entry.command ?? '')}`, `args = [${(entry.args ?? []).map(tomlString).join(', ')}]`);
    if (entry.cwd !== undefined) lines.push(`cwd = ${tomlString(entry.cwd)}`);
    if (some(entry.env)) lines.push(`env = ${tomlInline(entry.env ?? {})}`);
  } else {
    lines.push(`url = ${tomlString(entry.url ?? '')}`);
    if (some(entry.headers)) lines.push(`http_headers = ${tomlInline(entry.headers ?? {})}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The server as a configuration file of `format` that holds it alone, ready to merge into the client's file. */
export function exportServer(entry: ServerEntryToExport, format: ExportFormat): string {
  if (format === 'codex') return codexTable(entry);
  const servers = { [entry.name]: jsonEntry(entry, format) };
  return `${JSON.stringify(format === 'vscode' ? { servers } : { mcpServers: servers }, null, 2)}\n`;
}
