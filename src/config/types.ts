import { McpError, type McpErrorOptions } from '../errors/mcp-error.js';

/** Which client's layout a configuration file follows. */
export type ConfigFormat =
  /** `{ "mcpServers": { … } }`: Claude Desktop, Claude Code (`.mcp.json`, `~/.claude.json`), Cursor, Windsurf, Cline. */
  | 'mcpServers'
  /** `{ "servers": { … }, "inputs": [ … ] }`: VS Code `.vscode/mcp.json` and the user-level `mcp.json`. */
  | 'vscode'
  /** `{ "mcp": { "servers": { … } } }`: VS Code `settings.json`. */
  | 'vscode-settings';

/** How a configured server is reached. `auto`: a URL without a declared type (Streamable HTTP, else HTTP+SSE). */
export type ServerKind = 'stdio' | 'http' | 'sse' | 'ws' | 'auto';

/** A server to spawn: a command line, no shell. */
export interface StdioServerConfig {
  readonly kind: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** A dotenv file whose variables are added to `env` (VS Code's `envFile`). */
  readonly envFile?: string;
}

/** A server reached over the network. */
export interface RemoteServerConfig {
  readonly kind: 'http' | 'sse' | 'ws' | 'auto';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** A configured server, as written (variables not yet expanded). */
export type ServerConfig = StdioServerConfig | RemoteServerConfig;

/** Where a server entry came from. */
export interface ConfigSource {
  /** The file (path or URL, as the caller named it). */
  readonly file: string;
  readonly format: ConfigFormat;
  /** A label for people: `Claude Desktop`, `VS Code (workspace)`, `--config`, ... */
  readonly label?: string;
  /** For `~/.claude.json`: `user` (top level) or `local` (the entry of one project). */
  readonly scope?: string;
}

/** One named server of a configuration file. */
export interface ServerEntry {
  readonly name: string;
  readonly config: ServerConfig;
  readonly source: ConfigSource;
  /** `disabled: true` in the file (Cline, Windsurf). */
  readonly disabled: boolean;
  /** What makes the entry unusable as written (no command or URL, a bad type, ...); empty when it is usable. */
  readonly problems: readonly string[];
}

/** A parsed configuration file. */
export interface ConfigFile {
  readonly source: ConfigSource;
  readonly servers: readonly ServerEntry[];
}

/** Options of `ConfigError`. */
export interface ConfigErrorOptions extends McpErrorOptions {
  /** The file the error is about, if any. */
  readonly file?: string;
  /** 1-based line and column of a syntax error. */
  readonly line?: number;
  readonly column?: number;
}

/** A configuration file cannot be read, parsed or used (the message names the file and the place). */
export class ConfigError extends McpError {
  static override readonly kind: string = 'ConfigError';
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(message: string, options: ConfigErrorOptions = {}) {
    super('config', message, options);
    this.file = options.file;
    this.line = options.line;
    this.column = options.column;
  }
}
