// A client group from the server configuration files users already have (Claude Desktop, Claude Code, Cursor,
// VS Code, ...): the configuration reader the command line uses, then one transport per server. Node-only, since
// servers reached by a command (stdio, `docker run`) are spawned, by their entry of `COMMAND_TRANSPORTS`.
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { loadConfigFile } from '../config/node/discover.js';
import { resolveServer } from '../config/node/resolve.js';
import { parseConfig } from '../config/servers.js';
import { ConfigError, type ConfigFile, type ServerConfig, type ServerEntry } from '../config/types.js';
import { createClientGroup } from '../group/group.js';
import type { ClientGroup, ClientGroupOptions } from '../group/types.js';
import type { FetchLike } from '../transport/internal/fetch.js';
import type { HttpAuth } from '../transport/streamable-http-auth.js';
import type { Transport } from '../transport/types.js';
import type { WebSocketConstructor } from '../transport/websocket.js';
import { cardEndpoint, isBareDomain } from '../protocol/card-endpoint.js';
import type { ServerCard } from '../protocol/server-card.js';
import { nodeRemoteTransport } from './http-defaults.js';
import { commandTransport, type CommandOptions } from './registry.js';

/** Options of `clientGroupFromConfig`. */
export interface ClientGroupConfigOptions extends ClientGroupOptions {
  /** Only these servers, in this order (a `disabled` one named here is used); default: every server not disabled. */
  readonly servers?: readonly string[];
  /** The variables `${VAR}`, `${VAR:-default}` and `${env:VAR}` read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where a relative `cwd` of a stdio server points from: default the configuration file's folder (else this process's). */
  readonly cwd?: string;
  /** Claude Code `~/.claude.json`: the project whose local servers to include (default: this process's folder). */
  readonly project?: string;
  /**
   * Options of every spawned server, through whichever transport of `COMMAND_TRANSPORTS` runs it (by default it
   * inherits only a safe allowlist of variables, plus its `env`; a `docker run` command: the docker CLI does).
   */
  readonly stdio?: CommandOptions;
  /** The authorization of a remote server (an `oauth()` provider), by server name. */
  readonly auth?: (server: string) => HttpAuth | undefined;
  /**
   * The `fetch` of remote servers (default: `undiciFetch()` for Streamable HTTP servers, `http` and `auto`, as the Node
   * build of `streamableHttp` and `httpTransport`; the global `fetch` for HTTP+SSE).
   */
  readonly fetch?: FetchLike;
  /** The WebSocket of `ws` servers (default: the global one, Node 22 and later). */
  readonly WebSocket?: WebSocketConstructor;
  /** An entry that cannot be used (no command, a missing variable, ...): `error` (default) rejects; `skip` leaves it out. */
  readonly invalid?: 'error' | 'skip';
  /** Told about each entry left out with `invalid: 'skip'`. */
  readonly onSkip?: (server: string, error: ConfigError) => void;
}

/** What `clientGroupFromConfig` reads: a file's path, a parsed file (`parseConfig`), or the JSON object itself. */
export type ClientGroupConfig = string | ConfigFile | Readonly<Record<string, unknown>>;

const isConfigFile = (value: ClientGroupConfig): value is ConfigFile =>
  typeof value === 'object' && Array.isArray((value as Partial<ConfigFile>).servers) && typeof (value as Partial<ConfigFile>).source === 'object';

async function readConfig(config: ClientGroupConfig, options: ClientGroupConfigOptions): Promise<{ file: ConfigFile; folder: string }> {
  if (typeof config === 'string') {
    const path = resolve(config);
    return { file: await loadConfigFile(path, { project: options.project ?? process.cwd() }), folder: dirname(path) };
  }
  if (isConfigFile(config)) return { file: config, folder: process.cwd() };
  return { file: parseConfig(JSON.stringify(config), '<configuration object>', { project: options.project ?? process.cwd() }), folder: process.cwd() };
}

function chosen(file: ConfigFile, names: readonly string[] | undefined): ServerEntry[] {
  if (names === undefined) return file.servers.filter((entry) => !entry.disabled);
  return names.map((name) => {
    const entry = file.servers.find((candidate) => candidate.name === name);
    if (entry === undefined) {
      const known = file.servers.map((candidate) => candidate.name).join(', ') || 'none';
      throw new ConfigError(`${file.source.file} has no server "${name}" (it has ${known})`, { file: file.source.file });
    }
    return entry;
  });
}

function remote(name: string, config: Exclude<ServerConfig, { kind: 'stdio' }>, options: ClientGroupConfigOptions, file: string): Transport {
  const auth = options.auth?.(name);
  const given = { headers: config.headers, ...(auth === undefined ? {} : { auth }), ...(options.fetch === undefined ? {} : { fetch: options.fetch }), ...(options.WebSocket === undefined ? {} : { WebSocket: options.WebSocket }) };
  return nodeRemoteTransport(config.kind, config.url, given, (why) =>
    why === 'no-websocket'
      ? new ConfigError(`server "${name}" of ${file} is a WebSocket server: pass options.WebSocket (Node 22 and later have one)`, { file })
      : new ConfigError(`server "${name}" of ${file}: WebSocket connections cannot carry headers`, { file }));
}

/** One configured server: its transport, and the Server Card when its `url` was a bare domain. */
interface Member {
  readonly transport: Transport;
  readonly card?: Pick<ServerCard, 'remotes'>;
}

/** A server configured by a bare domain: the endpoint of its Server Card (a `ServerCardError` names the locations tried). */
async function byDomain(name: string, config: Exclude<ServerConfig, { kind: 'stdio' }>, options: ClientGroupConfigOptions, file: string): Promise<Member> {
  const endpoint = await cardEndpoint(config.url);
  return { transport: remote(name, { ...config, kind: endpoint.kind, url: endpoint.url }, options, file), card: endpoint.card };
}

/** The transport of one configured server, variables expanded (errors with `ConfigError` naming server and file). */
async function memberOf(entry: ServerEntry, options: ClientGroupConfigOptions, folder: string): Promise<Member> {
  const env = options.env ?? process.env;
  const config = await resolveServer(entry, { env, home: env['HOME'] || env['USERPROFILE'] || homedir() });
  if (config.kind !== 'stdio') {
    if (config.kind !== 'ws' && isBareDomain(config.url)) return byDomain(entry.name, config, options, entry.source.file);
    return { transport: remote(entry.name, config, options, entry.source.file) };
  }
  const cwd = config.cwd === undefined ? undefined : resolve(options.cwd ?? folder, config.cwd);
  return { transport: commandTransport({ command: config.command, args: config.args, env: config.env, cwd }, options.stdio) };
}

/** The group's client options with each carded server's card (`ClientOptions.serverCard`) on top. */
function withCards(given: ClientGroupOptions['client'], cards: ReadonlyMap<string, Pick<ServerCard, 'remotes'>>): ClientGroupOptions['client'] {
  if (cards.size === 0) return given;
  return (server) => {
    const options = typeof given === 'function' ? given(server) : given ?? {};
    const card = cards.get(server);
    return card === undefined ? options : { ...options, serverCard: card };
  };
}

/**
 * A client group of the servers of a configuration file as users have them: `mcpServers` (Claude Desktop, Claude
 * Code `.mcp.json` and `~/.claude.json`, Cursor, Windsurf), VS Code `servers` with `type`, or VS Code settings;
 * JSON with comments; `${VAR}`, `${VAR:-default}`, `${env:VAR}` (and VS Code's `${workspaceFolder}`) expanded.
 * Nothing is connected yet: each server starts when the group first needs it (a catalog, a call). A remote entry
 * whose `url` is a bare domain (`example.com`; `http://` for `localhost:<port>`) is looked up now through its MCP Server
 * Card: its endpoint is used, and its client connects in the era the card names without the probe.
 *
 * Rejects with `ServerCardError` when a domain's card cannot be found or names no endpoint, and with `ConfigError` when the file cannot be read or parsed, names a server it does not have, or (unless
 * `invalid: 'skip'`) has an entry that cannot be used; the message names the server and the file.
 * @example
 * ```ts
 * import { agentLoop } from 'rxmcp/agent';
 * import { clientGroupFromConfig } from 'rxmcp/node';
 *
 * // The servers a Claude, Cursor or VS Code configuration lists:
 * const group = await clientGroupFromConfig('.mcp.json', { servers: ['github', 'files'] });
 * agentLoop({ source: group, model: { baseUrl: 'https://api.openai.com/v1', apiKey, model: 'gpt-4o-mini' }, messages: [{ role: 'user', content: 'Open an issue for the failing test' }] })
 *   .subscribe((event) => console.log(event.type));
 * ```
 */
export async function clientGroupFromConfig(config: ClientGroupConfig, options: ClientGroupConfigOptions = {}): Promise<ClientGroup> {
  const { file, folder } = await readConfig(config, options);
  const transports: Record<string, Transport> = {};
  const cards = new Map<string, Pick<ServerCard, 'remotes'>>();
  for (const entry of chosen(file, options.servers)) {
    try {
      const member = await memberOf(entry, options, folder);
      transports[entry.name] = member.transport;
      if (member.card !== undefined) cards.set(entry.name, member.card);
    } catch (error) {
      if (options.invalid !== 'skip' || !ConfigError.is(error)) throw error;
      options.onSkip?.(entry.name, error);
    }
  }
  const client = withCards(options.client, cards);
  return createClientGroup(transports, client === undefined ? options : { ...options, client });
}
