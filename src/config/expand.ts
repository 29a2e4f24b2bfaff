import type { ServerConfig } from './types.js';

/** What variables a configuration may use. */
export interface ConfigVariables {
  /** The environment: `${VAR}`, `${VAR:-default}`, `${env:VAR}`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Named variables that win over the environment: VS Code's `${workspaceFolder}`, `${userHome}`,
   * `${pathSeparator}` (and `${/}`).
   */
  readonly builtins?: Readonly<Record<string, string>>;
}

/** The outcome of expanding one value or one server. */
export interface Expanded<T> {
  readonly value: T;
  /** Variables that were referenced without a value or a default, in order of first use. */
  readonly missing: readonly string[];
  /** References rxmcp cannot resolve (VS Code `${input:…}` prompts, `${command:…}`). */
  readonly unsupported: readonly string[];
}

const REFERENCE = /\$\{([^}]*)\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;

interface Tally {
  readonly missing: string[];
  readonly unsupported: string[];
}

function note(list: string[], item: string): void {
  if (!list.includes(item)) list.push(item);
}

function resolve(body: string, variables: ConfigVariables, tally: Tally): string | undefined {
  const fallbackAt = body.indexOf(':-');
  const head = fallbackAt === -1 ? body : body.slice(0, fallbackAt);
  const fallback = fallbackAt === -1 ? undefined : body.slice(fallbackAt + 2);
  if (head === '/' && variables.builtins?.['pathSeparator'] !== undefined) return variables.builtins['pathSeparator'];
  if (/^(input|command|config):/.test(head)) {
    note(tally.unsupported, `\${${body}}`);
    return undefined;
  }
  const name = head.startsWith('env:') ? head.slice(4) : head;
  if (!NAME.test(name)) return undefined;
  const builtin = head.startsWith('env:') ? undefined : variables.builtins?.[name];
  const value = builtin ?? variables.env[name];
  if (value !== undefined && value !== '') return value;
  if (fallback !== undefined) return fallback;
  if (value === '') return '';
  note(tally.missing, name);
  return '';
}

function expandWith(text: string, variables: ConfigVariables, tally: Tally): string {
  return text.replace(REFERENCE, (whole, body: string) => resolve(body, variables, tally) ?? whole);
}

/**
 * Expands `${VAR}`, `${VAR:-default}` (the default applies when VAR is unset or empty), `${env:VAR}` and the
 * builtins in one string. A variable without a value or a default becomes empty and is reported in `missing`; a
 * reference rxmcp cannot resolve stays as written and is reported in `unsupported`.
 */
export function expandString(text: string, variables: ConfigVariables): Expanded<string> {
  const tally: Tally = { missing: [], unsupported: [] };
  return { value: expandWith(text, variables, tally), ...tally };
}

function expandRecord(record: Readonly<Record<string, string>>, variables: ConfigVariables, tally: Tally): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, expandWith(value, variables, tally)]));
}

/** Expands every string of a server's configuration (command, arguments, environment, folder, URL, headers). */
export function expandServer(config: ServerConfig, variables: ConfigVariables): Expanded<ServerConfig> {
  const tally: Tally = { missing: [], unsupported: [] };
  const text = (value: string): string => expandWith(value, variables, tally);
  if (config.kind !== 'stdio') {
    return { value: { ...config, url: text(config.url), headers: expandRecord(config.headers, variables, tally) }, ...tally };
  }
  const value: ServerConfig = {
    ...config,
    command: text(config.command),
    args: config.args.map(text),
    env: expandRecord(config.env, variables, tally),
    ...(config.cwd === undefined ? {} : { cwd: text(config.cwd) }),
    ...(config.envFile === undefined ? {} : { envFile: text(config.envFile) }),
  };
  return { value, ...tally };
}

/** True when `text` is nothing but one variable reference (`${API_KEY}`): it names a secret without holding it. */
export function isPureReference(text: string): boolean {
  return /^\$\{[^}]+\}$/.test(text.trim());
}
