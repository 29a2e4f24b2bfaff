import type { JsonRpcMessage, RequestId } from '../protocol/jsonrpc.js';
import type { SubscriptionFilter } from '../protocol/model/subscriptions.js';
import type { Params } from '../session/types.js';
import type { WireConnection } from './wire.js';

/** A server→client request of the legacy era waiting for the client's answer. */
export interface OutgoingRequest {
  answer(message: JsonRpcMessage): void;
  /** The connection ended before the answer. */
  lost(): void;
}

/** A client request in flight, as the connection sees it. */
export interface InFlightRequest {
  markCancelled(how: 'notification' | 'abort'): void;
  markLost(): void;
}

/**
 * What the scripted server keeps per connection: the legacy handshake (held messages until
 * `notifications/initialized`), legacy resource subscriptions, 2026-07-28 listen streams, and requests in flight
 * in both directions.
 */
export class ServerConnection {
  /** Legacy: the client's `initialize` params. */
  initializeParams: Params | undefined;
  initialized = false;
  readonly listens = new Map<RequestId, SubscriptionFilter>();
  readonly subscribedUris = new Set<string>();
  /** The client's requests on this connection, by id, until answered. */
  readonly inFlight = new Map<RequestId, InFlightRequest>();
  readonly outgoing = new Map<RequestId, OutgoingRequest>();
  private readonly held: { message: JsonRpcMessage; relatedTo: RequestId | undefined }[] = [];

  constructor(
    readonly wire: WireConnection,
    private readonly legacy: boolean,
  ) {}

  get index(): number {
    return this.wire.index;
  }

  get open(): boolean {
    return this.wire.open;
  }

  /** Sends to the client. A legacy server's own notifications and requests wait for `notifications/initialized`. */
  send(message: JsonRpcMessage, relatedTo?: RequestId, serverInitiated = false): boolean {
    if (serverInitiated && this.legacy && !this.initialized) {
      if (!this.open) return false;
      this.held.push({ message, relatedTo });
      return true;
    }
    return this.wire.send(message, relatedTo);
  }

  /** The client sent `notifications/initialized`: what waited goes out now. */
  markInitialized(): void {
    this.initialized = true;
    for (const { message, relatedTo } of this.held.splice(0)) this.wire.send(message, relatedTo);
  }

  /** The connection ended: requests in flight are lost, listens and subscriptions gone. */
  ended(): void {
    for (const request of [...this.inFlight.values()]) request.markLost();
    this.inFlight.clear();
    for (const request of [...this.outgoing.values()]) request.lost();
    this.outgoing.clear();
    this.listens.clear();
    this.subscribedUris.clear();
    this.held.length = 0;
  }
}
