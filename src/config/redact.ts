import { isPureReference } from './expand.js';
import type { ServerConfig } from './types.js';

/** What a redacted value is shown as. */
export const REDACTED = '<redacted>';

const SECRET_NAME = /(key|token|secret|passw(or)?d|pwd|auth|credential|cookie|session|bearer|signature|private)/i;
const SECRET_SHAPE = [
  /^(sk|pk|rk|ghp|gho|ghs|ghu|github_pat|glpat|xox[abpr]|AKIA|AIza|ya29)[-_.A-Za-z0-9]{8,}/,
  /^eyJ[\w-]+\.[\w-]+\./,
  /^[A-Fa-f0-9]{32,}$/,
  /^[A-Za-z0-9+_-]{40,}={0,2}$/,
];

/** True when `value` names a secret without holding it: `${TOKEN}`, `Bearer ${TOKEN}`. */
function isReferenceOnly(value: string): boolean {
  return isPureReference(value) || /^(bearer|basic|token|dpop)\s+\$\{[^}]+\}$/i.test(value.trim());
}

/** A value of `env` or `headers`: shown only when it is a reference to a variable. */
export function redactValue(value: string): string {
  return isReferenceOnly(value) ? value : REDACTED;
}

/** True for a value that looks like a credential whatever its name (`sk-…`, `ghp_…`, a JWT, a long hex key). */
export function looksSecret(value: string): boolean {
  return !isReferenceOnly(value) && SECRET_SHAPE.some((shape) => shape.test(value));
}

/** Command line arguments with secrets blanked: values of `--token x` / `--api-key=x` / `TOKEN=x`, and credential-shaped ones. */
export function redactArgs(args: readonly string[]): string[] {
  let previousWasSecretFlag = false;
  return args.map((arg) => {
    const flagged = previousWasSecretFlag;
    previousWasSecretFlag = /^--?[\w-]+$/.test(arg) && SECRET_NAME.test(arg);
    if (flagged && !arg.startsWith('-')) return redactValue(arg);
    const assignment = /^(--?[\w-]+|[A-Za-z_][\w]*)=(.*)$/s.exec(arg);
    if (assignment?.[1] !== undefined && assignment[2] !== undefined && SECRET_NAME.test(assignment[1])) {
      return `${assignment[1]}=${redactValue(assignment[2])}`;
    }
    return looksSecret(arg) ? REDACTED : arg;
  });
}

/** A URL with its password and the values of secret-named query parameters blanked. */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return looksSecret(text) ? REDACTED : text;
  }
  if (url.password !== '') url.password = 'redacted';
  for (const [name, value] of [...url.searchParams]) {
    if ((SECRET_NAME.test(name) || looksSecret(value)) && !isReferenceOnly(value)) url.searchParams.set(name, 'redacted');
  }
  return url.href;
}

const redactRecord = (record: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, redactValue(value)]));

/**
 * A server's configuration fit to print: environment and header values are shown only when they merely reference a
 * variable; secret-looking arguments and URL parts are blanked. Nothing else changes.
 */
export function redactServer(config: ServerConfig): ServerConfig {
  if (config.kind !== 'stdio') return { ...config, url: redactUrl(config.url), headers: redactRecord(config.headers) };
  return { ...config, args: redactArgs(config.args), env: redactRecord(config.env) };
}
