import {
  ConnectionClosedError, NegotiationError, RequestTimeoutError, ResponseStreamEndedError, TransportError,
} from '../../errors/errors.js';
import { McpError } from '../../errors/mcp-error.js';
import { isPermanentHttpStatus } from '../connect-failures.js';

/**
 * True when `error` is transient: trying the same call again later may succeed. That is a time limit that ran out
 * (but not a person who did not answer), a response stream that broke, and a transport failure with no HTTP
 * status (the network) or with a status that is not a refusal: 408, 429 or a 5xx (the rule the reconnect keeper goes
 * by, `isPermanentHttpStatus`). Never an answer of the server
 * (`RpcError`), a refusal, a bad result (`SchemaError`), a failed negotiation, authorization, a closed client or
 * an abort: repeating those gives the same outcome.
 *
 * @example
 * ```ts
 * import { isRetryable } from 'rxmcp';
 *
 * client.callTool('search', { q }).subscribe({
 *   error: (error) => console.log(isRetryable(error) ? 'try again later' : `failed for good: ${error.message}`),
 * });
 * ```
 */
export function isRetryable(error: unknown): boolean {
  if (!McpError.is(error)) return false;
  if (McpError.hasKind(error, 'HumanWaitTimeoutError')) return false;
  if (RequestTimeoutError.is(error) || McpError.hasKind(error, 'ConnectTimeoutError')) return true;
  if (ResponseStreamEndedError.is(error)) return true;
  if (NegotiationError.is(error) || ConnectionClosedError.is(error)) return false;
  if (McpError.hasKind(error, 'AuthError') || McpError.hasKind(error, 'SessionExpiredError')) return false;
  if (!TransportError.is(error) || McpError.hasKind(error, 'MessageTooLargeError')) return false;
  const status = (error as TransportError).status;
  return !isPermanentHttpStatus(status);
}
