import {
  BehaviorSubject, EmptyError, Observable, ReplaySubject, Subject, catchError, combineLatest, defer, distinctUntilChanged, finalize, first,
  map, merge, mergeMap, of, retry, share, switchMap, take, tap, throwError,
} from 'rxjs';
import { ConnectionClosedError, ResponseStreamEndedError, UnsupportedMethodError } from '../errors/errors.js';
import { McpError } from '../errors/mcp-error.js';
import { hasCapability } from '../protocol/model/capabilities.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { Implementation } from '../protocol/model/metadata.js';
import { isClientRequestSpec, methodSpec } from '../protocol/methods.js';
import { createSession } from '../session/session.js';
import type { Diagnostic, Params, RequestEvent, Session } from '../session/types.js';
import type { Transport } from '../transport/types.js';
import { decodeResult } from '../protocol/codec.js';
import { requestOptionsFor, type CallOptions, type Envelope } from './envelope.js';
import { withInputRounds, type CallEvent } from './input-rounds.js';
import { negotiate, type Negotiated } from './negotiate.js';
import { HumanWait, legacyHandlers, serverRequestRunner, type ServerRequestRunner } from './server-requests.js';
import type { ClientOptions, ServerSession } from './types.js';

/** Default cap on `input_required` rounds of one request. */
export const DEFAULT_MAX_INPUT_ROUNDS = 10;

/** The client's machinery under the verbs: the session, negotiation per connection, and one `call`. */
export interface ClientCore {
  readonly session: Session;
  readonly options: ClientOptions;
  readonly server$: Observable<ServerSession | undefined>;
  server(): ServerSession | undefined;
  /** Negotiates on first use of each connection; emits the negotiated connection once. */
  ready(): Observable<Negotiated>;
  /** One request of the negotiated revision, with input rounds (2026-07-28) and result decoding. */
  call(method: string, params: Params | undefined, options?: CallOptions): Observable<CallEvent<unknown>>;
  /** Sends a notification with the negotiated revision's headers. */
  notify(method: string, params?: Params): Observable<never>;
  logLevel: LoggingLevel | undefined;
  /** Forgets the negotiation (the server lost its session): the next call negotiates again. */
  renegotiate(): void;
  /** Reports something the client dropped or could not do, on `diagnostics$`. */
  diagnose(diagnostic: Diagnostic): void;
  /** The session's diagnostics and the client's own. Hot. */
  readonly diagnostics$: Observable<Diagnostic>;
  /** Closes the session for good and completes the client's own streams. */
  close(): void;
  /** True while the transport's authorization waits for the user (time limits stand still meanwhile). */
  readonly waitingForUser$: Observable<boolean>;
}

/** What a transport with authorization exposes (the HTTP transports' `auth` option). */
interface WithAuth {
  readonly auth?: { readonly waitingForUser$?: Observable<boolean> };
}

function assertSupported(negotiated: Negotiated, method: string): void {
  const { protocolVersion, capabilities } = negotiated.server;
  const spec = methodSpec(protocolVersion, method);
  if (!isClientRequestSpec(spec)) {
    throw new UnsupportedMethodError(`${method} is not part of MCP ${protocolVersion}`, { method });
  }
  if (spec.serverCapability && !hasCapability(capabilities, spec.serverCapability)) {
    throw new UnsupportedMethodError(`The server does not declare the ${spec.serverCapability.join('.')} capability needed for ${method}`, { method });
  }
}

/** Runs `work$` while holding the connection; completes (or errors) when the connection does. */
function whileConnected<T>(connection$: Observable<never>, work$: Observable<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const hold = connection$.subscribe({ error: (error: unknown) => subscriber.error(error), complete: () => subscriber.complete() });
    const work = work$.subscribe({ next: (value) => subscriber.next(value), error: (error: unknown) => subscriber.error(error) });
    return () => {
      work.unsubscribe();
      hold.unsubscribe();
    };
  });
}

/** The negotiation of the open connection while it holds, so that `call` need not wait on `ready()`. */
interface Current {
  negotiated: Negotiated | undefined;
}

function readyStream(session: Session, options: ClientOptions, clientInfo: Implementation, server: BehaviorSubject<ServerSession | undefined>, expired: Subject<void>, current: Current): Observable<Negotiated> {
  const lost$ = expired.pipe(take(1), mergeMap(() => throwError(() => new ConnectionClosedError('The server ended the session'))));
  const negotiated$ = negotiate(session, options, clientInfo).pipe(tap((n) => server.next(n.server)));
  const forget = (): void => {
    current.negotiated = undefined;
  };
  return defer(() => whileConnected(session.connection$, merge(negotiated$, lost$))).pipe(
    tap({ next: (n) => (current.negotiated = n), error: forget, complete: forget, unsubscribe: forget }),
    finalize(() => server.next(undefined)),
    share({ connector: () => new ReplaySubject<Negotiated>(1), resetOnError: true, resetOnComplete: true, resetOnRefCountZero: false }),
  );
}

const modernEnvelopes = new WeakMap<Negotiated, Envelope>();

/** The envelope of a 2026-07-28 request: one object per negotiation and log level, so its `_meta` is built once. */
function modernEnvelope(negotiated: Negotiated, logLevel: LoggingLevel | undefined): Envelope {
  const known = modernEnvelopes.get(negotiated);
  if (known !== undefined && known.logLevel === logLevel) return known;
  const envelope = { ...negotiated.envelope, logLevel };
  modernEnvelopes.set(negotiated, envelope);
  return envelope;
}

function callWith(core: ClientCore, run: ServerRequestRunner, negotiated: Negotiated, method: string, params: Params | undefined, options: CallOptions, perRequestStreams: boolean): Observable<CallEvent<unknown>> {
  assertSupported(negotiated, method);
  const version = negotiated.server.protocolVersion;
  const modern = negotiated.server.era === 'modern';
  const envelope = modern ? modernEnvelope(negotiated, core.logLevel) : negotiated.envelope;
  const reissue = modern && perRequestStreams;
  const send = (p: Params | undefined): Observable<RequestEvent> => {
    const request$ = core.session.requestEvents(method, p, requestOptionsFor(envelope, method, p, options));
    return reissue ? request$.pipe(retry({ count: 1, delay: reissueWhenStreamLost })) : request$;
  };
  const decode = (raw: Params) => decodeResult(version, method, raw);
  if (negotiated.server.era === 'modern' && methodSpec(version, method)?.mayRequireInput) {
    const maxRounds = core.options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS;
    return withInputRounds({ method, maxRounds, run, send, decode }, params ?? {});
  }
  return send(params).pipe(map((event): CallEvent<unknown> => (event.type === 'result' ? { type: 'result', result: decode(event.result) } : event)));
}

/** Builds the client core over a transport. */
export function createClientCore(transport: Transport, options: ClientOptions, clientInfo: Implementation): ClientCore {
  const human = new HumanWait();
  const server = new BehaviorSubject<ServerSession | undefined>(undefined);
  const run = serverRequestRunner(options, human, () => server.value?.protocolVersion);
  const waitingForUser$ = (transport as WithAuth).auth?.waitingForUser$ ?? of(false);
  const paused$ = combineLatest([human.waiting$, waitingForUser$]).pipe(
    map(([answering, authorizing]) => answering || authorizing),
    distinctUntilChanged(),
  );
  const session = createSession(transport, {
    handlers: legacyHandlers(run),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(options.idleCloseMs === undefined ? {} : { idleCloseMs: options.idleCloseMs }),
    ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
    timeoutPaused$: paused$,
    cancellation: () => (server.value?.era === 'modern' && transport.exchange ? 'abort' : 'notification'),
  });
  const expired = new Subject<void>();
  const diagnostics = new Subject<Diagnostic>();
  const current: Current = { negotiated: undefined };
  const ready$ = readyStream(session, options, clientInfo, server, expired, current);
  const perRequestStreams = transport.exchange !== undefined;
  const core: ClientCore = {
    session,
    options,
    server$: server.asObservable(),
    server: () => server.value,
    logLevel: options.logLevel,
    ready: () =>
      ready$.pipe(
        first(),
        catchError((error: unknown) => throwError(() => (error instanceof EmptyError ? new ConnectionClosedError() : error))),
      ),
    call: (method, params, callOptions = {}) =>
      defer(() => {
        const known = current.negotiated;
        if (known !== undefined) return callWith(core, run, known, method, params, callOptions, perRequestStreams);
        return core.ready().pipe(switchMap((n) => defer(() => callWith(core, run, n, method, params, callOptions, perRequestStreams))));
      }),
    notify: (method, params) =>
      core.ready().pipe(switchMap((n) => session.notify(method, params, { headers: requestOptionsFor(n.envelope, method, params).headers ?? {} }))),
    renegotiate: () => expired.next(),
    waitingForUser$,
    diagnose: (diagnostic) => diagnostics.next(diagnostic),
    close: () => {
      session.close();
      server.next(undefined);
      server.complete();
      diagnostics.complete();
    },
    diagnostics$: merge(session.diagnostics$, diagnostics),
  };
  return core;
}

/** 2026-07-28: a request whose response stream broke is lost, and is re-issued once, with a new id. */
function reissueWhenStreamLost(error: unknown): Observable<number> {
  return ResponseStreamEndedError.is(error) ? of(0) : throwError(() => error);
}

/** True for the error a Streamable HTTP transport raises when the server forgot the session (HTTP 404). */
export function isSessionExpired(error: unknown): boolean {
  return McpError.hasKind(error, 'SessionExpiredError');
}
