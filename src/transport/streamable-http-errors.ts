import type { McpErrorOptions } from '../errors/mcp-error.js';
import { TransportError } from '../errors/errors.js';

/**
 * The server answered 404 to a request that carried an `Mcp-Session-Id`: it no longer knows the session.
 * The transport has forgotten the session id; the client starts over with a fresh `initialize`.
 */
export class SessionExpiredError extends TransportError {
  static override readonly kind: string = 'SessionExpiredError';

  constructor(message = 'The MCP session has expired (HTTP 404)', options: McpErrorOptions = {}) {
    super(message, { ...options, status: 404 });
  }
}

/** What an HTTP transport knew about a failed response; the `cause` of its `TransportError`. */
export interface HttpResponseDetails {
  /** The HTTP status. */
  readonly status: number;
  /** The HTTP status text. */
  readonly statusText: string;
  /** The start of the response body (at most 4096 characters). */
  readonly body: string;
  /** The response headers (for `WWW-Authenticate` on 401/403, `Retry-After` on 429/503, ...). */
  readonly headers: {
    /** The header's value, `null` when absent. */
    get(name: string): string | null;
  };
}
