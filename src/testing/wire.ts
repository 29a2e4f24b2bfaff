// The scripted server's end of the wire: a transport the client under test connects through. Like `inMemoryPair`
// it delivers synchronously and copies every message through JSON, as a real wire would; unlike it, it knows
// connections (each `connect` is one, so a reconnect is visible) and can give each request its own response
// stream, the way Streamable HTTP does, where unsubscribing aborts the exchange.
import { Observable, type Subscriber } from 'rxjs';
import { TransportError } from '../errors/errors.js';
import type { JsonRpcMessage, RequestId } from '../protocol/jsonrpc.js';
import type { InboundFrame, OutboundFrame, Transport } from '../transport/types.js';

/**
 * How the scripted server's transport carries requests: `stream`, one duplex for everything (stdio, WebSocket,
 * in-memory; cancellation is `notifications/cancelled`), or `per-request`, each request with its own response
 * stream (Streamable HTTP; on 2026-07-28 the client cancels by aborting that stream).
 */
export type WireShape = 'stream' | 'per-request';

/** What the wire tells the controller. */
export interface WireListener {
  opened(connection: WireConnection): void;
  received(connection: WireConnection, message: unknown, headers: Readonly<Record<string, string>> | undefined): void;
  /** A request's own response stream was closed by the client before its response. */
  aborted(connection: WireConnection, id: RequestId): void;
  closed(connection: WireConnection): void;
}

type Copy = (message: unknown) => unknown;

const isResponseTo = (message: JsonRpcMessage, id: RequestId): boolean => !('method' in message) && message.id === id;

/** One connection of the client: its stream, and the open response streams of its requests. */
export class WireConnection {
  private live = true;
  private readonly streams = new Map<RequestId, Subscriber<InboundFrame>>();

  constructor(
    /** 1 for the client's first connection, 2 after a reconnect, ... */
    readonly index: number,
    private readonly subscriber: Subscriber<InboundFrame>,
    private readonly copy: Copy,
    private readonly perRequest: boolean,
  ) {}

  get open(): boolean {
    return this.live && !this.subscriber.closed;
  }

  /**
   * Sends a message to the client: on the response stream of `relatedTo` when it has one (a response ends it),
   * else on the connection. Returns false when it cannot be delivered (connection closed, or the request's own
   * stream already gone).
   */
  send(message: JsonRpcMessage, relatedTo?: RequestId): boolean {
    if (!this.open) return false;
    const frame: InboundFrame = { message: this.copy(message) };
    const stream = relatedTo === undefined ? undefined : this.streams.get(relatedTo);
    if (stream === undefined) {
      if (relatedTo !== undefined && this.perRequest) return false;
      this.subscriber.next(frame);
      return true;
    }
    const ends = isResponseTo(message, relatedTo as RequestId);
    if (ends) this.streams.delete(relatedTo as RequestId);
    stream.next(frame);
    if (ends) stream.complete();
    return true;
  }

  /** @internal */
  openStream(id: RequestId, subscriber: Subscriber<InboundFrame>): void {
    this.streams.set(id, subscriber);
  }

  /** @internal Forgets a request's stream; true when it was still open (the client aborted it). */
  forgetStream(id: RequestId, subscriber: Subscriber<InboundFrame>): boolean {
    if (this.streams.get(id) !== subscriber) return false;
    this.streams.delete(id);
    return true;
  }

  /** Ends the connection from the server's side: cleanly, or with `error`. Open response streams end the same way. */
  close(error?: unknown): void {
    if (!this.live) return;
    this.live = false;
    const streams = [...this.streams.values()];
    this.streams.clear();
    for (const stream of streams) end(stream, error);
    end(this.subscriber, error);
  }
}

function end(subscriber: Subscriber<InboundFrame>, error: unknown): void {
  if (error === undefined) subscriber.complete();
  else subscriber.error(TransportError.from(error));
}

/** The scripted server's transport and its connections. */
export interface Wire {
  readonly transport: Transport;
  /** The connection opened last, while it is open. */
  current(): WireConnection | undefined;
  /** How many connections the client has opened so far. */
  readonly count: number;
}

/** Creates the wire; `listener` hears every connection, message and abort. */
export function createWire(shape: WireShape, serialize: boolean, listener: WireListener): Wire {
  const copy: Copy = serialize ? (message) => JSON.parse(JSON.stringify(message)) as unknown : (message) => message;
  let count = 0;
  let current: WireConnection | undefined;
  const connect = (outbound$: Observable<OutboundFrame>) =>
    new Observable<InboundFrame>((subscriber) => {
      const connection = new WireConnection(++count, subscriber, copy, shape === 'per-request');
      current = connection;
      listener.opened(connection);
      const writes = outbound$.subscribe((frame) => listener.received(connection, copy(frame.message), frame.headers));
      return () => {
        writes.unsubscribe();
        connection.close();
        if (current === connection) current = undefined;
        listener.closed(connection);
      };
    });
  const exchange = (frame: OutboundFrame) =>
    new Observable<InboundFrame>((subscriber) => {
      const connection = current;
      if (connection === undefined || !connection.open) {
        subscriber.error(new TransportError('The testing server has no open connection for this request'));
        return undefined;
      }
      const id = (frame.message as { id?: RequestId }).id as RequestId;
      connection.openStream(id, subscriber);
      listener.received(connection, copy(frame.message), frame.headers);
      return () => {
        if (connection.forgetStream(id, subscriber)) listener.aborted(connection, id);
      };
    });
  const transport: Transport =
    shape === 'per-request' ? { kind: 'testing', connect, exchange } : { kind: 'testing', connect, cancellation: 'notification' };
  return { transport, current: () => (current?.open ? current : undefined), get count() { return count; } };
}
