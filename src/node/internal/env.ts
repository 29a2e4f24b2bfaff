/** Variables a server process inherits by default (POSIX names, then their Windows equivalents). */
export const DEFAULT_INHERITED_ENV_VARS: readonly string[] = [
  'HOME',
  'LOGNAME',
  'PATH',
  'SHELL',
  'TERM',
  'USER',
  'APPDATA',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PROCESSOR_ARCHITECTURE',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'USERNAME',
  'USERPROFILE',
  'PROGRAMFILES',
];

/** Environment variables to set (a string) or to remove (`undefined`). */
export type EnvOverrides = Readonly<Record<string, string | undefined>>;

/** How a child's environment is built. */
export interface ChildEnvOptions {
  /** Variables merged over the inherited ones; `undefined` removes a variable. */
  readonly env?: EnvOverrides;
  /** Inherit the whole parent environment instead of the default allowlist. */
  readonly inheritEnv?: boolean;
  /** Extra parent variables to inherit by name, on top of the allowlist. */
  readonly inheritVars?: readonly string[];
}

/**
 * The environment of a child process: the allowlisted (or, with `inheritEnv`, all) variables of `parent`,
 * then `env` merged over them.
 */
export function buildChildEnv(
  options: ChildEnvOptions,
  parent: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const result: Record<string, string> = {};
  const names =
    options.inheritEnv === true ? Object.keys(parent) : [...DEFAULT_INHERITED_ENV_VARS, ...(options.inheritVars ?? [])];
  for (const name of names) {
    const value = parent[name];
    if (value !== undefined) result[name] = value;
  }
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete result[name];
    else result[name] = value;
  }
  return result;
}
