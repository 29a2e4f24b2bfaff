import type { ParseArgsConfig } from 'node:util';
import type { LoggingLevel, ProtocolMode, ProtocolVersion } from '../index.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/index.js';
import { UsageError } from './errors.js';
import { metaPairs, outputFile, type InspectorFormat } from './inspector-options.js';
import { commandKindNamed, commandKinds, type CommandKind } from '../node/registry.js';
import { declaredRemoteKinds, remoteKindNamed, type RemoteKind } from '../transport/registry.js';

/** The option table of `node:util` `parseArgs`: rxmcp's own spellings and the official Inspector's. */
export const OPTION_TABLE = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  json: { type: 'boolean' },
  format: { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
  transport: { type: 'string' },
  header: { type: 'string', multiple: true, short: 'H' },
  env: { type: 'string', multiple: true, short: 'e' },
  cwd: { type: 'string' },
  'inherit-env': { type: 'boolean' },
  config: { type: 'string' },
  server: { type: 'string' },
  'server-url': { type: 'string' },
  protocol: { type: 'string' },
  timeout: { type: 'string' },
  'max-total': { type: 'string' },
  'connect-timeout': { type: 'string' },
  'log-level': { type: 'string' },
  elicit: { type: 'string' },
  sampling: { type: 'string' },
  root: { type: 'string', multiple: true },
  oauth: { type: 'boolean' },
  browser: { type: 'boolean' },
  watch: { type: 'boolean' },
  count: { type: 'string' },
  until: { type: 'string' },
  frames: { type: 'boolean' },
  pins: { type: 'string' },
  redact: { type: 'string', multiple: true },
  resource: { type: 'string', multiple: true },
  cli: { type: 'boolean' },
  method: { type: 'string' },
  'tool-name': { type: 'string' },
  'tool-arg': { type: 'string', multiple: true },
  'tool-args-json': { type: 'string' },
  uri: { type: 'string' },
  'prompt-name': { type: 'string' },
  'prompt-args': { type: 'string', multiple: true },
  metadata: { type: 'string', multiple: true },
  'tool-metadata': { type: 'string', multiple: true },
  quiet: { type: 'boolean', short: 'q' },
  output: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** Options whose Inspector spelling takes several values in a row (`--tool-arg a=1 b=2`). */
export const VARIADIC_OPTIONS: Readonly<Record<string, RegExp>> = {
  'tool-arg': /^[^-=\s][^=]*:?=/,
  'prompt-args': /^[^-=\s][^=]*=/,
  header: /^[\w-]+:\s*\S/,
  env: /^[A-Za-z_]\w*=/,
  metadata: /^[^-=\s][^=]*=/,
  'tool-metadata': /^[^-=\s][^=]*=/,
};

/** The raw values `parseArgs` gives for the table. */
export type RawValues = { [K in keyof typeof OPTION_TABLE]?: (typeof OPTION_TABLE)[K] extends { multiple: true } ? string[] : (typeof OPTION_TABLE)[K]['type'] extends 'boolean' ? boolean : string };

/** How `--elicit` answers the server's questions without asking anybody. */
export type ElicitAnswer = { readonly action: 'accept'; readonly content: Readonly<Record<string, unknown>> } | { readonly action: 'decline' | 'cancel' };

/** The options of one invocation, checked and typed. */
export interface CliOptions {
  readonly json: boolean;
  readonly verbose: boolean;
  /** `--transport`: a kind of `URL_TRANSPORTS` for a URL, or of `COMMAND_TRANSPORTS` for a command. */
  readonly transport: RemoteKind | CommandKind | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | undefined;
  readonly inheritEnv: boolean;
  readonly protocol: ProtocolMode;
  /**
   * `--timeout`: the silence a request may keep before its first event and between two events (progress resets it;
   * default `DEFAULT_TIMEOUT_MS`); for `watch`, how long to watch.
   */
  readonly timeoutMs: number | undefined;
  readonly maxTotalMs: number | undefined;
  readonly connectTimeoutMs: number | undefined;
  readonly logLevel: LoggingLevel | undefined;
  readonly elicit: ElicitAnswer | undefined;
  /** `--sampling accept|decline`: how sampling requests are answered without asking anybody. */
  readonly sampling: 'accept' | 'decline' | undefined;
  readonly roots: readonly string[];
  /** `true`: sign in even without a terminal; `false`: never; `undefined`: when somebody can. */
  readonly oauth: boolean | undefined;
  readonly browser: boolean;
  readonly watch: boolean;
  readonly count: number | undefined;
  readonly until: string | undefined;
  readonly frames: boolean;
  readonly resources: readonly string[];
  /** `--pins <file>` (tools): the pin file the listing is compared with (written when it does not exist). */
  readonly pins: string | undefined;
  /** `--cli` or `--format`: the official Inspector's output (`text`: the result as JSON; `json`: `{"result": …}`). */
  readonly inspector: InspectorFormat | undefined;
  /** `-q`: nothing on stderr but the error report. */
  readonly quiet: boolean;
  /** `--output <file>`: the result goes into this file instead of stdout. */
  readonly output: string | undefined;
  /** `--metadata k=v`: `_meta` of every request. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** `--tool-metadata k=v`: `_meta` of tool calls, over `metadata`. */
  readonly toolMetadata: Readonly<Record<string, unknown>>;
  /** `--redact <field>` (record): more field names to redact in the recording, besides credentials. */
  readonly redact: readonly string[];
}

/** Default silence a request may keep, in ms (progress resets it). */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** The log levels, from the most verbose. */
export const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

function milliseconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms <= 0 || !/^\d+(\.\d+)?$/.test(value.trim())) {
    throw new UsageError(`--${name} takes a number of milliseconds greater than 0, not ${JSON.stringify(value)}`);
  }
  return ms;
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} takes a whole number of 1 or more, not ${JSON.stringify(value)}`);
  return Number(value);
}

/** `--header "Name: value"` pairs, as the Inspector writes them. */
export function headerPairs(values: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    const name = value.slice(0, colon).trim();
    if (colon <= 0 || name === '' || !/^[!#$%&'*+.^_`|~\w-]+$/.test(name)) {
      throw new UsageError(`--header takes "Name: value", not ${JSON.stringify(value)}`);
    }
    headers[name] = value.slice(colon + 1).trim();
  }
  return headers;
}

/** `-e KEY=VALUE` pairs; the value may be empty and may hold `=`. */
export function envPairs(values: readonly string[] = []): Record<string, string> {
  const env: Record<string, string> = {};
  for (const value of values) {
    const equals = value.indexOf('=');
    if (equals <= 0) throw new UsageError(`-e takes KEY=VALUE, not ${JSON.stringify(value)}`);
    env[value.slice(0, equals)] = value.slice(equals + 1);
  }
  return env;
}

function protocolMode(value: string | undefined): ProtocolMode {
  if (value === undefined || value === 'auto') return 'auto';
  if (value === 'modern' || value === 'legacy') return value;
  if ((SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(value)) return { pin: value as ProtocolVersion };
  throw new UsageError(`--protocol takes auto, modern, legacy or a revision (${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}), not ${JSON.stringify(value)}`);
}

function logLevel(value: string | undefined): LoggingLevel | undefined {
  if (value === undefined || (LEVELS as readonly string[]).includes(value)) return value as LoggingLevel | undefined;
  throw new UsageError(`--log-level takes one of ${LEVELS.join(', ')}, not ${JSON.stringify(value)}`);
}

function transportOption(value: string | undefined): CliOptions['transport'] {
  if (value === undefined) return undefined;
  const transport = remoteKindNamed(value) ?? commandKindNamed(value);
  if (transport === undefined) throw new UsageError(`--transport takes ${[...declaredRemoteKinds(), ...commandKinds()].join(', ')} or auto, not ${JSON.stringify(value)}`);
  return transport;
}

/** `--sampling accept` or `decline`. */
export function samplingAnswer(value: string | undefined): 'accept' | 'decline' | undefined {
  if (value === undefined || value === 'accept' || value === 'decline') return value;
  throw new UsageError(`--sampling takes accept or decline, not ${JSON.stringify(value)}`);
}

/** `--elicit accept='{"name":"x"}'`, `accept`, `decline` or `cancel`. */
export function elicitAnswer(value: string | undefined): ElicitAnswer | undefined {
  if (value === undefined) return undefined;
  if (value === 'decline' || value === 'cancel') return { action: value };
  if (value === 'accept') return { action: 'accept', content: {} };
  const json = /^accept=(.*)$/s.exec(value)?.[1];
  if (json === undefined) throw new UsageError(`--elicit takes accept, accept='{…}', decline or cancel, not ${JSON.stringify(value)}`);
  let content: unknown;
  try {
    content = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`--elicit accept=… takes a JSON object: ${(error as Error).message}`);
  }
  if (typeof content !== 'object' || content === null || Array.isArray(content)) throw new UsageError('--elicit accept=… takes a JSON object');
  return { action: 'accept', content: content as Record<string, unknown> };
}

/** Checks and types the raw option values. */
export function cliOptions(raw: RawValues): CliOptions {
  if (raw.format !== undefined && raw.format !== 'json' && raw.format !== 'text') {
    throw new UsageError(`--format takes json or text, not ${JSON.stringify(raw.format)}`);
  }
  return {
    json: raw.json === true || raw.format === 'json',
    verbose: raw.verbose === true,
    transport: transportOption(raw.transport),
    headers: headerPairs(raw.header),
    env: envPairs(raw.env),
    cwd: raw.cwd,
    inheritEnv: raw['inherit-env'] === true,
    protocol: protocolMode(raw.protocol),
    timeoutMs: milliseconds('timeout', raw.timeout),
    maxTotalMs: milliseconds('max-total', raw['max-total']),
    connectTimeoutMs: milliseconds('connect-timeout', raw['connect-timeout']),
    logLevel: logLevel(raw['log-level']),
    elicit: elicitAnswer(raw.elicit),
    sampling: samplingAnswer(raw.sampling),
    roots: raw.root ?? [],
    oauth: raw.oauth,
    browser: raw.browser !== false,
    watch: raw.watch === true,
    count: positiveInteger('count', raw.count),
    until: raw.until,
    frames: raw.frames === true,
    resources: raw.resource ?? [],
    pins: raw.pins,
    inspector: raw.format === 'json' ? 'json' : raw.cli === true || raw.format === 'text' ? 'text' : undefined,
    quiet: raw.quiet === true,
    output: outputFile(raw.output),
    metadata: metaPairs('metadata', raw.metadata),
    toolMetadata: metaPairs('tool-metadata', raw['tool-metadata']),
    redact: raw.redact ?? [],
  };
}
