import { filter, map, type Observable } from 'rxjs';
import type { Connection, Params, RequestOptions, ResultPayload } from '../../session/types.js';
import { chain } from './chain.js';
import type { CallConnection, Link } from './types.js';

/** Sends one request of the negotiation (`initialize`, `server/discover`) with the options negotiation chose. */
export type NegotiationRequest = (method: string, params: Params | undefined, options: RequestOptions) => Observable<ResultPayload>;

/**
 * The requests of negotiation, through the user's links: nothing is agreed yet, so the call's `connection.server`
 * is `undefined` and no built-in link applies. A link may add `_meta` (`options.meta`, merged over the request's)
 * or rewrite params like for any other call; the raw result comes back, decoded by negotiation.
 */
export function negotiationRequests(connection: Connection, links: readonly Link[]): NegotiationRequest {
  if (links.length === 0) return (method, params, options) => connection.request(method, params, options);
  const at: CallConnection = { id: connection.id, server: undefined };
  return (method, params, options) => {
    const send = chain(links, (call) => {
      const extra = call.options.meta;
      const merged = extra === undefined ? options : { ...options, meta: { ...extra, ...options.meta } };
      return connection.requestEvents(call.method, call.params, merged);
    });
    return send({ method, params, options: {}, connection: at, safe: true }).pipe(
      filter((event) => event.type === 'result'),
      map((event) => event.result as ResultPayload),
    );
  };
}
