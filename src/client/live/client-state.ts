import { combineLatest, distinctUntilChanged, endWith, last, map, of, scan, shareReplay, takeUntil, type Observable } from 'rxjs';
import type { ConnectionView } from '../core.js';
import { isStopped, type KeeperStatus, type ReconnectStatus } from '../reconnect.js';
import type { ClientState } from '../types.js';

export type { ClientState } from '../types.js';

type Inputs = readonly [ConnectionView, KeeperStatus | undefined, boolean];

interface Acc {
  readonly state: ClientState;
  readonly wasReady: boolean;
}

function reconnecting(status: ReconnectStatus | undefined): ClientState {
  if (status === undefined) return { status: 'reconnecting', attempt: 1 };
  const state = { status: 'reconnecting' as const, attempt: status.attempt, delayMs: status.delayMs };
  return status.error === undefined ? state : { ...state, error: status.error };
}

function next(acc: Acc, [{ session, server }, retrying, authorizing]: Inputs): Acc {
  const { wasReady } = acc;
  if (session.status === 'closed') return { ...acc, state: { status: 'closed' } };
  if (authorizing) return { ...acc, state: { status: 'authorizing' } };
  if (server !== undefined && session.status === 'open') return { state: { status: 'ready', server }, wasReady: true };
  // A stopped keeper speaks only while nothing is opening a connection (a call may open one before it hears of it).
  const settled = session.status === 'disconnected' || session.status === 'idle';
  if (isStopped(retrying) && settled) return { state: { status: 'failed', error: retrying.stopped }, wasReady: true };
  if (retrying !== undefined && !isStopped(retrying)) return { ...acc, state: reconnecting(retrying) };
  switch (session.status) {
    case 'idle':
      return { ...acc, state: { status: 'idle' } };
    case 'disconnected':
      return { state: session.error ? { status: 'disconnected', error: session.error } : { status: 'disconnected' }, wasReady: true };
    default:
      return { ...acc, state: wasReady ? reconnecting(undefined) : { status: 'connecting' } };
  }
}

const same = (a: ClientState, b: ClientState): boolean => {
  if (a.status !== b.status) return false;
  if (a.status === 'ready') return a.server === (b as typeof a).server;
  if (a.status === 'reconnecting') return a.attempt === (b as typeof a).attempt && a.delayMs === (b as typeof a).delayMs;
  if (a.status === 'failed') return a.error === (b as typeof a).error;
  return true;
};

/**
 * The client's state for UIs, derived from the session's connection state with the negotiated server, the
 * reconnect policy's progress (or its stop after a permanent failure) and the transport's authorization.
 * **Temperature:** hot, replaying the current state. **Emits:** each change of state. **Completes:** after
 * `close()`. **Errors:** never. **Teardown:** none beyond unsubscribing.
 */
export function clientState(
  view$: Observable<ConnectionView>,
  reconnecting$: Observable<KeeperStatus | undefined>,
  authorizing$: Observable<boolean> = of(false),
): Observable<ClientState> {
  const untilClosed = <T>(source$: Observable<T>, fallback: T) => source$.pipe(takeUntil(view$.pipe(last(undefined, null))), endWith(fallback));
  return combineLatest([view$, untilClosed(reconnecting$, undefined), untilClosed(authorizing$, false)]).pipe(
    scan(next, { state: { status: 'idle' }, wasReady: false }),
    map((acc) => acc.state),
    distinctUntilChanged(same),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}
