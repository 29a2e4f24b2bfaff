import { switchMap, type Observable } from 'rxjs';
import type { ClientConnection } from '../client-connection.js';
import type { ReadyCall } from '../deadline.js';
import type { CallOptions } from '../envelope.js';
import type { VerbLink } from './verb-call.js';

/** Where the connect link finds connections (the client core). */
export interface Connector {
  /** The open negotiated connection, if any. */
  current(): ClientConnection | undefined;
  /** The negotiated connection for a call, awaited within the call's limits. */
  readyFor(method: string, options: CallOptions): Observable<ReadyCall>;
}

/**
 * Built-in link: the call's connection. A call that has none yet gets the open negotiated connection, or a new one
 * awaited within the call's limits (the deadline rule: `readyWithin`); the links below it see `ready`.
 */
export function connectLink(connector: Connector): VerbLink {
  return (call, next) => {
    if (call.ready !== undefined) return next(call);
    const known = connector.current();
    // Written out rather than spread: a literal of one shape is what every call through here makes.
    if (known !== undefined) return next({ method: call.method, params: call.params, options: call.options, safe: call.safe, ready: known });
    return connector.readyFor(call.method, call.options).pipe(switchMap(({ ready, options }) => next({ ...call, ready, options })));
  };
}
