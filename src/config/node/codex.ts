// Codex's configuration file (`~/.codex/config.toml`, or `$CODEX_HOME/config.toml`): TOML, one `[mcp_servers.<name>]`
// table per server, read into the same entries as the JSON layouts. The TOML parser (smol-toml) is loaded only when
// a TOML file is read, so the Node entry carries none of it until then.
import { parseServerEntry, type ParseConfigOptions } from '../servers.js';
import { ConfigError, type ConfigFile, type ConfigSource } from '../types.js';

type Table = Readonly<Record<string, unknown>>;

const isTable = (value: unknown): value is Table => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** `env_http_headers` (header → variable name) and `bearer_token_env_var` as `${VAR}` references, over `http_headers`. */
function headersOf(entry: Table): unknown {
  const fixed = entry['http_headers'];
  if (fixed !== undefined && !isTable(fixed)) return fixed;
  const fromEnv = isTable(entry['env_http_headers']) ? Object.entries(entry['env_http_headers']).map(([name, variable]) => [name, `\${${String(variable)}}`]) : [];
  const bearer = entry['bearer_token_env_var'];
  return { ...fixed, ...Object.fromEntries(fromEnv), ...(typeof bearer === 'string' ? { Authorization: `Bearer \${${bearer}}` } : {}) };
}

/** `env_vars` (names handed through from the environment) as `${VAR}` references, under `env`. */
function envOf(entry: Table): unknown {
  const env = entry['env'];
  if (env !== undefined && !isTable(env)) return env;
  const passed = Array.isArray(entry['env_vars']) ? entry['env_vars'].filter((name): name is string => typeof name === 'string').map((name) => [name, `\${${name}}`]) : [];
  return { ...Object.fromEntries(passed), ...env };
}

/** One `[mcp_servers.<name>]` table in the shape of a JSON entry: Streamable HTTP with `url`, else a command. */
function asJsonEntry(entry: unknown): unknown {
  if (!isTable(entry)) return entry;
  const disabled = entry['enabled'] === false;
  if (typeof entry['url'] === 'string' && entry['command'] === undefined) return { type: 'http', url: entry['url'], headers: headersOf(entry), disabled };
  return { type: 'stdio', command: entry['command'], args: entry['args'], env: envOf(entry), ...(entry['cwd'] === undefined ? {} : { cwd: entry['cwd'] }), disabled };
}

async function parseToml(text: string, file: string): Promise<Table> {
  const { parse, TomlError } = await import('smol-toml');
  try {
    return parse(text) as Table;
  } catch (error) {
    const where = error instanceof TomlError ? ` (line ${error.line}, column ${error.column})` : '';
    const reason = (error as Error).message.split('\n')[0] ?? '';
    throw new ConfigError(`${file}: not valid TOML${where}: ${reason}`, { file, cause: error });
  }
}

/**
 * Reads the text of a Codex `config.toml`: each table of `mcp_servers` is a server (`command`, `args`, `env`,
 * `env_vars`, `cwd`; or `url` with `http_headers`, `env_http_headers` and `bearer_token_env_var`, Streamable HTTP),
 * `enabled = false` marks it disabled. Errors with `ConfigError` when the text is not TOML or has no `mcp_servers`
 * table; a broken entry is kept, with its `problems`.
 */
export async function parseCodexConfig(text: string, file: string, options: ParseConfigOptions = {}): Promise<ConfigFile> {
  const root = await parseToml(text, file);
  const servers = root['mcp_servers'];
  if (servers === undefined) throw new ConfigError(`${file}: no [mcp_servers] table (not an MCP configuration)`, { file });
  if (!isTable(servers)) throw new ConfigError(`${file}: mcp_servers is not a table`, { file });
  const source: ConfigSource = { file, format: 'codex', ...(options.label === undefined ? {} : { label: options.label }) };
  return { source, servers: Object.entries(servers).map(([name, entry]) => parseServerEntry(name, asJsonEntry(entry), source)) };
}
