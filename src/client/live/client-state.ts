import { combineLatest, distinctUntilChanged, endWith, last, map, of, scan, shareReplay, takeUntil, type Observable } from 'rxjs';
import type { McpError } from '../../errors/mcp-error.js';
import type { SessionState } from '../../session/types.js';
import type { ServerSession } from '../types.js';

/**
 * The client's connection as a UI shows it. `authorizing` means the transport's authorization waits for the user
 * (to sign in, or to approve in a browser window); `connecting` covers opening the transport and negotiating;
 * `reconnecting` is the same after a connection was lost; `disconnected` means the connection ended (the next call
 * or live stream reconnects); `closed` means `close()` was called.
 */
export type ClientState =
  | { readonly status: 'idle' }
  | { readonly status: 'authorizing' }
  | { readonly status: 'connecting' }
  | { readonly status: 'ready'; readonly server: ServerSession }
  | { readonly status: 'reconnecting'; readonly error?: McpError }
  | { readonly status: 'disconnected'; readonly error?: McpError }
  | { readonly status: 'closed' };

interface Acc {
  readonly state: ClientState;
  readonly wasConnected: boolean;
  readonly lastError: McpError | undefined;
}

function next(acc: Acc, [session, server, authorizing]: readonly [SessionState, ServerSession | undefined, boolean]): Acc {
  const { wasConnected, lastError } = acc;
  if (authorizing && session.status !== 'closed') return { ...acc, state: { status: 'authorizing' } };
  switch (session.status) {
    case 'idle':
      return { ...acc, state: { status: 'idle' } };
    case 'closed':
      return { ...acc, state: { status: 'closed' } };
    case 'disconnected':
      return { state: session.error ? { status: 'disconnected', error: session.error } : { status: 'disconnected' }, wasConnected: true, lastError: session.error };
    default:
      if (session.status === 'open' && server) return { state: { status: 'ready', server }, wasConnected: true, lastError: undefined };
      if (!wasConnected) return { ...acc, state: { status: 'connecting' } };
      return { ...acc, state: lastError ? { status: 'reconnecting', error: lastError } : { status: 'reconnecting' } };
  }
}

const same = (a: ClientState, b: ClientState): boolean =>
  a.status === b.status && (a.status !== 'ready' || a.server === (b as typeof a).server);

/**
 * The client's state for UIs, derived from the session's connection state and the negotiated server.
 * **Temperature:** hot, replaying the current state. **Emits:** each change of state. **Completes:** after
 * `close()`. **Errors:** never. **Teardown:** none beyond unsubscribing.
 */
export function clientState(
  session$: Observable<SessionState>,
  server$: Observable<ServerSession | undefined>,
  authorizing$: Observable<boolean> = of(false),
): Observable<ClientState> {
  return combineLatest([session$, server$, authorizing$.pipe(takeUntil(session$.pipe(last(undefined, null))), endWith(false))]).pipe(
    scan(next, { state: { status: 'idle' }, wasConnected: false, lastError: undefined }),
    map((acc) => acc.state),
    distinctUntilChanged(same),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}
