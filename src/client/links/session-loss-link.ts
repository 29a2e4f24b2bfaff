import { SessionLostError } from '../../errors/errors.js';
import type { ClientConnection } from '../client-connection.js';
import { relay } from '../relay.js';
import { isSessionExpired } from '../session-expiry.js';
import type { VerbLink } from './verb-call.js';

/**
 * Built-in link: when the server forgot the session (HTTP 404: the connection was ended with that error), a call
 * safe to repeat is made again on a new connection; a tool call that is not fails with `SessionLostError` (it may
 * have run). A call made on a given connection (a page of a list, a watch) is left to its caller, and so is every
 * call while the open connection is one that has no server session to lose (stdio, WebSocket: no exchange per
 * request), which then costs nothing.
 */
export function sessionLossLink(current: () => ClientConnection | undefined): VerbLink {
  return (call, next) => {
    if (call.ready !== undefined) return next(call);
    const open = current();
    if (open !== undefined && !open.policy.connection.exchange) return next(call);
    return relay(() => next(call), (event) => event, (error) => {
      if (!isSessionExpired(error)) throw error;
      if (!call.safe) throw new SessionLostError(call.method, { cause: error });
      return next(call);
    });
  };
}
