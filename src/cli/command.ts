import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';
import { badUrl, closest } from './typos.js';
import { cliOptions, OPTION_TABLE, VARIADIC_OPTIONS, type CliOptions, type RawValues } from './options.js';

/** What the tool can do. */
export const VERBS = ['info', 'tools', 'resources', 'templates', 'prompts', 'call', 'read', 'prompt', 'complete', 'ping', 'watch', 'servers', 'set-level', 'skills', 'events', 'card', 'tasks', 'record', 'types'] as const;
export type Verb = (typeof VERBS)[number];

/** Which server the user named, before configuration files are consulted. */
export type TargetRequest =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'command'; readonly command: string; readonly args: readonly string[] }
  /** `--config file --server name`, `file.json:name`, or a bare name to look up in the known configuration files. */
  | { readonly kind: 'config'; readonly file: string | undefined; readonly server: string | undefined }
  | { readonly kind: 'none' };

/** One invocation, understood. */
export interface Command {
  readonly verb: Verb;
  readonly target: TargetRequest;
  /** What follows the verb: a tool name and `k=v` pairs, a URI, ... */
  readonly operands: readonly string[];
  readonly options: CliOptions;
  /** `--tool-args-json` (or `-` for standard input). */
  readonly argsJson: string | undefined;
  readonly help: boolean;
  readonly version: boolean;
}

/** Inspector `--method` values and the verbs they mean. */
const METHODS: Readonly<Record<string, Verb>> = {
  initialize: 'info',
  'server/discover': 'info',
  'tools/list': 'tools',
  'tools/call': 'call',
  'resources/list': 'resources',
  'resources/read': 'read',
  'resources/templates/list': 'templates',
  'prompts/list': 'prompts',
  'prompts/get': 'prompt',
  'completion/complete': 'complete',
  ping: 'ping',
  'logging/setLevel': 'set-level',
};

/** Verbs that take no operands (a word after them can only be the target). */
const WITHOUT_OPERANDS: ReadonlySet<Verb> = new Set<Verb>(['info', 'tools', 'resources', 'templates', 'prompts', 'ping', 'watch', 'types']);

/** Verbs whose first operands come before the target (`record <file> <target>`): how many. */
const OPERANDS_BEFORE_TARGET: Partial<Record<Verb, number>> = { record: 1 };

const isVerb = (word: string | undefined): word is Verb => (VERBS as readonly string[]).includes(word ?? '');
const isUrl = (word: string): boolean => /^(https?|wss?):\/\//i.test(word);

interface Split {
  readonly values: RawValues;
  readonly before: string[];
  readonly after: string[];
}

/** The tokens of `parseArgs` this file reads. */
type Token =
  | { readonly kind: 'option'; readonly name: string; readonly index: number }
  | { readonly kind: 'positional'; readonly value: string; readonly index: number }
  | { readonly kind: 'option-terminator'; readonly index: number };

/** Positionals that continue an Inspector variadic option (`--tool-arg a=1 b=2`) become more of its values. */
function foldVariadics(tokens: readonly Token[], values: Record<string, unknown>, terminator: number): Set<number> {
  const folded = new Set<number>();
  let open: string | undefined;
  for (const token of tokens) {
    if (token.kind === 'option') {
      open = token.name in VARIADIC_OPTIONS ? token.name : undefined;
    } else if (token.kind === 'positional' && open !== undefined && token.index < terminator && !isUrl(token.value) && VARIADIC_OPTIONS[open]?.test(token.value)) {
      (values[open] as string[]).push(token.value);
      folded.add(token.index);
    } else {
      open = undefined;
    }
  }
  return folded;
}

function split(argv: readonly string[]): Split {
  let parsed: { values: unknown; tokens?: readonly Token[] };
  try {
    parsed = parseArgs({ args: [...argv], options: OPTION_TABLE, allowPositionals: true, tokens: true, strict: true, allowNegative: true }) as typeof parsed;
  } catch (error) {
    throw new UsageError(withSuggestion((error as Error).message.replace(/\s*To specify a positional argument.*$/s, '')));
  }
  const tokens = parsed.tokens ?? [];
  const terminator = tokens.find((token) => token.kind === 'option-terminator')?.index ?? Number.POSITIVE_INFINITY;
  const values = parsed.values as Record<string, unknown>;
  const folded = foldVariadics(tokens, values, terminator);
  const before: string[] = [];
  const after: string[] = [];
  for (const token of tokens) {
    if (token.kind !== 'positional' || folded.has(token.index)) continue;
    (token.index > terminator ? after : before).push(token.value);
  }
  return { values: values as RawValues, before, after };
}

/** `Unknown option '--jsno'.`, with the known option that was probably meant. */
function withSuggestion(message: string): string {
  const unknown = /^Unknown option '(--?)([^']+)'/.exec(message);
  if (unknown === null) return message;
  const meant = closest(unknown[2] as string, unknown[1] === '-' ? [] : Object.keys(OPTION_TABLE));
  return meant === undefined ? message : `${message} Did you mean --${meant}?`;
}

function notAVerb(word: string): string {
  const verbs = VERBS.filter((verb) => verb !== 'set-level');
  const meant = closest(word, verbs);
  return `"${word}" is not a verb: use one of ${verbs.join(', ')}${meant === undefined ? '' : `. Did you mean ${meant}?`}`;
}

/** `file.json:name` (the file ends in .json, .jsonc or .toml). */
function configReference(word: string): TargetRequest | undefined {
  const match = /^(.+\.(?:jsonc?|toml)):([^:/\\]+)$/i.exec(word);
  return match?.[1] === undefined ? undefined : { kind: 'config', file: match[1], server: match[2] };
}

function targetOf(words: readonly string[], values: RawValues): TargetRequest {
  const [first, ...rest] = words;
  if (first === undefined) {
    if (values.config !== undefined || values.server !== undefined) return { kind: 'config', file: values.config, server: values.server };
    if (values['server-url'] !== undefined) return { kind: 'url', url: values['server-url'] };
    return { kind: 'none' };
  }
  if (values.config !== undefined || values.server !== undefined) throw new UsageError('Name the server either with --config/--server or as the target, not both');
  const bad = badUrl(first);
  if (bad !== undefined) throw new UsageError(bad);
  if (isUrl(first)) {
    if (rest.length > 0) throw new UsageError(notAVerb(rest[0] as string));
    return { kind: 'url', url: first };
  }
  return configReference(first) ?? (rest.length === 0 && !first.includes('/') ? { kind: 'config', file: undefined, server: first } : { kind: 'command', command: first, args: rest });
}

/** Inspector style: `--method tools/call --tool-name x --tool-arg k=v <command or URL …>`. */
function inspectorCommand(split: Split, options: CliOptions): Command {
  const method = split.values.method as string;
  const verb = METHODS[method];
  if (verb === undefined) throw new UsageError(`--method ${method} is not supported; use one of ${Object.keys(METHODS).join(', ')}`);
  const target = targetOf([...split.before, ...split.after], split.values);
  const operands = inspectorOperands(verb, split.values);
  return { verb, target, operands, options, argsJson: split.values['tool-args-json'], help: false, version: false };
}

function inspectorOperands(verb: Verb, values: RawValues): string[] {
  const need = (value: string | undefined, flag: string): string => {
    if (value === undefined) throw new UsageError(`--method ${values.method} needs ${flag}`);
    return value;
  };
  if (verb === 'call') return [need(values['tool-name'], '--tool-name'), ...(values['tool-arg'] ?? [])];
  if (verb === 'read') return [need(values.uri, '--uri')];
  if (verb === 'prompt') return [need(values['prompt-name'], '--prompt-name'), ...(values['prompt-args'] ?? [])];
  if (verb === 'set-level') return [need(values['log-level'], '--log-level')];
  return [];
}

/** Our own grammar: `[target] <verb> [operands] [-- command …]`. */
function verbCommand(split: Split, options: CliOptions): Command {
  const { before, after, values } = split;
  const verbAt = before.findIndex(isVerb);
  const words = verbAt === -1 ? before : before.slice(0, verbAt);
  const verb: Verb = verbAt === -1 ? 'info' : (before[verbAt] as Verb);
  let operands = verbAt === -1 ? [] : before.slice(verbAt + 1);
  if (verb === 'call' && values['tool-name'] !== undefined) operands = [values['tool-name'], ...operands];
  if (verb === 'call') operands = [...operands, ...(values['tool-arg'] ?? [])];
  if (verb === 'prompt') operands = [...(values['prompt-name'] === undefined ? [] : [values['prompt-name']]), ...operands, ...(values['prompt-args'] ?? [])];
  if (verb === 'read' && values.uri !== undefined) operands = [values.uri, ...operands];
  if (words.length > 0 && after.length > 0) throw new UsageError(`Two servers named: ${words.join(' ')} and the command after --`);
  if (words.length === 0 && after.length === 0 && WITHOUT_OPERANDS.has(verb) && operands.length === 1) {
    // `rxmcp tools https://…`: a verb that takes no operands named its target after itself.
    return { verb, target: targetOf(operands, values), operands: [], options, argsJson: values['tool-args-json'], help: false, version: false };
  }
  const leading = OPERANDS_BEFORE_TARGET[verb];
  if (leading !== undefined && words.length === 0 && after.length === 0 && operands.length > leading) {
    return { verb, target: targetOf(operands.slice(leading), values), operands: operands.slice(0, leading), options, argsJson: values['tool-args-json'], help: false, version: false };
  }
  const target = after.length > 0 ? { kind: 'command' as const, command: after[0] as string, args: after.slice(1) } : targetOf(words, values);
  if (words.length === 0 && after.length === 0 && verbAt === -1 && target.kind === 'none') {
    return { verb: 'info', target, operands: [], options, argsJson: undefined, help: true, version: false };
  }
  return { verb, target, operands, options, argsJson: values['tool-args-json'], help: false, version: false };
}

/**
 * Understands a command line. Our grammar is `rxmcp [options] <target> <verb> [operands]`, or
 * `rxmcp [options] <verb> [operands] -- <command> [args…]` for a server to spawn; a target is a URL, a configured
 * server's name, `file.json:name`, or `--config file --server name`. With `--method`, the official Inspector's CLI
 * grammar applies instead (`--tool-name`, `--tool-arg`, `--uri`, `--prompt-name`, `--prompt-args`, `--log-level`).
 * Errors with `UsageError`.
 */
export function parseCommand(argv: readonly string[]): Command {
  const parts = split(argv);
  const options = cliOptions(parts.values);
  if (parts.values.help === true || parts.values.version === true) {
    return { verb: 'info', target: { kind: 'none' }, operands: [], options, argsJson: undefined, help: parts.values.help === true, version: parts.values.version === true };
  }
  const command = parts.values.method !== undefined ? inspectorCommand(parts, options) : verbCommand(parts, options);
  if (options.pins !== undefined && command.verb !== 'tools') throw new UsageError(`--pins goes with tools, not ${command.verb}`);
  if (options.output !== undefined && (command.verb === 'watch' || options.watch)) throw new UsageError('--output takes one result: a watch streams events on stdout');
  if (command.verb === 'record' && command.operands.length === 0) throw new UsageError('record needs a file: rxmcp record <file> <target>');
  if (options.redact.length > 0 && command.verb !== 'record') throw new UsageError(`--redact goes with record, not ${command.verb}`);
  return command;
}
