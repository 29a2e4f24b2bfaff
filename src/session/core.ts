import { BehaviorSubject, Observable, ReplaySubject, Subject, asyncScheduler, type OperatorFunction, type Subscriber, type TeardownLogic } from 'rxjs';
import { ConnectionClosedError, TransportError } from '../errors/errors.js';
import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcNotification } from '../protocol/jsonrpc.js';
import { canExchange, type InboundFrame, type OutboundFrame, type Transport } from '../transport/types.js';
import { ConnectionHold } from './connection-hold.js';
import { ConnectionRuntime, type ConnectionPolicy } from './connection.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, connectWithin } from './connect-timeout.js';
import { DeadlineQueue } from './deadlines.js';
import { DEFAULT_REQUEST_TIMEOUT, notification$, plan } from './plan.js';
import { defaultRpcError, requestEvents, type RequestHost } from './request.js';
import { routeFrame } from './router.js';
import type { RequestOrigin, SessionRuntime } from './runtime.js';
import { PauseGate } from './timeouts.js';
import type { Connection, Diagnostic, FrameEvent, RequestEvent, ResultPayload, SessionOptions, SessionState, TimeoutOptions } from './types.js';

/** The session's hot streams. */
export interface Streams {
  readonly state: BehaviorSubject<SessionState>;
  readonly notifications: Subject<JsonRpcNotification>;
  readonly frames: Subject<FrameEvent>;
  readonly diagnostics: Subject<Diagnostic>;
  readonly connections: Subject<Connection>;
}

/** What the duplex beneath the core adds: a per-request exchange, and the policy a new connection starts with. */
export interface CoreShell {
  readonly exchange: ((frame: OutboundFrame) => Observable<InboundFrame>) | undefined;
  policy(): ConnectionPolicy;
}

/** The policy a new connection starts with: what `options.cancellation` and the duplex beneath say. */
export function startPolicy(options: SessionOptions, transport?: Transport): ConnectionPolicy {
  const exchange = transport !== undefined && canExchange(transport);
  const option = typeof options.cancellation === 'function' ? options.cancellation() : options.cancellation;
  return { cancellation: option ?? transport?.cancellation ?? (exchange ? 'abort' : 'notification'), exchange };
}

function createRuntime(options: SessionOptions, streams: Streams): SessionRuntime {
  const tap = (frame: OutboundFrame) => {
    if (streams.frames.observed) streams.frames.next({ direction: 'out', frame });
  };
  return {
    handlers: options.handlers ?? {},
    nextId: 0,
    connections: new Set(),
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

/**
 * The multiplexing core of a session: requests by id across its connections, server requests to handlers,
 * notifications on hot streams. `multiplex` is the operator over one connection's inbound frames (each subscription
 * is one connection, emitted once its frames flow); `outbound$` is what to send on the connection it opened last.
 * `createSession` and `multiplex()` are both this core around a duplex.
 */
export class SessionCore {
  readonly streams: Streams = {
    state: new BehaviorSubject<SessionState>({ status: 'idle' }),
    notifications: new Subject(),
    frames: new Subject(),
    diagnostics: new Subject(),
    connections: new Subject(),
  };
  readonly runtime: SessionRuntime;
  readonly hold = new ConnectionHold();
  readonly pauses: PauseGate;
  readonly host: RequestHost;
  readonly defaults: TimeoutOptions | false;
  /** The connection opened last (it may have ended). */
  latest: ConnectionRuntime | undefined;
  closed = false;
  private sequence = 0;
  private readonly views = new WeakMap<ConnectionRuntime, Connection>();

  /** The frames to send on the connection opened last; completes at once when it has ended or none was opened. */
  readonly outbound$ = new Observable<OutboundFrame>((subscriber) => {
    const connection = this.latest;
    if (connection === undefined || connection.end !== undefined) {
      subscriber.complete();
      return undefined;
    }
    return connection.queue.outbound$.subscribe(subscriber);
  });

  /** The operator over one connection's inbound frames: each subscription opens one connection (none once closed). */
  readonly multiplex: OperatorFunction<InboundFrame, Connection> = (inbound$) =>
    new Observable<Connection>((subscriber) => {
      if (!this.closed) return this.open(inbound$, subscriber);
      subscriber.error(new ConnectionClosedError('The session was closed'));
      return undefined;
    });

  constructor(private readonly options: SessionOptions, private readonly shell: CoreShell) {
    this.runtime = createRuntime(options, this.streams);
    this.pauses = new PauseGate(options.timeoutPaused$);
    this.defaults = options.timeout === undefined ? DEFAULT_REQUEST_TIMEOUT : options.timeout;
    this.host = {
      runtime: this.runtime,
      hold: this.hold,
      pauses: this.pauses,
      deadlines: new DeadlineQueue(),
      current: () => this.latest,
      unavailable: () => new ConnectionClosedError(this.closed ? 'The session was closed' : 'No connection is open'),
      exchange: shell.exchange,
      route: (connection, frame, origin) => this.route(connection, frame, origin),
      toError: defaultRpcError,
    };
  }

  /** The public view of a connection the core opened. */
  viewOf(connection: ConnectionRuntime): Connection {
    return this.views.get(connection) as Connection;
  }

  /** Closes for good: the state says so, the connection opened last ends, the hot streams complete. */
  close(): void {
    if (this.closed) return;
    const { streams } = this;
    streams.state.next({ status: 'closed' });
    this.closed = true;
    this.latest?.abort(new ConnectionClosedError('The session was closed'));
    this.pauses.close();
    this.host.deadlines.close();
    for (const subject of [streams.notifications, streams.frames, streams.diagnostics, streams.connections, streams.state]) subject.complete();
  }

  private setState(state: SessionState): void {
    if (!this.closed) this.streams.state.next(state);
  }

  private route(connection: ConnectionRuntime, frame: InboundFrame, origin?: RequestOrigin): void {
    if (this.streams.frames.observed) this.streams.frames.next({ direction: 'in', frame });
    const sessionId = frame.info?.sessionId;
    if (sessionId !== undefined) connection.sessionId = sessionId;
    routeFrame(this.runtime, connection, frame, origin);
  }

  /** A new connection, the latest: connecting until the duplex subscribes to its outbound frames. */
  private connection(writable: ReplaySubject<void>): ConnectionRuntime {
    const connection = new ConnectionRuntime(++this.sequence, this.shell.policy(), () => {
      connection.writableAt = asyncScheduler.now();
      this.setState({ status: 'open' });
      writable.next();
      writable.complete();
    });
    this.views.set(connection, this.connectionView(connection));
    this.runtime.connections.add(connection);
    this.latest = connection;
    this.setState({ status: 'connecting' });
    return connection;
  }

  private open(inbound$: Observable<InboundFrame>, subscriber: Subscriber<Connection>): TeardownLogic {
    const writable = new ReplaySubject<void>(1);
    const connection = this.connection(writable);
    // How the connection ends is settled here and acted on in the teardown, which runs after a share behind the
    // operator (`connection$`) has reset: a request started while the connection fails what was in flight on it then
    // opens a new connection instead of joining this one.
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
    // The duplex is connected before anyone hears of the connection: what they send goes to a live one.
    const inbound = inbound$.pipe(connectWithin(this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, writable)).subscribe({
      next: (frame) => this.route(connection, frame),
      error: (error: unknown) => end(TransportError.from(error)),
      complete: () => end(undefined),
    });
    if (!ending) {
      subscriber.next(this.viewOf(connection));
      this.streams.connections.next(this.viewOf(connection));
    }
    return () => {
      ending = true;
      inbound.unsubscribe();
      connection.finish({ error: failure, closed: this.closed && failure === undefined });
      this.runtime.connections.delete(connection);
      // What ended this connection may have opened the next one already (a request repeated on failure).
      if (this.latest === connection) this.setState(failure === undefined ? { status: 'disconnected' } : { status: 'disconnected', error: failure });
    };
  }

  private connectionView(connection: ConnectionRuntime): Connection {
    const { host, defaults } = this;
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
      get sessionId() {
        return connection.sessionId;
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
}
