import { McpError } from '../errors/mcp-error.js';

// Errors are recognised by their brand name (`McpError.hasKind`) and read structurally: the classes of the auth
// layer and of the Node-only stdio transport stay out of the universal client (and out of its bundle).

/** HTTP statuses of the 4xx range that say "later", not "never": Request Timeout and Too Many Requests. */
const RETRYABLE_4XX: ReadonlySet<number> = new Set([408, 429]);

/** Spawn errors that say the machine is busy (out of processes, files or memory), not that the command is wrong. */
const BUSY_ERRNOS: ReadonlySet<string> = new Set(['EAGAIN', 'EMFILE', 'ENFILE', 'ENOMEM', 'EBUSY', 'ETXTBSY']);

/** Reasons of an `AuthError` that are a refusal or a misconfiguration, not a network or server hiccup. */
const REFUSED_AUTH: ReadonlySet<string> = new Set([
  'insecure-url', 'resource-mismatch', 'issuer-mismatch', 'unsupported', 'no-client', 'invalid-response',
  'authorization-denied', 'rejected', 'interaction', 'wrong-server',
]);

const HANDSHAKE_METHODS: ReadonlySet<string> = new Set(['server/discover', 'initialize']);

/** A 4xx status other than 408 and 429: the request itself is refused, and sending it again changes nothing. */
export function isPermanentHttpStatus(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && !RETRYABLE_4XX.has(status);
}

function authIsPermanent(error: McpError): boolean {
  const { reason, status } = error as McpError & { readonly reason?: unknown; readonly status?: unknown };
  if (typeof status === 'number') return isPermanentHttpStatus(status);
  return typeof reason === 'string' && REFUSED_AUTH.has(reason);
}

function spawnIsPermanent(error: McpError): boolean {
  const { errno } = error as McpError & { readonly errno?: unknown };
  return !(typeof errno === 'string' && BUSY_ERRNOS.has(errno));
}

function handshakeRefused(error: McpError): boolean {
  const { method } = error as McpError & { readonly method?: unknown };
  return typeof method === 'string' && HANDSHAKE_METHODS.has(method);
}

/**
 * True when opening the connection again cannot succeed without a change on either side, so a reconnect policy
 * must stop instead of backing off:
 * - no protocol revision in common (`NegotiationError`), or a handshake method the server does not have;
 * - authorization refused or misconfigured (`AuthError` other than a network failure, a 5xx, 408 or 429);
 * - a server command that cannot start (`ProcessSpawnError`, unless the machine is only out of resources);
 * - an HTTP 4xx answer other than 408 and 429 (`TransportError.status`), except 404 for an expired session
 *   (`SessionExpiredError`: a fresh `initialize` is exactly the cure).
 *
 * Everything else (network failures, 5xx, 408, 429, a process that exited, timeouts) is transient.
 */
export function isPermanentConnectFailure(error: unknown): boolean {
  if (!McpError.is(error)) return false;
  if (McpError.hasKind(error, 'NegotiationError')) return true;
  if (McpError.hasKind(error, 'MethodNotFoundError')) return handshakeRefused(error);
  if (McpError.hasKind(error, 'AuthError')) return authIsPermanent(error);
  if (McpError.hasKind(error, 'ProcessSpawnError')) return spawnIsPermanent(error);
  if (McpError.hasKind(error, 'SessionExpiredError')) return false;
  if (McpError.hasKind(error, 'TransportError')) return isPermanentHttpStatus((error as McpError & { readonly status?: number }).status);
  return false;
}
