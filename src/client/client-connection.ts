import { ReplaySubject, asyncScheduler, throwError, timeout, type Observable } from 'rxjs';
import { TransportError } from '../errors/errors.js';
import type { Diagnostic } from '../session/types.js';
import type { Implementation } from '../protocol/model/metadata.js';
import { ConnectTimeoutError, DEFAULT_CONNECT_TIMEOUT_MS } from '../session/connect-timeout.js';
import type { Connection, ConnectionEnd } from '../session/types.js';
import { canExchange, type Transport } from '../transport/types.js';
import { ResultCache } from './cache.js';
import { connectionChain, type ChainDeps } from './links/connection-chain.js';
import { negotiationRequests } from './links/negotiation-chain.js';
import type { LinkNext } from './links/types.js';
import { negotiate } from './negotiate.js';
import type { ServerSession } from './types.js';
import type { WirePolicy } from './wire-policy.js';
import type { WarmSession } from './warm/hooks.js';

/**
 * One negotiated connection, as the client sees it: the session's connection, the revision agreed on it and the
 * wire policy chosen for it. It lives exactly as long as the session connection; a new connection is negotiated
 * from scratch (nothing of this one, not its revision, not its session id, is reused), or, with a warm start, from
 * the stored discovery while the server's cache hints keep it fresh.
 */
export interface ClientConnection {
  /** The session connection's id (1 for the first, ...). */
  readonly id: number;
  /** The transport's kind (see `CallConnection.transport`). */
  readonly transport: string;
  /** The session id the server issued on this connection, once it did. */
  readonly sessionId: string | undefined;
  /** When the connection was opened, in scheduler time. */
  readonly openedAt: number;
  readonly connection: Connection;
  readonly server: ServerSession;
  readonly policy: WirePolicy;
  /** Emits how the connection ended, once, then completes (replayed). */
  readonly ended$: Observable<ConnectionEnd>;
  /**
   * This connection's cache of 2026-07-28 cacheable results: it starts empty (with a warm start, with the stored
   * results still fresh when the server is the one they came from) and ends with the connection.
   */
  readonly cache: ResultCache;
  /** Sends a call on this connection through the client's links and the built-in ones (see `connectionChain`). */
  readonly send: LinkNext;
}

/** What negotiating needs beside the connection. */
export interface NegotiationDeps extends ChainDeps {
  readonly transport: Transport;
  readonly clientInfo: Implementation;
  /** The authorization context of requests now, for the cache (see `ResultCache`). */
  partition(): string | undefined;
  /** Told of each connection once it is negotiated, before anyone else hears of it. */
  onReady(ready: ClientConnection): void;
  /** Reports what the connection could not do (a log level it could not restore, ...). */
  diagnose(diagnostic: Diagnostic): void;
  /** The client's warm start, when it has one: the negotiation seed, and the store behind each connection's cache. */
  readonly warm?: WarmSession;
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
    const request = negotiationRequests(connection, deps.options.links ?? [], deps.transport.kind);
    const context = { connection, options: deps.options, clientInfo: deps.clientInfo, exchangeable, request };
    (deps.warm === undefined || deps.options.joinSession !== undefined ? negotiate(context) : deps.warm.negotiate(context, negotiate))
      .pipe(timeout({ first: left, with: () => throwError(() => new ConnectTimeoutError(bound)) }))
      .subscribe({
        next: ({ server, policy }) => {
          connection.setPolicy(policy.connection);
          const ready = this.build(connection, server, policy);
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

  /** The client's side of a negotiated connection: its own cache and chain, listening to its own notifications. */
  private build(connection: Connection, server: ServerSession, policy: WirePolicy): ClientConnection {
    const cache = new ResultCache(() => this.deps.partition());
    this.deps.warm?.attach(cache);
    connection.notifications$.subscribe((n) => cache.notified(n.method, n.params));
    const send = connectionChain(this.deps, connection, server, policy, cache);
    return {
      id: connection.id,
      transport: this.deps.transport.kind,
      get sessionId() {
        return connection.sessionId;
      },
      openedAt: connection.openedAt,
      connection,
      server,
      policy,
      ended$: connection.ended$,
      cache,
      send,
    };
  }
}
