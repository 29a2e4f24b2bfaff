// Credentials out of recorded frames: fields and headers by name, and authorization values wherever they appear.

/** What a redacted value is written as. */
export const REDACTED_VALUE = '[redacted]';

/**
 * Field and header names redacted by default (compared without case, `-` and `_`): HTTP credentials (Authorization,
 * Proxy-Authorization, Cookie, Set-Cookie, DPoP, X-Api-Key), the usual names of tokens, keys and secrets, and
 * session ids (`Mcp-Session-Id`, `sessionId`: whoever holds one may act in that session).
 * `progressToken` and cursors are not credentials and stay.
 */
export const DEFAULT_REDACTED_FIELDS: readonly string[] = [
  'authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'dpop', 'x-api-key', 'api-key', 'access_token', 'refresh_token', 'id_token',
  'token', 'bearer', 'client_secret', 'secret', 'password', 'private_key', 'mcp-session-id', 'session_id',
];

/** An HTTP authorization value (`Bearer …`, `DPoP …`, `Basic …`) found anywhere. */
const CREDENTIAL_VALUE = /^(bearer|dpop|basic)\s+\S+/i;

const normalize = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** A function that returns a redacted copy of a JSON value. */
export type Redactor = (value: unknown) => unknown;

/** Redacts the default fields plus `extra` (names, compared as the defaults are). */
export function redactor(extra: readonly string[] = [], replacement = REDACTED_VALUE): Redactor {
  const names = new Set([...DEFAULT_REDACTED_FIELDS, ...extra].map(normalize));
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return CREDENTIAL_VALUE.test(value) ? replacement : value;
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = names.has(normalize(key)) ? replacement : walk(item);
    return out;
  };
  return walk;
}
