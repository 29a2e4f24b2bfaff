import { combineLatest, distinctUntilChanged, endWith, last, map, of, scan, shareReplay, takeUntil, type Observable } from 'rxjs';
import type { McpError } from '../../errors/mcp-error.js';
import type { ConnectionView } from '../core.js';
import type { ReconnectStatus } from '../reconnect.js';
import type { ServerSession } from '../types.js';

/**
 * The client's connection as a UI shows it. `connecting` covers opening the transport and negotiating, the first
 * time; `authorizing` means the transport's authorization waits for the user (to sign in, or to approve in a
 * browser window); `ready` carries the negotiated server; `reconnecting` means a connection was lost and the client
 * is opening another (which attempt, how long it waits before it, and why the last one ended); `disconnected`
 * means the connection ended and nothing is re-opening it (nothing live needs it, the reconnect policy is off or
 * gave up): the next call opens one; `closed` means `close()` was called.
 */
export type ClientState =
  | {
      /** Nothing opened yet. */
      readonly status: 'idle'
    }
  | {
      /** The transport's authorization waits for the user. */
      readonly status: 'authorizing'
    }
  | {
      /** Opening the transport and negotiating, the first time. */
      readonly status: 'connecting'
    }
  | {
      /** Negotiated. */
      readonly status: 'ready';
      /** The negotiated server. */
      readonly server: ServerSession
    }
  | {
      /** A connection was lost; another is being opened. */
      readonly status: 'reconnecting';
      /** Which attempt, from 1. */
      readonly attempt: number;
      /** How long the client waits before this attempt. */
      readonly delayMs?: number;
      /** Why the last connection ended. */
      readonly error?: McpError
    }
  | {
      /** Nothing is re-opening the connection; the next call opens one. */
      readonly status: 'disconnected';
      /** Why it ended, when it failed. */
      readonly error?: McpError
    }
  | {
      /** `close()` was called. */
      readonly status: 'closed'
    };

type Inputs = readonly [ConnectionView, ReconnectStatus | undefined, boolean];

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
  if (retrying !== undefined) return { ...acc, state: reconnecting(retrying) };
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
  return true;
};

/**
 * The client's state for UIs, derived from the session's connection state with the negotiated server, the
 * reconnect policy's progress and the transport's authorization.
 * **Temperature:** hot, replaying the current state. **Emits:** each change of state. **Completes:** after
 * `close()`. **Errors:** never. **Teardown:** none beyond unsubscribing.
 */
export function clientState(
  view$: Observable<ConnectionView>,
  reconnecting$: Observable<ReconnectStatus | undefined>,
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
