import { BehaviorSubject, Observable, ReplaySubject, Subject, asyncScheduler, defer, share, throwError, timer } from 'rxjs';
import { ConnectionClosedError, TransportError } from '../errors/errors.js';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcNotification } from '../protocol/jsonrpc.js';
import { canExchange, type InboundFrame, type OutboundFrame, type Transport } from '../transport/types.js';
import { ConnectionHold } from './connection-hold.js';
import { ConnectionRuntime, endError, type ConnectionPolicy } from './connection.js';
import { DeadlineQueue } from './deadlines.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, connectWithin } from './connect-timeout.js';
import { defaultRpcError, requestEvents, type RequestHost, type RequestPlan } from './request.js';
import { routeFrame } from './router.js';
import type { RequestOrigin, SessionRuntime } from './runtime.js';
import { PauseGate } from './timeouts.js';
import type {
  Connection, Diagnostic, FrameEvent, Params, RequestEvent, RequestOptions, ResultPayload, Session, SessionOptions, SessionState, TimeoutOptions,
} from './types.js';

/** Default time limit of a request: 60 s to the first event (progress or result). */
export const DEFAULT_REQUEST_TIMEOUT: TimeoutOptions = { firstMs: 60_000 };

interface Streams {
  readonly state: BehaviorSubject<SessionState>;
  readonly notifications: Subject<JsonRpcNotification>;
  readonly frames: Subject<FrameEvent>;
  readonly diagnostics: Subject<Diagnostic>;
  readonly connections: Subject<Connection>;
}

function createRuntime(options: SessionOptions, streams: Streams): SessionRuntime {
  const tap = (frame: OutboundFrame) => {
    if (streams.frames.observed) streams.frames.next({ direction: 'out', frame });
  };
  return {
    pending: new Map(),
    progressTokens: new Map(),
    handlers: options.handlers ?? {},
    nextId: 0,
    // The session-wide stream first: what a client keeps across connections (its cache, say) hears of a change
    // before what reacts to it on the connection (a resource watch reading again).
    publishNotification: (connection, message) => {
      streams.notifications.next(message);
      connection.notifications.next(message);
    },
    diagnose: (diagnostic) => streams.diagnostics.next(diagnostic),
    write(connection, frame) {
      tap(frame);
      return connection.queue.write(frame);
    },
    tapOut: tap,
  };
}

/** The policy a new connection starts with: what the transport and `options.cancellation` say. */
function initialPolicy(transport: Transport, options: SessionOptions): ConnectionPolicy {
  const exchange = canExchange(transport);
  const option = typeof options.cancellation === 'function' ? options.cancellation() : options.cancellation;
  return { cancellation: option ?? transport.cancellation ?? (exchange ? 'abort' : 'notification'), exchange };
}

function plan(method: string, params: Params | undefined, options: RequestOptions, defaults: TimeoutOptions | false, resultOnly: boolean, connection?: ConnectionRuntime): RequestPlan {
  const limits = options.timeout === undefined ? defaults : options.timeout;
  const wantsProgress = options.progress === true || (limits !== false && limits.idleMs !== undefined);
  return { method, params, options, wantsProgress, limits, resultOnly, ...(connection ? { connection } : {}) };
}

/**
 * Creates a session over a transport.
 *
 * The session multiplexes requests by id, answers server→client requests with `options.handlers`, publishes
 * notifications on `notifications$`, and reports bad input on `diagnostics$` without ever dying of it. Each
 * physical connection is a `Connection` object that owns what is scoped to it and ends it all, once, when it ends.
 * See `Session` for the contract of each member.
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
  const streams: Streams = {
    state: new BehaviorSubject<SessionState>({ status: 'idle' }),
    notifications: new Subject(),
    frames: new Subject(),
    diagnostics: new Subject(),
    connections: new Subject(),
  };
  const runtime = createRuntime(options, streams);
  const defaults = options.timeout === undefined ? DEFAULT_REQUEST_TIMEOUT : options.timeout;
  let latest: ConnectionRuntime | undefined;
  let sequence = 0;
  let closed = false;
  const setState = (state: SessionState) => {
    if (!closed) streams.state.next(state);
  };
  const route = (connection: ConnectionRuntime, frame: InboundFrame, origin?: RequestOrigin) => {
    if (streams.frames.observed) streams.frames.next({ direction: 'in', frame });
    routeFrame(runtime, connection, frame, origin);
  };
  const views = new WeakMap<ConnectionRuntime, Connection>();
  const viewOf = (connection: ConnectionRuntime): Connection => views.get(connection) as Connection;

  const open = (): Observable<Connection> =>
    new Observable<Connection>((subscriber) => {
      const writable = new ReplaySubject<void>(1);
      const connection = new ConnectionRuntime(++sequence, initialPolicy(transport, options), () => {
        connection.writableAt = asyncScheduler.now();
        setState({ status: 'open' });
        writable.next();
        writable.complete();
      });
      views.set(connection, connectionView(connection));
      latest = connection;
      setState({ status: 'connecting' });
      // How the connection ends is settled here and acted on in the teardown, which runs after the share behind
      // `connection$` has reset: a request started while the connection fails what was in flight on it then opens
      // a new connection instead of joining this one.
      let failure: McpError | undefined;
      let ending = false;
      const end = (error: McpError | undefined) => {
        if (ending) return;
        ending = true;
        failure = error;
        if (error === undefined) subscriber.complete();
        else subscriber.error(error);
      };
      connection.setAbortHook((error) => end(error));
      // The transport is connected before anyone hears of the connection: what they send goes to a live one.
      const inbound = transport.connect(connection.queue.outbound$).pipe(connectWithin(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, writable)).subscribe({
        next: (frame) => route(connection, frame),
        error: (error: unknown) => end(TransportError.from(error)),
        complete: () => end(undefined),
      });
      if (!ending) {
        subscriber.next(viewOf(connection));
        streams.connections.next(viewOf(connection));
      }
      return () => {
        ending = true;
        inbound.unsubscribe();
        connection.finish({ error: failure, closed: closed && failure === undefined });
        // What ended this connection may have opened the next one already (a request repeated on failure).
        if (latest === connection) setState(failure === undefined ? { status: 'disconnected' } : { status: 'disconnected', error: failure });
      };
    });

  const connection$ = defer(() => (closed ? throwError(() => new ConnectionClosedError('The session was closed')) : open())).pipe(
    share<Connection>({
      connector: () => new ReplaySubject<Connection>(1),
      resetOnError: true,
      resetOnComplete: true,
      resetOnRefCountZero: options.idleCloseMs === undefined ? false : () => timer(options.idleCloseMs ?? 0),
    }),
  );
  const hold = new ConnectionHold(connection$);
  const pauses = new PauseGate(options.timeoutPaused$);
  const host: RequestHost = {
    runtime,
    hold,
    pauses,
    deadlines: new DeadlineQueue(),
    current: () => latest,
    unavailable: () => new ConnectionClosedError(closed ? 'The session was closed' : 'No connection is open'),
    exchange: transport.exchange?.bind(transport),
    route,
    toError: defaultRpcError,
  };

  function connectionView(connection: ConnectionRuntime): Connection {
    return {
      id: connection.id,
      get end() {
        return connection.end;
      },
      ended$: connection.ended$,
      notifications$: connection.notifications.asObservable(),
      get policy() {
        return connection.policy;
      },
      openedAt: connection.openedAt,
      get writableAt() {
        return connection.writableAt;
      },
      setPolicy: (change) => {
        connection.policy = { ...connection.policy, ...change, exchange: (change.exchange ?? connection.policy.exchange) && host.exchange !== undefined };
      },
      request: (method, params, o = {}) => requestEvents(host, plan(method, params, o, defaults, true, connection)) as Observable<ResultPayload>,
      requestEvents: (method, params, o = {}) => requestEvents(host, plan(method, params, o, defaults, false, connection)) as Observable<RequestEvent>,
      notify: (method, params, o = {}) => notification$(host, method, params, o.headers, connection),
      abort: (error) => connection.abort(error),
    };
  }

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
      return latest === undefined || latest.end !== undefined ? undefined : viewOf(latest);
    },
    get state() {
      return streams.state.getValue();
    },
    close() {
      if (closed) return;
      streams.state.next({ status: 'closed' });
      closed = true;
      latest?.abort(new ConnectionClosedError('The session was closed'));
      pauses.close();
      for (const subject of [streams.notifications, streams.frames, streams.diagnostics, streams.connections, streams.state]) subject.complete();
    },
  };
}

function notification$(host: RequestHost, method: string, params: Params | undefined, headers: Readonly<Record<string, string>> | undefined, pinned?: ConnectionRuntime): Observable<never> {
  return new Observable<never>((subscriber) => {
    if (pinned?.end !== undefined) {
      subscriber.error(endError(pinned.end));
      return undefined;
    }
    host.hold.acquire();
    const connection = pinned ?? host.current();
    const message = params === undefined ? { jsonrpc: '2.0' as const, method } : { jsonrpc: '2.0' as const, method, params };
    if (connection !== undefined && connection.end === undefined && host.runtime.write(connection, headers ? { message, headers } : { message })) subscriber.complete();
    else subscriber.error(connection?.end === undefined ? host.unavailable() : endError(connection.end));
    return () => host.hold.release();
  });
}
