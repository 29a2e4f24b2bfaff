import { SessionLostError } from '../../errors/errors.js';
import { relay } from '../relay.js';
import { isSessionExpired } from '../session-expiry.js';
import type { VerbLink } from './verb-call.js';

/**
 * Built-in link: when the server forgot the session (HTTP 404: the connection was ended with that error), a call
 * safe to repeat is made again on a new connection; a tool call that is not fails with `SessionLostError` (it may
 * have run). A call made on a given connection (a page of a list, a watch) is left to its caller.
 */
export const sessionLossLink: VerbLink = (call, next) => {
  if (call.ready !== undefined) return next(call);
  return relay(() => next(call), (event) => event, (error) => {
    if (!isSessionExpired(error)) throw error;
    if (!call.safe) throw new SessionLostError(call.method, { cause: error });
    return next(call);
  });
};
