import {
  BehaviorSubject, Observable, ReplaySubject, Subject, combineLatest, defer, distinctUntilChanged, filter, map, merge, of, share, switchMap, take,
  throwError,
} from 'rxjs';
import { ConnectionClosedError, TransportError, UnsupportedMethodError } from '../errors/errors.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { Implementation } from '../protocol/model/metadata.js';
import type { ProtocolVersion } from '../protocol/versions.js';
import { createSession } from '../session/session.js';
import type { Diagnostic, Params, Session, SessionState } from '../session/types.js';
import type { Transport } from '../transport/types.js';
import { callOn } from './call.js';
import { readyWithin, type ReadyCall } from './deadline.js';
import type { ToolCallOptions } from './envelope.js';
import { baseVerbChain } from './links/base-chain.js';
import type { VerbCall } from './links/verb-call.js';
import { hasCapability } from '../protocol/model/capabilities.js';
import { Negotiations, type ClientConnection } from './client-connection.js';
import type { CallOptions } from './envelope.js';
import type { CallEvent } from './input-rounds.js';
import { ResultOnly } from './result-only.js';
import { keepConnected, type KeeperStatus } from './reconnect.js';
import { DEFAULT_HUMAN_WAIT_MS, HumanWait } from './human-wait.js';
import { outputChecker, type ToolOutputCheck } from '../protocol/output-schema.js';
import { legacyHandlers, serverRequestRunner, type ServerRequestRunner } from './server-requests.js';
import type { ClientOptions, CloseOptions, ReconnectOptions, ServerSession } from './types.js';
import type { WarmHooks, WarmSession } from './warm/hooks.js';

/** The client's machinery under the verbs: the session, negotiation per connection, the keeper, one `call`. */
export interface ClientCore {
  readonly session: Session;
  readonly options: ClientOptions;
  readonly transport: Transport;
  /** The negotiated server of the open connection; `undefined` while none is open and negotiated. Hot, replayed. */
  readonly server$: Observable<ServerSession | undefined>;
  /** The session's state and the negotiated server together, updated as one (so a UI never sees them disagree). */
  readonly view$: Observable<ConnectionView>;
  server(): ServerSession | undefined;
  /** The open negotiated connection, if any. */
  current(): ClientConnection | undefined;
  /** The negotiated connection: the open one, or a new one (opened, then negotiated). Emits once. */
  ready(): Observable<ClientConnection>;
  /**
   * The negotiated connection for a call of `method`, awaited within the call's limits (the deadline rule, see
   * `readyWithin`), with the options left for the request. Emits once.
   */
  readyFor(method: string, options: CallOptions): Observable<ReadyCall>;
  /**
   * Each negotiated connection, while subscribed keeping the client connected per its reconnect policy. Hot and
   * shared by everything live (catalogs, watches, notification streams). Completes after `close()`.
   */
  readonly live$: Observable<ClientConnection>;
  /**
   * Where re-opening a lost connection stands: the attempt waited for, or stopped for good after a permanent
   * failure (`undefined` when nothing is being re-opened). Hot, replayed.
   */
  readonly reconnecting$: Observable<KeeperStatus | undefined>;
  /**
   * One request through the client's chain (`verbChain`: approval, session loss, output check, the connection, header
   * re-list, task fallback) and then the connection's (`connectionChain`). `safe` defaults to true for every method
   * but `tools/call`.
   */
  call(method: string, params: Params | undefined, options?: ToolCallOptions, safe?: boolean): Observable<CallEvent<unknown>>;
  /** The result alone of `call(method, params, options, safe)`: one Observable over the chain. */
  result<R>(method: string, params: Params | undefined, options?: ToolCallOptions, safe?: boolean): Observable<R>;
  /** Puts the client's chain in place of the base one (session loss and the connection only). */
  install(send: (call: VerbCall) => Observable<CallEvent<unknown>>): void;
  /** Sends a notification the negotiated revision has, with its headers. */
  notify(method: string, params?: Params): Observable<never>;
  /**
   * The log level the client wants: sent with each request where the revision carries it per request, and (once
   * `setLoggingLevel` set it) with `logging/setLevel` on each new legacy connection.
   */
  logLevel: LoggingLevel | undefined;
  /** True once `setLoggingLevel` chose the level: a new legacy connection is then told it again. */
  logLevelChosen: boolean;
  /** Reports something the client dropped or could not do, on `diagnostics$`. */
  diagnose(diagnostic: Diagnostic): void;
  /** The session's diagnostics and the client's own. Hot. */
  readonly diagnostics$: Observable<Diagnostic>;
  /** True after `close()`. */
  readonly closed: boolean;
  /** Closes the session for good and completes the client's own streams. */
  close(options?: CloseOptions): void;
  /** True while the transport's authorization waits for the user (time limits stand still meanwhile). */
  readonly waitingForUser$: Observable<boolean>;
  /** The runner that answers server requests and input requests through the handlers. */
  readonly run: ServerRequestRunner;
  /** Waits on a person: server requests' handlers, approvals. */
  readonly human: HumanWait;
  /** The check of tool results against their tools' output schemas (per `validateOutput`). */
  readonly checkOutput: ToolOutputCheck;
  /** The warm start (`ClientOptions.warmStart`), when there is one. */
  readonly warm: WarmSession | undefined;
}

/** The session's state with the server negotiated on its open connection, if any. */
export interface ConnectionView {
  readonly session: SessionState;
  readonly server: ServerSession | undefined;
}

/** What a transport with authorization exposes (the HTTP transports' `auth` option). */
interface WithAuth {
  readonly auth?: { readonly waitingForUser$?: Observable<boolean>; partition?(): string | undefined };
}

function reconnectPolicy(transport: Transport, options: ClientOptions): ReconnectOptions | undefined {
  if (options.reconnect === false) return undefined;
  if (options.reconnect === undefined && transport.reconnectable === false) return undefined;
  return options.reconnect ?? {};
}

function createSessionFor(transport: Transport, options: ClientOptions, run: ServerRequestRunner, paused$: Observable<boolean>, versionOf: () => ProtocolVersion | undefined): Session {
  return createSession(transport, {
    handlers: legacyHandlers(run, versionOf),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(options.idleCloseMs === undefined ? {} : { idleCloseMs: options.idleCloseMs }),
    ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
    timeoutPaused$: paused$,
  });
}

/**
 * A new legacy connection starts at the server's default log level: the level the client chose is sent again (not
 * waited for; a refusal is a diagnostic). On 2026-07-28 every request carries the level, so there is nothing to do.
 */
function restoreLogLevel(core: ClientCore, ready: ClientConnection): void {
  const level = core.logLevel;
  if (!core.logLevelChosen || level === undefined || ready.policy.revision.logLevel === 'meta') return;
  if (!hasCapability(ready.server.capabilities, ['logging'])) return;
  callOn(ready, 'logging/setLevel', { level }, {}).subscribe({
    error: (error: unknown) => {
      const cause = TransportError.from(error);
      core.diagnose({ kind: 'log-level-not-restored', message: `The log level ${level} could not be set again on the new connection: ${cause.message}`, error: cause });
    },
  });
}

/** Builds the client core over a transport. */
export function createClientCore(transport: Transport, options: ClientOptions, clientInfo: Implementation): ClientCore {
  const view = new BehaviorSubject<ConnectionView>({ session: { status: 'idle' }, server: undefined });
  const reconnecting = new BehaviorSubject<KeeperStatus | undefined>(undefined);
  const diagnostics = new Subject<Diagnostic>();
  const human = new HumanWait(options.humanWaitMs ?? DEFAULT_HUMAN_WAIT_MS, (diagnostic) => diagnostics.next(diagnostic));
  const versionOf = () => view.value.server?.protocolVersion;
  const run = serverRequestRunner(options, human, versionOf);
  const waitingForUser$ = (transport as WithAuth).auth?.waitingForUser$ ?? of(false);
  const paused$ = combineLatest([human.paused$, waitingForUser$]).pipe(map(([answering, authorizing]) => answering || authorizing), distinctUntilChanged());
  const session = createSessionFor(transport, options, run, paused$, versionOf);
  const auth = (transport as WithAuth).auth;
  const partition = options.cachePartition ?? (() => (auth === undefined ? '' : auth.partition?.()));
  let closed = false;
  const warm = (options.warmStart as WarmHooks | undefined)?.open({ clientInfo, protocol: options.protocol, partition, diagnose: (d) => diagnostics.next(d) });
  const negotiations = new Negotiations({
    warm,
    transport,
    options,
    clientInfo,
    run,
    partition,
    logLevel: () => core.logLevel,
    diagnose: (diagnostic) => diagnostics.next(diagnostic),
    onReady: (ready) => {
      restoreLogLevel(core, ready);
      view.next({ session: session.state, server: ready.server });
    },
  });
  // The server is known while its connection is open; the session says when that stops.
  session.state$.subscribe({
    next: (state) => view.next({ session: state, server: state.status === 'open' ? negotiations.current()?.server : undefined }),
    complete: () => view.complete(),
  });
  const server$ = view.pipe(map((v) => v.server), distinctUntilChanged());
  const ready = (): Observable<ClientConnection> =>
    defer(() => {
      const known = negotiations.current();
      if (known !== undefined) return of(known);
      if (closed) return throwError(() => new ConnectionClosedError('The client was closed'));
      return session.connection$.pipe(take(1), switchMap((connection) => negotiations.of(connection)));
    });
  const live$ = keepConnected({
    ready,
    hold$: session.connection$,
    connections$: session.connections$,
    settled$: session.state$.pipe(filter((state) => state.status !== 'connecting' && state.status !== 'open')),
    isClosed: () => closed,
    policy: reconnectPolicy(transport, options),
    report: (status) => reconnecting.next(status),
  }).pipe(share({ connector: () => new ReplaySubject<ClientConnection>(1), resetOnRefCountZero: true, resetOnComplete: true, resetOnError: true }));
  const core: ClientCore = {
    session,
    options,
    transport,
    server$,
    view$: view.asObservable(),
    server: () => view.value.server,
    current: () => negotiations.current(),
    ready,
    live$,
    reconnecting$: reconnecting.asObservable(),
    logLevel: options.logLevel,
    logLevelChosen: false,
    readyFor: (method, callOptions) => readyWithin(method, callOptions, options.timeout, ready()),
    call: (method, params, callOptions = {}, safe = method !== 'tools/call') => defer(() => send({ method, params, options: callOptions, safe })),
    result: <R>(method: string, params: Params | undefined, callOptions: ToolCallOptions = {}, safe = method !== 'tools/call') =>
      new Observable<R>((subscriber) => send({ method, params, options: callOptions, safe }).subscribe(new ResultOnly<R>(subscriber))),
    install: (chain) => {
      send = chain;
    },
    notify: (method, params) =>
      ready().pipe(
        switchMap((n) => {
          if (!n.policy.canNotify(method)) throw new UnsupportedMethodError(`${method} is not a client notification of MCP ${n.server.protocolVersion}`, { method });
          const headers = n.policy.notificationHeaders(method);
          return n.connection.notify(method, params, headers ? { headers } : {});
        }),
      ),
    diagnose: (diagnostic) => diagnostics.next(diagnostic),
    diagnostics$: merge(session.diagnostics$, diagnostics),
    get closed() {
      return closed;
    },
    close: (closeOptions) => {
      if (closed) return;
      closed = true;
      if (closeOptions?.keepSession === true) transport.keepSession?.();
      session.close();
      reconnecting.complete();
      diagnostics.complete();
    },
    waitingForUser$,
    run,
    human,
    checkOutput: outputChecker({ options, diagnose: (diagnostic) => diagnostics.next(diagnostic) }),
    warm,
  };
  let send = baseVerbChain(core);
  return core;
}

