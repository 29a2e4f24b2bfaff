import { McpError } from '../errors/mcp-error.js';

/** True for the error a Streamable HTTP transport raises when the server forgot the session (HTTP 404). */
export function isSessionExpired(error: unknown): boolean {
  return McpError.hasKind(error, 'SessionExpiredError');
}
