import { McpError, type McpErrorOptions } from '../errors/mcp-error.js';
import type { RemoteKind } from '../transport/registry.js';

/** Which client's layout a configuration file follows. */
export type ConfigFormat =
  /** `{ "mcpServers": { … } }`: Claude Desktop, Claude Code (`.mcp.json`, `~/.claude.json`), Cursor, Windsurf, Cline. */
  | 'mcpServers'
  /** `{ "servers": { … }, "inputs": [ … ] }`: VS Code `.vscode/mcp.json` and the user-level `mcp.json`. */
  | 'vscode'
  /** `{ "mcp": { "servers": { … } } }`: VS Code `settings.json`. */
  | 'vscode-settings'
  /** `[mcp_servers.<name>]` tables of TOML: Codex `~/.codex/config.toml`. */
  | 'codex'
  /** `{ "mcpServers": { … } }` with `httpUrl` (Streamable HTTP) and `url` (HTTP+SSE): Gemini CLI `.gemini/settings.json`. */
  | 'gemini';

/**
 * How a configured server is reached: `stdio`, or a transport of the registry. `auto`: a URL without a declared type
 * (Streamable HTTP, else HTTP+SSE).
 * @useDeclaredType
 */
export type ServerKind = 'stdio' | RemoteKind;

/** A server to spawn: a command line, no shell. */
export interface StdioServerConfig {
  /** Spawned as a child process, speaking over its stdin and stdout. */
  readonly kind: 'stdio';
  /** The program to run (`''` when the entry has none, which is one of its `problems`). */
  readonly command: string;
  /** Its arguments, in order (numbers and booleans in the file become strings); empty when there are none. */
  readonly args: readonly string[];
  /** Variables added to the child's environment (numbers and booleans become strings); empty when none. */
  readonly env: Readonly<Record<string, string>>;
  /** The directory to run it in, when the entry names one. */
  readonly cwd?: string;
  /** A dotenv file whose variables are added to `env` (VS Code's `envFile`). */
  readonly envFile?: string;
}

/** A server reached over the network. */
export interface RemoteServerConfig {
  /**
   * The transport: `http` (Streamable HTTP), `sse` (HTTP+SSE), `ws` (WebSocket, also for a `ws:`/`wss:` URL
   * without a declared type) or `auto` (see `ServerKind`): a kind of the transport registry.
   */
  readonly kind: Exclude<ServerKind, 'stdio'>;
  /** The server's URL (`''` when the entry has none, which is one of its `problems`). */
  readonly url: string;
  /** HTTP headers to send to the server (numbers and booleans become strings); empty when none. */
  readonly headers: Readonly<Record<string, string>>;
}

/** A configured server, as written (variables not yet expanded). */
export type ServerConfig = StdioServerConfig | RemoteServerConfig;

/** Where a server entry came from. */
export interface ConfigSource {
  /** The file (path or URL, as the caller named it). */
  readonly file: string;
  /** The layout the file follows. */
  readonly format: ConfigFormat;
  /** A label for people: `Claude Desktop`, `VS Code (workspace)`, `--config`, ... */
  readonly label?: string;
  /** For `~/.claude.json`: `user` (top level) or `local` (the entry of one project). */
  readonly scope?: string;
}

/** One named server of a configuration file. */
export interface ServerEntry {
  /** The server's name: its key in the file. */
  readonly name: string;
  /** How to reach it, as written (variables not yet expanded). */
  readonly config: ServerConfig;
  /** The file it came from. */
  readonly source: ConfigSource;
  /** `disabled: true` in the file (Cline, Windsurf). */
  readonly disabled: boolean;
  /** What makes the entry unusable as written (no command or URL, a bad type, ...); empty when it is usable. */
  readonly problems: readonly string[];
}

/** A parsed configuration file. */
export interface ConfigFile {
  /** The file and its layout. */
  readonly source: ConfigSource;
  /**
   * Its servers, in the order of the file (for `~/.claude.json`, the project's own entries before the user's),
   * broken entries included with their `problems`.
   */
  readonly servers: readonly ServerEntry[];
}

/** Options of `ConfigError`. */
export interface ConfigErrorOptions extends McpErrorOptions {
  /** The file the error is about, if any. */
  readonly file?: string;
  /** 1-based line of a syntax error. */
  readonly line?: number;
  /** 1-based column of a syntax error. */
  readonly column?: number;
}

/** A configuration file cannot be read, parsed or used (the message names the file and the place). */
export class ConfigError extends McpError {
  static override readonly kind: string = 'ConfigError';
  /** The file the error is about (path or URL, as the caller named it); `undefined` when it is about none. */
  readonly file: string | undefined;
  /** 1-based line of a syntax error, when the JSON parser tells it; `undefined` otherwise. */
  readonly line: number | undefined;
  /** 1-based column of a syntax error, when the JSON parser tells it; `undefined` otherwise. */
  readonly column: number | undefined;

  constructor(message: string, options: ConfigErrorOptions = {}) {
    super('config', message, options);
    this.file = options.file;
    this.line = options.line;
    this.column = options.column;
  }
}
