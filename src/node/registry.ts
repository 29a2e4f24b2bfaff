// The command transport registry: every transport of a server reached by running a command, as a configuration
// file (`command`, `args`, `env`, `cwd`) or the command line (`-- command args…`, `--transport`) gives it, with its
// spellings, the command lines it claims and how it is made. The command line's targets and help, and
// `clientGroupFromConfig`, read this one table; a new transport reached by a command is its file plus one entry here.
// Node-only (the transports spawn processes); the browser-safe table of servers named by URL is `URL_TRANSPORTS`.
import { docker } from './docker.js';
import { isDockerCli, parseDockerRun } from './docker-command.js';
import type { StdioTransport } from './internal/process-transport.js';
import { stdio, type StdioOptions } from './stdio.js';

/** A server reached by running a command, as a configuration entry or a command line gives it. */
export interface CommandServer {
  /** The program (`node`, `npx`, `docker`, ...). */
  readonly command: string;
  /** Its arguments, in order. */
  readonly args: readonly string[];
  /** Variables of the spawned process, merged over the inherited ones (for Docker: of the docker CLI, which `-e NAME` passes into the container). */
  readonly env: Readonly<Record<string, string>>;
  /** Working folder of the spawned process; `undefined`: this process's. */
  readonly cwd?: string | undefined;
}

/** What every transport of the table is made with, beside the server (each takes what it can use). */
export type CommandOptions = Pick<StdioOptions, 'inheritEnv' | 'inheritVars' | 'closeGraceMs' | 'termGraceMs' | 'maxMessageBytes'>;

/** One transport of the command table. */
export interface CommandTransportEntry {
  /** The kind a command target carries, and its `transport.kind`. */
  readonly kind: string;
  /** For people: the name a help text shows. */
  readonly label: string;
  /** The spellings of `--transport`, the kind first. */
  readonly names: readonly string[];
  /** For people: the command lines (and so the configuration entries with `command`/`args`) it claims. */
  readonly claimsText: string;
  /** For people: what it does, as a help text says it. */
  readonly description: string;
  /** Whether `server` is one this transport runs when none is named; the last entry claims every command. */
  claims(server: CommandServer): boolean;
  /** The options of `CommandOptions` it uses. */
  readonly options: readonly (keyof CommandOptions)[];
  /** Makes the transport; `undefined` when it cannot run `server` (a docker command without an image). */
  create(server: CommandServer, options: CommandOptions): StdioTransport | undefined;
}

function inherited(names: readonly string[] | undefined): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names ?? []) {
    const value = process.env[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

function dockerOf(server: CommandServer, options: CommandOptions): StdioTransport | undefined {
  const run = parseDockerRun(server.args);
  if (run === undefined) return undefined;
  const { inheritVars, ...rest } = options;
  return docker({ ...rest, ...run, dockerPath: server.command, dockerEnv: { ...inherited(inheritVars), ...server.env }, ...(server.cwd === undefined ? {} : { cwd: server.cwd }) });
}

function stdioOf(server: CommandServer, options: CommandOptions): StdioTransport {
  return stdio({ ...options, command: server.command, args: server.args, env: server.env, ...(server.cwd === undefined ? {} : { cwd: server.cwd }) });
}

const SPAWN_OPTIONS = ['inheritEnv', 'inheritVars', 'closeGraceMs', 'termGraceMs', 'maxMessageBytes'] as const;

const ENTRIES = [
  {
    kind: 'docker', label: 'Docker', names: ['docker'], claimsText: 'docker run … <image> …', options: SPAWN_OPTIONS, create: dockerOf,
    description: 'one container per connection, named with its image in errors',
    claims: (server) => isDockerCli(server.command) && parseDockerRun(server.args) !== undefined,
  },
  {
    kind: 'stdio', label: 'stdio', names: ['stdio'], claimsText: '<command> [args…]', options: SPAWN_OPTIONS, create: stdioOf, claims: () => true,
    description: 'a child process, JSON-RPC lines on its stdin and stdout',
  },
] as const satisfies readonly CommandTransportEntry[];

/**
 * How a server reached by a command is run: a kind of `COMMAND_TRANSPORTS` (`docker`: a `docker run` command, with
 * the container named in its errors; `stdio`: any other command).
 * @useDeclaredType
 */
export type CommandKind = (typeof ENTRIES)[number]['kind'];

/** An entry of `COMMAND_TRANSPORTS`. */
export interface CommandTransport extends CommandTransportEntry {
  /** Its kind. */
  readonly kind: CommandKind;
}

/** The transports of a server reached by a command, one entry each, in the order they claim a command; the last claims any. */
export const COMMAND_TRANSPORTS: readonly CommandTransport[] = ENTRIES;

/** The kind a `--transport` spelling names, or `undefined`. */
export function commandKindNamed(name: string): CommandKind | undefined {
  return COMMAND_TRANSPORTS.find((entry) => entry.names.includes(name))?.kind;
}

/** The kinds of the table, for messages and help (`docker, stdio`). */
export function commandKinds(): readonly CommandKind[] {
  return COMMAND_TRANSPORTS.map((entry) => entry.kind);
}

/** The entry of `kind`. */
export function commandTransportEntry(kind: CommandKind): CommandTransport {
  return COMMAND_TRANSPORTS.find((entry) => entry.kind === kind) as CommandTransport;
}

/** The kind that runs `server` when none is named: the first entry that claims it. */
export function commandKindOf(server: CommandServer): CommandKind {
  return (COMMAND_TRANSPORTS.find((entry) => entry.claims(server)) ?? commandTransportEntry('stdio')).kind;
}

/**
 * The transport of a server reached by a command, made by the first entry of the table that claims the command:
 * `docker run … <image>` goes through `docker()`, so its failures are the errors naming the container and the image;
 * any other command through `stdio()`.
 */
export function commandTransport(server: CommandServer, options: CommandOptions = {}): StdioTransport {
  return commandTransportEntry(commandKindOf(server)).create(server, options) ?? stdioOf(server, options);
}
