import { Observable, type Subscriber } from 'rxjs';
import { TransportError } from '../errors/errors.js';
import type { InboundFrame, OutboundFrame, Transport } from './types.js';

/** Options of `inMemoryPair`. */
export interface InMemoryPairOptions {
  /**
   * Copy each message through `JSON.stringify`/`JSON.parse`, as a real wire would (default true). Turn it off only
   * when both ends promise never to mutate what they send or receive.
   */
  readonly serialize?: boolean;
}

interface End {
  subscriber: Subscriber<InboundFrame> | null;
  backlog: InboundFrame[];
}

function deliver(end: End, frame: InboundFrame): void {
  if (end.subscriber) end.subscriber.next(frame);
  else end.backlog.push(frame);
}

function side(own: End, peer: End, serialize: boolean, kind: string): Transport {
  const toInbound = serialize
    ? (frame: OutboundFrame): InboundFrame => ({ message: JSON.parse(JSON.stringify(frame.message)) as unknown })
    : (frame: OutboundFrame): InboundFrame => ({ message: frame.message });
  return {
    kind,
    cancellation: 'notification',
    // Closing one end completes the other: a new connection would reach an end that no longer listens.
    reconnectable: false,
    connect: (outbound$) =>
      new Observable<InboundFrame>((subscriber) => {
        if (own.subscriber) {
          subscriber.error(new TransportError('This end of the in-memory pair is already connected'));
          return undefined;
        }
        own.subscriber = subscriber;
        const backlog = own.backlog;
        own.backlog = [];
        for (const frame of backlog) subscriber.next(frame);
        const writes = outbound$.subscribe((frame) => deliver(peer, toInbound(frame)));
        return () => {
          writes.unsubscribe();
          own.subscriber = null;
          peer.subscriber?.complete();
        };
      }),
  };
}

/**
 * Two connected in-memory transports, for tests, demos and in-process servers: what one end writes, the other
 * receives, synchronously. Frames sent to an end that is not connected wait until it connects.
 *
 * `connect(outbound$)` of either end:
 * - **Temperature:** cold; one connection at a time per end (a second one errors with `TransportError`).
 * - **Emits:** every frame the other end writes, in order. **Completes:** when the other end disconnects.
 * - **Errors:** `TransportError` when the end is already connected.
 * - **Teardown:** disconnects this end; the other end's connection completes.
 */
export function inMemoryPair(options: InMemoryPairOptions = {}): readonly [client: Transport, server: Transport] {
  const serialize = options.serialize ?? true;
  const a: End = { subscriber: null, backlog: [] };
  const b: End = { subscriber: null, backlog: [] };
  return [side(a, b, serialize, 'in-memory'), side(b, a, serialize, 'in-memory')];
}
