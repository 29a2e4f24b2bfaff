import { EMPTY, asyncScheduler, concat, defer, ignoreElements, merge, mergeMap, of, retry, catchError, switchMap, take, tap, throwError, timer, type Observable } from 'rxjs';
import { ConnectionClosedError, TransportError } from '../errors/errors.js';
import { McpError } from '../errors/mcp-error.js';
import type { Connection } from '../session/types.js';
import type { ClientConnection } from './client-connection.js';
import { isPermanentConnectFailure } from './connect-failures.js';
import { exponentialDelay } from './live/backoff.js';
import type { ReconnectOptions } from './types.js';

/** Where the client is in re-opening a lost connection. */
export interface ReconnectStatus {
  /** 1 for the first attempt after the loss, 2 for the next, ... */
  readonly attempt: number;
  /** How long the client waits before this attempt, in ms. */
  readonly delayMs: number;
  /** Why the connection was lost, or why the previous attempt failed. */
  readonly error: McpError | undefined;
}

/**
 * The keeper stopped re-opening the connection: it failed in a way that opening it again cannot mend (see
 * `isPermanentConnectFailure`). It waits for the next call to open a connection, and follows that one.
 */
export interface ReconnectStopped {
  /** The permanent failure. */
  readonly stopped: McpError;
}

/** What the keeper reports: an attempt it waits for, that it stopped for good, or `undefined` (nothing pending). */
export type KeeperStatus = ReconnectStatus | ReconnectStopped;

/** True when the keeper stopped for good rather than waiting for an attempt. */
export const isStopped = (status: KeeperStatus | undefined): status is ReconnectStopped => status !== undefined && 'stopped' in status;

const asMcpError = (error: unknown): McpError => (McpError.is(error) ? error : TransportError.from(error));

/** Default first delay of the reconnect policy. */
export const DEFAULT_RECONNECT_INITIAL_MS = 500;
/** Default longest delay of the reconnect policy. */
export const DEFAULT_RECONNECT_MAX_MS = 30_000;

/** The delay before attempt `attempt` (1-based) after `error`: backoff with jitter, at least `Retry-After`. */
export function reconnectDelay(options: ReconnectOptions, attempt: number, error: unknown): number {
  const base = exponentialDelay(attempt, options.initialDelayMs ?? DEFAULT_RECONNECT_INITIAL_MS, options.maxDelayMs ?? DEFAULT_RECONNECT_MAX_MS, options.factor);
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.5));
  const delay = Math.round(base * (1 - jitter * (options.random ?? Math.random)()));
  return Math.max(delay, retryAfterMs(error) ?? 0);
}

/** What a 429 or 503 answer's `Retry-After` asks for, in ms (seconds or an HTTP date). */
export function retryAfterMs(error: unknown): number | undefined {
  if (!TransportError.is(error) || (error.status !== 429 && error.status !== 503)) return undefined;
  const value = (error.cause as { headers?: { get(name: string): string | null } } | undefined)?.headers?.get('retry-after');
  if (value === null || value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - asyncScheduler.now());
}

/** What keeping the client connected needs. */
export interface KeeperDeps {
  /** The negotiated connection, opening and negotiating one when none is open. */
  ready(): Observable<ClientConnection>;
  /** The session's connection, to hold it while following one (`Session.connection$`). */
  readonly hold$: Observable<unknown>;
  /** Every connection the session opens (a call may open one while the keeper waits). */
  readonly connections$: Observable<Connection>;
  /** Emits once the session holds no connection any more (a failed one has been closed down). */
  readonly settled$: Observable<unknown>;
  isClosed(): boolean;
  /** The policy; `undefined` when the client does not reconnect by itself. */
  readonly policy: ReconnectOptions | undefined;
  report(status: KeeperStatus | undefined): void;
}

const lost = (ready: ClientConnection): Observable<never> =>
  ready.ended$.pipe(mergeMap((end) => throwError(() => end.error ?? new ConnectionClosedError('The server closed the connection'))));

/** Emits the connection, holds it while it lasts, then errors with how it ended. */
function follow(deps: KeeperDeps, ready: ClientConnection): Observable<ClientConnection> {
  if (ready.connection.end !== undefined) return lost(ready);
  return merge(concat(of(ready), lost(ready)), deps.hold$.pipe(ignoreElements(), catchError(() => EMPTY)));
}

/**
 * Keeps the client connected while subscribed, and emits each negotiated connection. When one is lost, it is
 * re-opened per the policy: after a delay (exponential, with jitter, at least a 429/503 `Retry-After`), counting
 * failed attempts in a row and starting the count again once a connection succeeds. After `maxAttempts`, or
 * without a policy, it waits until something else (the next call) opens a connection, and follows that one. A
 * permanent failure (`isPermanentConnectFailure`: no revision in common, authorization refused, a command that cannot
 * start, an HTTP 4xx other than 408 and 429) is not retried: the keeper reports it as stopped, and waits the same way.
 *
 * **Temperature:** cold (share it). **Emits:** each negotiated `ClientConnection`. **Completes:** once the client
 * is closed. **Errors:** never. **Teardown:** lets go of the connection (it stays open for others, or closes after
 * `idleCloseMs`) and cancels a pending attempt.
 */
export function keepConnected(deps: KeeperDeps): Observable<ClientConnection> {
  // A failed attempt is acted on once the session has closed that connection down, so that what the client shows
  // (the session's state, this policy's progress) moves in order. A permanent failure is reported at once, so that
  // the session's closing shows it as final rather than as a disconnection.
  const attempt$ = defer(() => (deps.isClosed() ? EMPTY : deps.ready())).pipe(
    catchError((error: unknown) => {
      if (isPermanentConnectFailure(error)) deps.report({ stopped: asMcpError(error) });
      return deps.settled$.pipe(take(1), mergeMap(() => throwError(() => error)));
    }),
    switchMap((ready) => follow(deps, ready)),
    tap(() => deps.report(undefined)),
  );
  const { policy } = deps;
  const retried$ = policy === undefined ? attempt$ : attempt$.pipe(
    retry({
      count: policy.maxAttempts ?? Number.POSITIVE_INFINITY,
      resetOnSuccess: true,
      delay: (error: unknown, attempt: number) => {
        if (deps.isClosed()) return EMPTY;
        if (isPermanentConnectFailure(error)) return throwError(() => error);
        const delayMs = reconnectDelay(policy, attempt, error);
        deps.report({ attempt, delayMs, error: asMcpError(error) });
        return timer(delayMs);
      },
    }),
  );
  return retried$.pipe(
    catchError((error: unknown) => {
      deps.report(isPermanentConnectFailure(error) ? { stopped: asMcpError(error) } : undefined);
      if (deps.isClosed()) return EMPTY;
      return deps.connections$.pipe(take(1), tap(() => deps.report(undefined)), switchMap(() => keepConnected(deps)));
    }),
  );
}
