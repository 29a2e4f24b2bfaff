import { Observable, ReplaySubject, map } from 'rxjs';
import type { JsonRpcMessage } from '../protocol/jsonrpc.js';
import type { CancellationMode, InboundFrame, OutboundFrame, Transport } from '../transport/types.js';
import { isBuiltFrame } from './frames.js';

/** Options of `marbleTransport`. */
export interface MarbleTransportOptions {
  /** Gives the transport an `exchange` (one stream per request, like Streamable HTTP). */
  readonly exchange?: (frame: OutboundFrame) => Observable<unknown>;
  /** How requests are cancelled (default: `abort` with `exchange`, else `notification`). */
  readonly cancellation?: CancellationMode;
  /** The transport's `kind` (default `marble`). */
  readonly kind?: string;
}

/** A transport driven by marble Observables, and what the code under test wrote to it. */
export interface MarbleTransport {
  /** The transport to give the code under test. */
  readonly transport: Transport;
  /**
   * The messages written to the transport, at the virtual time they were written.
   *
   * - **Temperature:** hot, replaying what was written before subscription (so the order of `expectObservable`
   *   calls does not matter).
   * - **Emits:** each written message. **Completes:** never. **Errors:** never. **Teardown:** none.
   */
  readonly outbound$: Observable<JsonRpcMessage>;
  /**
   * The same, as whole frames (with headers and related request ids).
   *
   * - **Temperature:** hot, replaying what was written before subscription.
   * - **Emits:** each written frame. **Completes:** never. **Errors:** never. **Teardown:** none.
   */
  readonly frames$: Observable<OutboundFrame>;
}

const toInbound = (value: unknown): InboundFrame => (isBuiltFrame(value) ? value : { message: value });

/**
 * A `Transport` for marble tests: `connect` emits the values of `inbound$` (each a JSON-RPC message, or a frame
 * built with `frame()`/`malformed()`) and records what is written. Pass a `hot()` or `cold()` Observable from
 * `TestScheduler.run`; `expectSubscriptions(inbound.subscriptions)` then shows when the connection was open.
 * `outbound$` and `frames$` replay what was written (see their contracts).
 */
export function marbleTransport(inbound$: Observable<unknown>, options: MarbleTransportOptions = {}): MarbleTransport {
  const written = new ReplaySubject<OutboundFrame>();
  const exchange = options.exchange;
  const transport: Transport = {
    kind: options.kind ?? 'marble',
    ...(options.cancellation ? { cancellation: options.cancellation } : {}),
    connect: (outbound$) =>
      new Observable<InboundFrame>((subscriber) => {
        const writes = outbound$.subscribe((frame) => written.next(frame));
        const reads = inbound$.pipe(map(toInbound)).subscribe(subscriber);
        return () => {
          reads.unsubscribe();
          writes.unsubscribe();
        };
      }),
    ...(exchange
      ? {
          exchange: (frame: OutboundFrame) => {
            written.next(frame);
            return exchange(frame).pipe(map(toInbound));
          },
        }
      : {}),
  };
  return { transport, outbound$: written.pipe(map((frame) => frame.message)), frames$: written.asObservable() };
}
