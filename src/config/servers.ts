import { declaredRemoteKinds, remoteKindNamed, remoteKindOfUrl } from '../transport/registry.js';
import { parseJsonc } from './jsonc.js';
import { ConfigError, type ConfigFile, type ConfigFormat, type ConfigSource, type ServerConfig, type ServerEntry } from './types.js';

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Options of `parseConfig`. */
export interface ParseConfigOptions {
  /** A label for people (`Claude Desktop`, ...). */
  readonly label?: string;
  /** `~/.claude.json`: also take the servers of `projects[project]` (Claude Code's local scope). */
  readonly project?: string;
  /** The layout, when the file's place says it (Gemini CLI's `settings.json`); else it is told by the top level. */
  readonly format?: ConfigFormat;
}

function stringRecord(value: unknown, what: string, problems: string[]): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) {
    problems.push(`${what} is not an object`);
    return {};
  }
  const record: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') record[key] = item;
    else if (typeof item === 'number' || typeof item === 'boolean') record[key] = String(item);
    else if (item !== null && item !== undefined) problems.push(`${what}.${key} is not a string`);
  }
  return record;
}

function stringList(value: unknown, what: string, problems: string[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push(`${what} is not an array`);
    return [];
  }
  return value.flatMap((item, index) => {
    if (typeof item === 'string') return [item];
    if (typeof item === 'number' || typeof item === 'boolean') return [String(item)];
    problems.push(`${what}[${index}] is not a string`);
    return [];
  });
}

function kindOf(entry: Json, problems: string[], format: ConfigFormat): ServerConfig['kind'] | undefined {
  const declared = entry['type'] ?? entry['transport'];
  if (declared === undefined) return typeof entry['command'] === 'string' ? 'stdio' : undeclaredKind(entry, format);
  const kind = declared === 'stdio' ? 'stdio' : typeof declared === 'string' ? remoteKindNamed(declared, true) : undefined;
  if (kind === undefined) problems.push(`type ${JSON.stringify(declared)} is not one of ${['stdio', ...declaredRemoteKinds()].join(', ')}`);
  return kind;
}

function remoteConfig(entry: Json, kind: Exclude<ServerConfig['kind'], 'stdio'>, problems: string[]): ServerConfig {
  const url = entry['url'] ?? entry['serverUrl'] ?? entry['httpUrl'];
  if (typeof url !== 'string' || url === '') problems.push('no url');
  const guessed = kind === 'auto' && typeof url === 'string' ? remoteKindOfUrl(url) : kind;
  return { kind: guessed, url: typeof url === 'string' ? url : '', headers: stringRecord(entry['headers'], 'headers', problems) };
}

function stdioConfig(entry: Json, problems: string[]): ServerConfig {
  const command = entry['command'];
  if (typeof command !== 'string' || command === '') problems.push('no command');
  const cwd = entry['cwd'];
  const envFile = entry['envFile'];
  if (cwd !== undefined && typeof cwd !== 'string') problems.push('cwd is not a string');
  return {
    kind: 'stdio',
    command: typeof command === 'string' ? command : '',
    args: stringList(entry['args'], 'args', problems),
    env: stringRecord(entry['env'], 'env', problems),
    ...(typeof cwd === 'string' ? { cwd } : {}),
    ...(typeof envFile === 'string' ? { envFile } : {}),
  };
}

/** A URL entry without `type`: Gemini CLI's `httpUrl` is Streamable HTTP and its `url` HTTP+SSE; elsewhere, `auto`. */
function undeclaredKind(entry: Json, format: ConfigFormat): ServerConfig['kind'] {
  if (typeof entry['httpUrl'] === 'string') return 'http';
  return format === 'gemini' && typeof entry['url'] === 'string' ? 'sse' : 'auto';
}

/** Gemini CLI also writes a variable as `$VAR`: the same as `${VAR}`, which is how it is kept. */
function braced(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => `\${${name}}`);
  if (Array.isArray(value)) return value.map(braced);
  return isObject(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, braced(item)])) : value;
}

/** One entry of a `servers`/`mcpServers` object, never throwing: what is wrong goes into `problems`. */
export function parseServerEntry(name: string, value: unknown, source: ConfigSource): ServerEntry {
  const problems: string[] = [];
  if (!isObject(value)) {
    return { name, source, disabled: false, problems: ['is not an object'], config: { kind: 'stdio', command: '', args: [], env: {} } };
  }
  const kind = kindOf(value, problems, source.format) ?? 'auto';
  const entry = source.format === 'gemini' ? (braced(value) as Json) : value;
  const config = kind === 'stdio' ? stdioConfig(entry, problems) : remoteConfig(entry, kind, problems);
  return { name, config, source, disabled: value['disabled'] === true, problems };
}

function entriesOf(servers: unknown, source: ConfigSource, where: string): ServerEntry[] {
  if (servers === undefined) return [];
  if (!isObject(servers)) throw new ConfigError(`${source.file}: ${where} is not an object`, { file: source.file });
  return Object.entries(servers).map(([name, value]) => parseServerEntry(name, value, source));
}

function formatOf(root: Json): ConfigFormat | undefined {
  if ('mcpServers' in root || 'projects' in root) return 'mcpServers';
  if ('servers' in root) return 'vscode';
  if (isObject(root['mcp']) && 'servers' in root['mcp']) return 'vscode-settings';
  return undefined;
}

function claudeProject(root: Json, source: ConfigSource, project: string | undefined): ServerEntry[] {
  const projects = root['projects'];
  if (project === undefined || !isObject(projects) || !isObject(projects[project])) return [];
  return entriesOf(projects[project]['mcpServers'], { ...source, scope: 'local' }, `projects[${JSON.stringify(project)}].mcpServers`);
}

/**
 * Reads a configuration file's text: `mcpServers` (Claude Desktop, Claude Code, Cursor, ...), VS Code `servers`
 * (with `type`) or VS Code settings (`mcp.servers`); JSON with comments and trailing commas. Variables are left as
 * written (see `expandServer`). Errors with `ConfigError` when the text is not JSON or has none of these layouts;
 * a broken entry is kept, with its `problems`.
 */
export function parseConfig(text: string, file: string, options: ParseConfigOptions = {}): ConfigFile {
  const root = parseJsonc(text, file);
  if (!isObject(root)) throw new ConfigError(`${file}: the top level is not an object`, { file });
  const format = options.format === 'gemini' && 'mcpServers' in root ? 'gemini' : formatOf(root);
  if (format === undefined) {
    throw new ConfigError(`${file}: no "mcpServers", "servers" or "mcp.servers" object (not an MCP configuration)`, { file });
  }
  const source: ConfigSource = { file, format, ...(options.label === undefined ? {} : { label: options.label }) };
  if (format === 'vscode') return { source, servers: entriesOf(root['servers'], source, 'servers') };
  if (format === 'vscode-settings') return { source, servers: entriesOf((root['mcp'] as Json)['servers'], source, 'mcp.servers') };
  if (format === 'gemini' || format === 'codex') return { source, servers: entriesOf(root['mcpServers'], source, 'mcpServers') };
  const user = entriesOf(root['mcpServers'], 'projects' in root ? { ...source, scope: 'user' } : source, 'mcpServers');
  return { source, servers: [...claudeProject(root, source, options.project), ...user] };
}
