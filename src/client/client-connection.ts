import { ReplaySubject, asyncScheduler, throwError, timeout, type Observable } from 'rxjs';
import { TransportError } from '../errors/errors.js';
import type { Implementation } from '../protocol/model/metadata.js';
import { ConnectTimeoutError, DEFAULT_CONNECT_TIMEOUT_MS } from '../session/connect-timeout.js';
import type { Connection, ConnectionEnd } from '../session/types.js';
import { canExchange, type Transport } from '../transport/types.js';
import { negotiate } from './negotiate.js';
import type { ClientOptions, ServerSession } from './types.js';
import type { WirePolicy } from './wire-policy.js';

/**
 * One negotiated connection, as the client sees it: the session's connection, the revision agreed on it and the
 * wire policy chosen for it. It lives exactly as long as the session connection; a new connection is negotiated
 * from scratch (nothing of this one, not its revision, not its session id, is reused).
 */
export interface ClientConnection {
  readonly connection: Connection;
  readonly server: ServerSession;
  readonly policy: WirePolicy;
  /** Emits how the connection ended, once, then completes (replayed). */
  readonly ended$: Observable<ConnectionEnd>;
}

/** What negotiating needs beside the connection. */
export interface NegotiationDeps {
  readonly transport: Transport;
  readonly options: ClientOptions;
  readonly clientInfo: Implementation;
  /** Told of each connection once it is negotiated. */
  onReady(ready: ClientConnection): void;
}

/** True while the connection has not ended. */
export const isOpen = (ready: ClientConnection): boolean => ready.connection.end === undefined;

/**
 * Negotiation, once per connection. The first to ask for a connection starts its negotiation; everyone else waits
 * for the same outcome. Connecting has one bound, `connectTimeoutMs` from the moment the connection was opened
 * (the process spawned, the first request sent) to the end of negotiation; a connection that fails to negotiate
 * is closed with the error, so the next attempt starts from a fresh one.
 */
export class Negotiations {
  private readonly byConnection = new WeakMap<Connection, Observable<ClientConnection>>();
  private latest: ClientConnection | undefined;

  constructor(private readonly deps: NegotiationDeps) {}

  /** The negotiated connection when one is open. */
  current(): ClientConnection | undefined {
    const latest = this.latest;
    return latest !== undefined && isOpen(latest) ? latest : undefined;
  }

  /** The negotiation of `connection`: emits its `ClientConnection` once and completes, or errors. */
  of(connection: Connection): Observable<ClientConnection> {
    let known = this.byConnection.get(connection);
    if (known === undefined) {
      known = this.start(connection);
      this.byConnection.set(connection, known);
    }
    return known;
  }

  private start(connection: Connection): Observable<ClientConnection> {
    const { deps } = this;
    const outcome = new ReplaySubject<ClientConnection>(1);
    const bound = deps.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const left = Math.max(0, bound - (asyncScheduler.now() - connection.openedAt));
    const exchangeable = () => canExchange(deps.transport);
    negotiate({ connection, options: deps.options, clientInfo: deps.clientInfo, exchangeable })
      .pipe(timeout({ first: left, with: () => throwError(() => new ConnectTimeoutError(bound)) }))
      .subscribe({
        next: ({ server, policy }) => {
          connection.setPolicy(policy.connection);
          const ready: ClientConnection = { connection, server, policy, ended$: connection.ended$ };
          this.latest = ready;
          deps.onReady(ready);
          outcome.next(ready);
          outcome.complete();
        },
        error: (error: unknown) => {
          outcome.error(error);
          connection.abort(TransportError.from(error));
        },
      });
    return outcome;
  }
}
