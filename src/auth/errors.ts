import { McpError, type McpErrorOptions } from '../errors/mcp-error.js';

/** Why authorization failed. */
export type AuthErrorReason =
  /** No protected resource metadata and no authorization server could be found, or a document was unusable. */
  | 'discovery'
  /** A metadata or endpoint URL is neither https nor loopback. */
  | 'insecure-url'
  /** The URL guard refused a URL: it reaches a loopback, private, link-local or metadata address (`UrlRefusedError`). */
  | 'url-refused'
  /** The protected resource metadata names another resource than the server the client talks to. */
  | 'resource-mismatch'
  /** The authorization server metadata names another issuer than the one it was looked up for. */
  | 'issuer-mismatch'
  /** The authorization server cannot do what the flow needs (PKCE S256, a grant, an authentication method). */
  | 'unsupported'
  /** The client has no identity at this authorization server (no credentials, no CIMD support, no DCR). */
  | 'no-client'
  /** Dynamic client registration failed. */
  | 'registration'
  /** The authorization response was refused: wrong `state` or `iss`, no code. */
  | 'invalid-response'
  /** The authorization server answered the authorization request with an error (`access_denied`, ...). */
  | 'authorization-denied'
  /** The token endpoint refused (`invalid_grant`, `invalid_client`, ...) or answered nonsense. */
  | 'token'
  /** The server kept refusing fresh credentials, or asked for more scope too often. */
  | 'rejected'
  /** The flow needs the user, and no redirect handler is configured or it gave up. */
  | 'interaction'
  /** The provider was used for a server it is not bound to. */
  | 'wrong-server'
  /** The lock of a token storage shared by several processes could not be had in time. */
  | 'storage-lock'
  /** The official SDK's authorization flow failed (`sdkOAuth`); its error is the `cause`. */
  | 'provider';

/** Options of `AuthError`. */
export interface AuthErrorOptions extends McpErrorOptions {
  /** The OAuth `error` code the authorization server sent, if any (`invalid_grant`, `access_denied`, ...). */
  readonly oauthError?: string;
  /** The HTTP status of the answer that failed, if any. */
  readonly status?: number;
}

/**
 * Authorization for an HTTP transport failed. Its message, `oauthError` and `cause` never contain tokens,
 * codes, PKCE verifiers, client secrets or assertions.
 */
export class AuthError extends McpError {
  static override readonly kind: string = 'AuthError';
  /** Which step failed, e.g. `discovery`, `token` or `authorization-denied`. */
  readonly reason: AuthErrorReason;
  /** The OAuth `error` code the authorization server sent, if any (`invalid_grant`, `access_denied`, ...). */
  readonly oauthError: string | undefined;
  /** The HTTP status of the answer that failed, if any. */
  readonly status: number | undefined;

  constructor(reason: AuthErrorReason, message: string, options: AuthErrorOptions = {}) {
    super('auth', message, options);
    this.reason = reason;
    this.oauthError = options.oauthError;
    this.status = options.status;
  }
}

/** What `UrlRefusedError` knows of the refused URL. */
export interface UrlRefusedErrorOptions extends AuthErrorOptions {
  /** The refused URL (without query and fragment). */
  readonly url: string;
  /** The address that was refused (the URL's own, or one its host name resolved to); the host name for a name rule. */
  readonly address: string;
  /** What kind of address it is: `loopback`, `private`, `link-local`, `shared`, `metadata`, ... */
  readonly kind: string;
  /** The rule, for people: `private address 10.0.0.5 (RFC 1918)`. */
  readonly rule: string;
}

/**
 * The URL guard of `oauth()` refused a URL that a server (or its redirect) pointed the client to: its host is, or
 * resolves to, a loopback, private, link-local, shared (CGNAT), unspecified, multicast or cloud metadata address,
 * and no entry of `urlGuard.allow` lets it through. Nothing was sent to that address. An `AuthError` of reason
 * `url-refused`.
 */
export class UrlRefusedError extends AuthError {
  static override readonly kind: string = 'UrlRefusedError';
  /** The refused URL (without query and fragment). */
  readonly url: string;
  /** The refused address, or the host name for a name rule (`localhost`, `metadata.google.internal`). */
  readonly address: string;
  /** What kind of address it is: `loopback`, `private`, `link-local`, `shared`, `metadata`, ... */
  readonly addressKind: string;
  /** The rule, for people: `private address 10.0.0.5 (RFC 1918)`. */
  readonly rule: string;

  constructor(options: UrlRefusedErrorOptions) {
    super('url-refused', `Refusing ${options.url}: ${options.rule}; allow it with urlGuard: { allow: [...] } if it is meant`, options);
    this.url = options.url;
    this.address = options.address;
    this.addressKind = options.kind;
    this.rule = options.rule;
  }
}

const MAX_DESCRIPTION = 200;

/**
 * Text from an authorization server fit for an error message: control characters removed, at most 200
 * characters, and every secret of the exchange that produced it replaced by `[redacted]`.
 */
export function safeText(text: unknown, secrets: readonly (string | undefined)[] = []): string | undefined {
  if (typeof text !== 'string') return undefined;
  let clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  for (const secret of secrets) {
    if (secret !== undefined && secret.length >= 4) clean = clean.split(secret).join('[redacted]');
  }
  return clean.length > MAX_DESCRIPTION ? `${clean.slice(0, MAX_DESCRIPTION)}…` : clean;
}

/**
 * A network failure of an authorization request. The platform's message is left out (it can quote a header
 * value); the error's name and system code (`ECONNREFUSED`, ...) are kept.
 */
export function networkFailure(reason: AuthErrorReason, what: string, error: unknown): McpError {
  if (McpError.is(error)) return error;
  const name = error instanceof Error ? error.name : 'network error';
  const cause = error instanceof Error ? (error as { cause?: { code?: unknown } }).cause : undefined;
  const code = typeof cause?.code === 'string' && /^[A-Z_]+$/.test(cause.code) ? `, ${cause.code}` : '';
  return new AuthError(reason, `${what} failed (${name}${code})`);
}
