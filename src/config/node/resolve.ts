import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { expandServer, type ConfigVariables } from '../expand.js';
import { ConfigError, type ServerConfig, type ServerEntry } from '../types.js';
import { PATH_SEPARATOR } from './locations.js';

/** Parses a dotenv file: `KEY=value` lines, `export` prefixes, `#` comments, single or double quotes. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*?)\s*$/.exec(raw);
    if (match?.[1] === undefined || match[2] === undefined) continue;
    const value = match[2];
    const quoted = /^(["'])(.*)\1$/s.exec(value);
    if (quoted?.[2] !== undefined) env[match[1]] = quoted[1] === '"' ? quoted[2].replace(/\\n/g, '\n') : quoted[2];
    else env[match[1]] = value.replace(/\s+#.*$/, '');
  }
  return env;
}

/** What resolving an entry needs. */
export interface ResolveContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  /** VS Code: the folder holding `.vscode/` (default: the folder above the file's). */
  readonly workspaceFolder?: string;
}

function variablesFor(entry: ServerEntry, context: ResolveContext): ConfigVariables {
  if (entry.source.format === 'mcpServers') return { env: context.env };
  const workspaceFolder = context.workspaceFolder ?? dirname(dirname(entry.source.file));
  return { env: context.env, builtins: { workspaceFolder, userHome: context.home, pathSeparator: PATH_SEPARATOR } };
}

async function withEnvFile(config: ServerConfig, file: string): Promise<ServerConfig> {
  if (config.kind !== 'stdio' || config.envFile === undefined) return config;
  const path = isAbsolute(config.envFile) ? config.envFile : resolve(dirname(file), config.envFile);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`${file}: envFile ${path}: ${(error as Error).message}`, { file, cause: error });
  }
  return { ...config, env: { ...parseEnvFile(text), ...config.env } };
}

/**
 * The configuration of an entry, ready to use: variables expanded (see `expandServer`; VS Code files also get
 * `${workspaceFolder}`, `${userHome}`, `${pathSeparator}`) and the `envFile` read. Errors with `ConfigError` naming
 * the server and its file when the entry has problems or uses variables that have no value (a `disabled` entry is
 * still resolved: naming it is asking for it).
 */
export async function resolveServer(entry: ServerEntry, context: ResolveContext): Promise<ServerConfig> {
  const where = `server "${entry.name}" of ${entry.source.file}`;
  if (entry.problems.length > 0) throw new ConfigError(`${where}: ${entry.problems.join('; ')}`, { file: entry.source.file });
  const expanded = expandServer(entry.config, variablesFor(entry, context));
  if (expanded.unsupported.length > 0) {
    throw new ConfigError(`${where} uses ${expanded.unsupported.join(', ')}, which only its own client can fill in`, { file: entry.source.file });
  }
  if (expanded.missing.length > 0) {
    const names = expanded.missing.map((name) => `\${${name}}`).join(', ');
    throw new ConfigError(`${where} needs ${names}: set ${expanded.missing.length > 1 ? 'them' : 'it'} in the environment`, { file: entry.source.file });
  }
  return withEnvFile(expanded.value, entry.source.file);
}
