import { Observable, ReplaySubject, defer, share, timer } from 'rxjs';
import type { Transport } from '../transport/types.js';
import { SessionCore, startPolicy } from './core.js';
import { DEFAULT_REQUEST_TIMEOUT, notification$, plan } from './plan.js';
import { requestEvents } from './request.js';
import type { Connection, RequestEvent, ResultPayload, Session, SessionOptions } from './types.js';

export { DEFAULT_REQUEST_TIMEOUT };

/**
 * Creates a session over a transport.
 *
 * The session multiplexes requests by id, answers server→client requests with `options.handlers`, publishes
 * notifications on `notifications$`, and reports bad input on `diagnostics$` without ever dying of it. Each
 * physical connection is a `Connection` object that owns what is scoped to it and ends it all, once, when it ends.
 * It is the `multiplex` operator's core over `transport`, shared: the first user opens a connection, requests keep
 * it open, and the next use after it ended opens another. See `Session` for the contract of each member.
 * @example
 * ```ts
 * import { inMemoryPair } from 'rxmcp';
 * import { createSession } from 'rxmcp/session';
 *
 * const [clientEnd] = inMemoryPair();
 * const session = createSession(clientEnd, {
 *   handlers: { 'roots/list': () => ({ roots: [{ uri: 'file:///work' }] }) },
 *   timeout: { firstMs: 30_000 },
 * });
 * session.request('tools/list').subscribe((result) => console.log(result));
 * session.notifications$.subscribe((notification) => console.log(notification.method));
 * ```
 */
export function createSession(transport: Transport, options: SessionOptions = {}): Session {
  const core = new SessionCore(options, { exchange: transport.exchange?.bind(transport), policy: () => startPolicy(options, transport) });
  const { streams, host, defaults } = core;
  // The transport is connected from within the operator, once the connection it writes to exists.
  const connection$ = defer(() => transport.connect(core.outbound$)).pipe(
    core.multiplex,
    share<Connection>({
      connector: () => new ReplaySubject<Connection>(1),
      resetOnError: true,
      resetOnComplete: true,
      resetOnRefCountZero: options.idleCloseMs === undefined ? false : () => timer(options.idleCloseMs ?? 0),
    }),
  );
  core.hold.attach(connection$, options.idleCloseMs === undefined);
  return {
    requestEvents: (method, params, o = {}) => requestEvents(host, plan(method, params, o, defaults, false)) as Observable<RequestEvent>,
    request: (method, params, o = {}) => requestEvents(host, plan(method, params, o, defaults, true)) as Observable<ResultPayload>,
    notify: (method, params, o = {}) => notification$(host, method, params, o.headers),
    notifications$: streams.notifications.asObservable(),
    state$: streams.state.asObservable(),
    frames$: streams.frames.asObservable(),
    diagnostics$: streams.diagnostics.asObservable(),
    connections$: streams.connections.asObservable(),
    connection$,
    get current() {
      const { latest } = core;
      return latest === undefined || latest.end !== undefined ? undefined : core.viewOf(latest);
    },
    get state() {
      return streams.state.getValue();
    },
    close: () => core.close(),
  };
}
