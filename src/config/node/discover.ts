import { readFile } from 'node:fs/promises';
import { ConfigError, type ConfigFile, type ServerEntry } from '../types.js';
import { parseConfig, type ParseConfigOptions } from '../servers.js';
import { parseCodexConfig } from './codex.js';
import { configLocations, type ConfigLocation, type LocationContext } from './locations.js';

/** One place that was searched. */
export interface SearchedLocation {
  readonly location: ConfigLocation;
  /** `found`: read and parsed; `absent`: no such file; `error`: it exists but cannot be read or used. */
  readonly status: 'found' | 'absent' | 'error';
  readonly error?: ConfigError;
  /** The parsed file, when found. */
  readonly config?: ConfigFile;
}

/** What discovery found. */
export interface Discovery {
  readonly searched: readonly SearchedLocation[];
  /** Every entry of every file found, in lookup order (an earlier entry shadows a later one of the same name). */
  readonly servers: readonly LocatedEntry[];
}

/** A server entry with the location it was found in. */
export interface LocatedEntry {
  readonly entry: ServerEntry;
  readonly location: ConfigLocation;
  /** An earlier entry of the same name wins over this one. */
  readonly shadowed: boolean;
}

const isMissing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException | undefined)?.code ?? '');

/**
 * Reads and parses one configuration file (TOML for a `.toml` file: Codex's layout; Gemini CLI's for a
 * `.gemini/settings.json`); errors with `ConfigError` (naming the file) when it cannot.
 */
export async function loadConfigFile(file: string, options: ParseConfigOptions = {}): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = isMissing(error) ? 'no such file' : (error as Error).message;
    throw new ConfigError(`${file}: ${reason}`, { file, cause: error });
  }
  if (file.toLowerCase().endsWith('.toml')) return parseCodexConfig(text, file, options);
  return parseConfig(text, file, GEMINI_SETTINGS.test(file) && options.format === undefined ? { ...options, format: 'gemini' } : options);
}

/** Gemini CLI's settings file, wherever it is named from (`--config`, a client group): its `url` is HTTP+SSE. */
const GEMINI_SETTINGS = /(^|[\\/])\.gemini[\\/]settings\.json$/;

/** A settings file of a tool that keeps other settings there too: without servers it is simply no MCP configuration. */
const SETTINGS_FILE = /(settings\.json|config\.toml)$/;

async function search(location: ConfigLocation): Promise<SearchedLocation> {
  try {
    const options = { label: location.label, ...(location.project === undefined ? {} : { project: location.project }), ...(location.format === undefined ? {} : { format: location.format }) };
    return { location, status: 'found', config: await loadConfigFile(location.file, options) };
  } catch (error) {
    if (isMissing((error as ConfigError).cause)) return { location, status: 'absent' };
    const failure = ConfigError.is(error) ? error : new ConfigError(`${location.file}: ${String(error)}`, { file: location.file });
    // VS Code and Gemini CLI settings without servers, a Codex config.toml without [mcp_servers]: nothing to report.
    if (SETTINGS_FILE.test(location.file) && failure.message.includes('(not an MCP configuration)')) return { location, status: 'absent' };
    return { location, status: 'error', error: failure };
  }
}

/** Searches every configuration location (see `configLocations`) and lists what it found. Never errors. */
export async function discoverConfigs(context: LocationContext): Promise<Discovery> {
  const searched = await Promise.all(configLocations(context).map(search));
  const seen = new Set<string>();
  const servers = searched.flatMap((place) =>
    (place.config?.servers ?? []).map((entry): LocatedEntry => {
      const shadowed = seen.has(entry.name);
      seen.add(entry.name);
      return { entry, location: place.location, shadowed };
    }),
  );
  return { searched, servers };
}
