// What a session's daemon knows of its connection for `rxmcp sessions`: the state, the server, the tools.
import { asyncScheduler, BehaviorSubject, NEVER, retry, Subscription, switchMap, timer, type Observable } from 'rxjs';
import type { Client, ClientState } from '../../index.js';
import type { SessionStatus } from './wire.js';

/** How long the daemon waits before listing the tools again after the listing failed. */
const TOOLS_RETRY_MS = 1000;

/** The part of `SessionStatus` that the connection decides. */
export type ConnectionStatus = Pick<SessionStatus, 'state' | 'server' | 'revision' | 'reconnections' | 'tools'>;

/** The client's state, as `rxmcp sessions` names it. */
export function stateName(state: ClientState): SessionStatus['state'] {
  switch (state.status) {
    case 'ready':
      return 'connected';
    case 'reconnecting':
    case 'disconnected':
    case 'failed':
      return state.status === 'reconnecting' ? 'reconnecting' : state.status;
    default:
      return 'connecting';
  }
}

/** Follows a session's client; `keepAlive()` holds its tool list open, so that a lost connection is re-opened. */
export interface Tracker {
  readonly status: () => ConnectionStatus;
  keepAlive(): void;
  stop(): void;
}

export function trackClient(client: Client): Tracker {
  let state: SessionStatus['state'] = 'connecting';
  let reconnections = 0;
  let tools: readonly string[] = [];
  const watching = new Subscription();
  watching.add(
    client.state$.subscribe((next) => {
      const name = stateName(next);
      if (name === 'connected' && state === 'reconnecting') reconnections += 1;
      state = name;
    }),
  );
  const status = (): ConnectionStatus => {
    const server = client.server;
    const info = server?.serverInfo;
    return {
      state, reconnections, tools,
      ...(info === undefined ? {} : { server: { name: info.name, version: info.version } }),
      ...(server === undefined ? {} : { revision: server.protocolVersion }),
    };
  };
  const keepAlive = (): void => {
    watching.add(client.tools$.pipe(retry({ delay: () => timer(TOOLS_RETRY_MS) })).subscribe((list) => (tools = list.map((tool) => tool.name))));
  };
  return { status, keepAlive, stop: () => watching.unsubscribe() };
}

/** Counts the commands running; `idle$` emits once when none ran for `idleMs`. */
export interface Activity {
  begin(): void;
  end(): void;
  /** Milliseconds since the last command ended (0 while one runs). */
  idleMs(): number;
  readonly idle$: Observable<number>;
}

export function activity(idleMs: number, scheduler = asyncScheduler): Activity {
  const running = new BehaviorSubject(0);
  let since = scheduler.now();
  return {
    begin: () => running.next(running.value + 1),
    end: () => {
      since = scheduler.now();
      running.next(running.value - 1);
    },
    idleMs: () => (running.value > 0 ? 0 : scheduler.now() - since),
    idle$: running.pipe(switchMap((count) => (count > 0 ? NEVER : timer(idleMs, scheduler)))),
  };
}
