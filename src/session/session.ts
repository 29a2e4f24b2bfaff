import { BehaviorSubject, Observable, ReplaySubject, Subject, defer, ignoreElements, share, takeUntil, tap, throwError, timer } from 'rxjs';
import { ConnectionClosedError, TransportError } from '../errors/errors.js';
import type { JsonRpcNotification } from '../protocol/jsonrpc.js';
import type { CancellationMode, InboundFrame, OutboundFrame, Transport } from '../transport/types.js';
import { ConnectionHold } from './connection-hold.js';
import { DeadlineQueue } from './deadlines.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, connectWithin } from './connect-timeout.js';
import { OutboundQueue } from './outbound-queue.js';
import { connectionEnded, defaultRpcError, requestEvents, type RequestHost } from './request.js';
import { routeFrame } from './router.js';
import type { ConnectionRuntime, SessionRuntime } from './runtime.js';
import { PauseGate } from './timeouts.js';
import type {
  Diagnostic, FrameEvent, Params, RequestEvent, RequestOptions, ResultPayload, Session, SessionOptions, SessionState, TimeoutOptions,
} from './types.js';

/** Default time limit of a request: 60 s to the first event (progress or result). */
export const DEFAULT_REQUEST_TIMEOUT: TimeoutOptions = { firstMs: 60_000 };

interface Streams {
  readonly state: BehaviorSubject<SessionState>;
  readonly notifications: Subject<JsonRpcNotification>;
  readonly frames: Subject<FrameEvent>;
  readonly diagnostics: Subject<Diagnostic>;
  readonly closing: Subject<void>;
}

function createRuntime(options: SessionOptions, streams: Streams): SessionRuntime {
  return {
    pending: new Map(),
    progressTokens: new Map(),
    handlers: options.handlers ?? {},
    nextId: 0,
    publishNotification: (message) => streams.notifications.next(message),
    diagnose: (diagnostic) => streams.diagnostics.next(diagnostic),
    write(connection: ConnectionRuntime, frame: OutboundFrame): boolean {
      if (streams.frames.observed) streams.frames.next({ direction: 'out', frame });
      return connection.queue.write(frame);
    },
  };
}

function cancellationOf(transport: Transport, option: SessionOptions['cancellation']): () => CancellationMode {
  if (typeof option === 'function') return option;
  const mode: CancellationMode = option ?? transport.cancellation ?? (transport.exchange ? 'abort' : 'notification');
  return () => mode;
}

/**
 * Creates a session over a transport.
 *
 * The session multiplexes requests by id, answers server→client requests with `options.handlers`, publishes
 * notifications on `notifications$`, and reports bad input on `diagnostics$` without ever dying of it. See
 * `Session` for the contract of each member.
 */
export function createSession(transport: Transport, options: SessionOptions = {}): Session {
  const streams: Streams = {
    state: new BehaviorSubject<SessionState>({ status: 'idle' }),
    notifications: new Subject(),
    frames: new Subject(),
    diagnostics: new Subject(),
    closing: new Subject(),
  };
  const runtime = createRuntime(options, streams);
  let current: ConnectionRuntime | undefined;
  let closed = false;
  const setState = (state: SessionState) => {
    if (!closed) streams.state.next(state);
  };
  const route = (connection: ConnectionRuntime, frame: InboundFrame) => {
    if (streams.frames.observed) streams.frames.next({ direction: 'in', frame });
    routeFrame(runtime, connection, frame);
  };

  const open = (): Observable<never> => {
    const writable = new ReplaySubject<void>(1);
    const connection: ConnectionRuntime = {
      queue: new OutboundQueue(() => {
        setState({ status: 'open' });
        writable.next();
        writable.complete();
      }),
      running: new Map(),
    };
    current = connection;
    setState({ status: 'connecting' });
    const end = (error?: unknown) => {
      connection.queue.end();
      for (const handler of [...connection.running.values()]) handler.cancel();
      connection.running.clear();
      if (current === connection) current = undefined;
      setState(error === undefined ? { status: 'disconnected' } : { status: 'disconnected', error: TransportError.from(error) });
    };
    const connectMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    return transport.connect(connection.queue.outbound$).pipe(
      connectWithin(connectMs, writable),
      tap({ next: (frame) => route(connection, frame), error: (error: unknown) => end(error), complete: () => end(), unsubscribe: () => end() }),
      ignoreElements(),
      takeUntil(streams.closing),
    );
  };

  const connection$ = defer(() => (closed ? throwError(() => new ConnectionClosedError('Session closed')) : open())).pipe(
    share<never>({
      resetOnError: true,
      resetOnComplete: true,
      resetOnRefCountZero: options.idleCloseMs === undefined ? false : () => timer(options.idleCloseMs ?? 0),
    }),
  );

  const pauses = new PauseGate(options.timeoutPaused$);
  const host: RequestHost = {
    runtime,
    connection$,
    hold: new ConnectionHold(connection$),
    pauses,
    deadlines: new DeadlineQueue(),
    current: () => current,
    exchange: transport.exchange?.bind(transport),
    cancellation: cancellationOf(transport, options.cancellation),
    route,
    toError: defaultRpcError,
  };
  const defaultTimeout = options.timeout === undefined ? DEFAULT_REQUEST_TIMEOUT : options.timeout;

  const plan = (method: string, params: Params | undefined, requestOptions: RequestOptions, resultOnly: boolean) => {
    const limits = requestOptions.timeout === undefined ? defaultTimeout : requestOptions.timeout;
    const wantsProgress = requestOptions.progress === true || (limits !== false && limits.idleMs !== undefined);
    return { method, params, options: requestOptions, wantsProgress, limits, resultOnly };
  };

  return {
    requestEvents: (method, params, requestOptions = {}) =>
      requestEvents(host, plan(method, params, requestOptions, false)) as Observable<RequestEvent>,
    request: (method, params, requestOptions = {}) =>
      requestEvents(host, plan(method, params, requestOptions, true)) as Observable<ResultPayload>,
    notify: (method, params, notifyOptions = {}) => notification$(host, method, params, notifyOptions.headers),
    notifications$: hotUntilConnectionEnds(streams.notifications, connection$),
    state$: streams.state.asObservable(),
    frames$: streams.frames.asObservable(),
    diagnostics$: streams.diagnostics.asObservable(),
    connection$,
    get state() {
      return streams.state.getValue();
    },
    close() {
      if (closed) return;
      streams.state.next({ status: 'closed' });
      closed = true;
      streams.closing.next();
      pauses.close();
      for (const subject of [streams.notifications, streams.frames, streams.diagnostics, streams.state]) subject.complete();
    },
  };
}

function notification$(host: RequestHost, method: string, params: Params | undefined, headers: Readonly<Record<string, string>> | undefined): Observable<never> {
  return new Observable<never>((subscriber) => {
    const hold = host.connection$.subscribe({ error: (error: unknown) => subscriber.error(connectionEnded(error)) });
    const connection = host.current();
    if (subscriber.closed) return hold;
    const message = params === undefined ? { jsonrpc: '2.0' as const, method } : { jsonrpc: '2.0' as const, method, params };
    if (connection && host.runtime.write(connection, headers ? { message, headers } : { message })) subscriber.complete();
    else subscriber.error(connectionEnded());
    return hold;
  });
}

function hotUntilConnectionEnds<T>(source: Subject<T>, connection$: Observable<never>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const inner = source.subscribe(subscriber);
    const hold = connection$.subscribe({ error: () => subscriber.complete(), complete: () => subscriber.complete() });
    return () => {
      inner.unsubscribe();
      hold.unsubscribe();
    };
  });
}
