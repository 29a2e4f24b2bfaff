import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { discoverConfigs } from '../config/node/discover.js';
import { loadConfigFile } from '../config/node/discover.js';
import { resolveServer } from '../config/node/resolve.js';
import { ConfigError, type ServerConfig, type ServerEntry } from '../config/types.js';
import type { Command } from './command.js';
import { UsageError } from './errors.js';
import type { CliOptions } from './options.js';
import { commandKindNamed, commandKindOf, type CommandKind, type CommandServer } from '../node/registry.js';
import { remoteKindNamed, remoteKindOfUrl, type RemoteKind } from '../transport/registry.js';
import type { ServerCard } from '../protocol/server-card.js';
import { cardEndpoint, isBareDomain } from '../protocol/card-endpoint.js';

/** A server to spawn, run by its transport of `COMMAND_TRANSPORTS`. */
export interface CommandTarget {
  readonly kind: CommandKind;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | undefined;
  /** For messages: the command line, or the configured name. */
  readonly label: string;
}

/** A server named by URL, reached by its transport of `URL_TRANSPORTS`. */
export interface RemoteTarget {
  readonly kind: RemoteKind;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly label: string;
  /** For a server named by its domain: its Server Card, with the endpoint chosen (the client then skips the era probe). */
  readonly card?: Pick<ServerCard, 'remotes'>;
}

/** A server to talk to, with everything the command line and its configuration entry say. */
export type ResolvedTarget = CommandTarget | RemoteTarget;

/** Whether the target is spawned (rather than named by URL). */
export const isCommandTarget = (target: ResolvedTarget): target is CommandTarget => 'command' in target;

/** The command kind `--transport` names, else the one of the table that claims the command. */
function commandKind(server: CommandServer, options: CliOptions): CommandKind {
  const named = options.transport === undefined ? undefined : commandKindNamed(options.transport);
  return named ?? commandKindOf(server);
}

/** Where the tool runs: environment, folders, platform. */
export interface Place {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly home: string;
  readonly platform: NodeJS.Platform;
}

/** The home folder of `env` (HOME, USERPROFILE), else the system's. */
export function homeOf(env: Readonly<Record<string, string | undefined>>): string {
  return env['HOME'] || env['USERPROFILE'] || homedir();
}

/** A server named by its domain: the endpoint of its Server Card, with `--transport` still deciding when given. */
async function byDomain(domain: string, headers: Readonly<Record<string, string>>, options: CliOptions, label: string): Promise<RemoteTarget> {
  const endpoint = await cardEndpoint(domain);
  const kind = (options.transport === undefined ? undefined : remoteKindNamed(options.transport)) ?? endpoint.kind;
  return { kind, url: endpoint.url, headers, label, card: endpoint.card };
}

function fromConfig(config: ServerConfig, name: string, options: CliOptions, cwd: string): ResolvedTarget | Promise<ResolvedTarget> {
  if (config.kind === 'stdio') {
    const folder = options.cwd ?? config.cwd;
    const server = { command: config.command, args: config.args, env: { ...config.env, ...options.env }, cwd: folder === undefined ? undefined : resolve(cwd, folder) };
    return { kind: commandKind(server, options), ...server, label: name };
  }
  const headers = { ...config.headers, ...options.headers };
  if (isBareDomain(config.url)) return byDomain(config.url, headers, options, name);
  const kind = (options.transport === undefined ? undefined : remoteKindNamed(options.transport)) ?? config.kind;
  return { kind, url: config.url, headers, label: name };
}

function pick(servers: readonly ServerEntry[], name: string | undefined, where: string): ServerEntry {
  const names = servers.map((entry) => entry.name);
  if (name === undefined) {
    if (servers.length === 1) return servers[0] as ServerEntry;
    throw new UsageError(servers.length === 0 ? `${where} lists no servers` : `${where} lists several servers: name one with --server (${names.join(', ')})`);
  }
  const entry = servers.find((candidate) => candidate.name === name);
  if (entry === undefined) {
    throw new UsageError(`No server "${name}" in ${where}${names.length === 0 ? '' : ` (it has ${names.join(', ')})`}; to spawn a command, put it after --`);
  }
  return entry;
}

async function configured(file: string | undefined, name: string | undefined, place: Place): Promise<ServerEntry> {
  if (file !== undefined) {
    const path = isAbsolute(file) ? file : resolve(place.cwd, file);
    return pick((await loadConfigFile(path, { label: '--config', project: place.cwd })).servers, name, path);
  }
  const found = await discoverConfigs(place);
  const searched = found.searched.filter((location) => location.status !== 'absent').map((location) => location.location.file);
  const where = searched.length === 0 ? 'any known configuration file (rxmcp servers lists where it looks)' : searched.join(', ');
  return pick(found.servers.filter((located) => !located.shadowed).map((located) => located.entry), name, where);
}

function urlKind(url: string, options: CliOptions): RemoteKind {
  const transport = options.transport;
  if (transport === undefined) return remoteKindOfUrl(url);
  const kind = remoteKindNamed(transport);
  if (kind === undefined) throw new UsageError(`--transport ${transport} needs a command after --, not a URL`);
  return kind;
}

/**
 * Turns the named target into a server to talk to: a URL as it is, a command line as it is, a configured server
 * with its variables expanded and the command line's `-e`, `--header`, `--cwd` and `--transport` on top; a bare
 * domain (a word no configuration names, or a configured `url`) through its Server Card.
 * Errors with `UsageError` (nothing named, unknown name), `ConfigError` or `ServerCardError`.
 */
export async function resolveTarget(command: Command, place: Place): Promise<ResolvedTarget> {
  const { target, options } = command;
  if (target.kind === 'none') throw new UsageError('No server named: give a URL, a configured name, --config/--server, or a command after --');
  if (target.kind === 'url') return { kind: urlKind(target.url, options), url: target.url, headers: options.headers, label: target.url };
  if (target.kind === 'command') {
    if (options.transport !== undefined && commandKindNamed(options.transport) === undefined) throw new UsageError(`--transport ${options.transport} needs a URL, not a command`);
    const cwd = options.cwd === undefined ? undefined : resolve(place.cwd, options.cwd);
    const server = { command: target.command, args: target.args, env: options.env, cwd };
    return { kind: commandKind(server, options), ...server, label: [target.command, ...target.args].join(' ') };
  }
  const entry = await configured(target.file, target.server, place).catch((error: unknown) => {
    // A word that is no configured name but a domain names the server by its Server Card.
    if (target.file === undefined && target.server !== undefined && isBareDomain(target.server) && error instanceof UsageError) return undefined;
    throw error;
  });
  if (entry === undefined) return byDomain(target.server as string, options.headers, options, target.server as string);
  const config = await resolveServer(entry, { env: place.env, home: place.home });
  if (config.kind === 'stdio' && config.command === '') throw new ConfigError(`server "${entry.name}" has no command`);
  return fromConfig(config, entry.name, options, place.cwd);
}
