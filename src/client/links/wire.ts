import type { Observable } from 'rxjs';
import type { ProtocolVersion } from '../../protocol/versions.js';
import type { McpError } from '../../errors/mcp-error.js';
import { decodeResult } from '../../protocol/codec.js';
import { isClientRequestSpec, knownMethodSpec } from '../../protocol/methods.js';
import type { Connection, Params, RequestEvent } from '../../session/types.js';
import { isSessionExpired } from '../session-expiry.js';
import type { CallEvent } from '../input-rounds.js';
import { relay } from '../relay.js';
import type { WirePolicy } from '../wire-policy.js';
import type { LinkNext } from './types.js';

/** What the wire needs beside the connection: the log level the client wants now (revisions that carry it per request). */
export interface WireDeps {
  logLevel(): WirePolicy['envelope']['logLevel'];
}

/**
 * The end of the chain on a negotiated connection: the request with the revision's `_meta` and headers, its
 * result decoded for the negotiated revision. A server that forgot the session (HTTP 404) ends the connection with
 * that error, so that everything in flight on it learns it; whether to repeat a call on a new one is decided above.
 */
export function wire(connection: Connection, policy: WirePolicy, version: ProtocolVersion, deps: WireDeps): LinkNext {
  const fail = (error: unknown): never => {
    if (isSessionExpired(error)) connection.abort(error as McpError);
    throw error;
  };
  return (call) => {
    const { method, params, options } = call;
    const request$: Observable<RequestEvent> = connection.requestEvents(method, params, policy.requestOptions(method, params, options, deps.logLevel()));
    // A method of no revision or extension the client knows (`request()`): its result is handed over as it came.
    if (!isClientRequestSpec(knownMethodSpec(version, method))) return relay(request$, (event) => event as CallEvent<unknown>, fail);
    const allowed = options.resultTypes;
    const decodeEvent = (event: RequestEvent): CallEvent<unknown> =>
      event.type === 'result' ? { type: 'result', result: decodeResult(version, method, event.result as Params, allowed ? { allowedResultTypes: allowed } : {}) } : event;
    return relay(request$, decodeEvent, fail);
  };
}
