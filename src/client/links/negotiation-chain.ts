import { filter, map, type Observable } from 'rxjs';
import type { RequestId } from '../../protocol/jsonrpc.js';
import type { Connection, Params, RequestOptions, ResultPayload } from '../../session/types.js';
import { chain } from './chain.js';
import type { CallConnection, Link } from './types.js';

/** Sends one request of the negotiation (`initialize`, `server/discover`) with the options negotiation chose. */
export type NegotiationRequest = (method: string, params: Params | undefined, options: RequestOptions) => Observable<ResultPayload>;

/** Calls both (the negotiation's own report of request ids, and a link's). */
const both = (first: ((id: RequestId) => void) | undefined, second: (id: RequestId) => void) => (id: RequestId) => {
  first?.(id);
  second(id);
};

/**
 * The requests of negotiation, through the user's links: nothing is agreed yet, so the call's `connection.server`
 * is `undefined` and no built-in link applies. A link may add `_meta` (`options.meta` and `options.trace`, merged
 * under the request's own keys), hear the request's id (`options.onRequestId`), or rewrite params like for any
 * other call; the raw result comes back, decoded by negotiation.
 */
export function negotiationRequests(connection: Connection, links: readonly Link[], transport: string): NegotiationRequest {
  if (links.length === 0) return (method, params, options) => connection.request(method, params, options);
  const at: CallConnection = {
    id: connection.id,
    server: undefined,
    transport,
    get sessionId() {
      return connection.sessionId;
    },
    openedAt: connection.openedAt,
    ended$: connection.ended$,
  };
  return (method, params, options) => {
    const send = chain(links, (call) => {
      const { meta: extra, trace, onRequestId } = call.options;
      const withMeta = extra === undefined && trace === undefined ? options : { ...options, meta: { ...extra, ...trace, ...options.meta } };
      const merged = onRequestId === undefined ? withMeta : { ...withMeta, onRequestId: both(options.onRequestId, onRequestId) };
      return connection.requestEvents(call.method, call.params, merged);
    });
    return send({ method, params, options: {}, connection: at, safe: true }).pipe(
      filter((event) => event.type === 'result'),
      map((event) => event.result as ResultPayload),
    );
  };
}
