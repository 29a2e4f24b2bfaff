import {
  catchError,
  defer,
  endWith,
  filter,
  firstValueFrom,
  ignoreElements,
  lastValueFrom,
  of,
  ReplaySubject,
  timeout,
  type Subscription,
} from 'rxjs';
import type { JsonRpcMessage } from '../../src/protocol/jsonrpc.js';
import type { InboundFrame, OutboundFrame, Transport } from '../../src/transport/types.js';

const WAIT_MS = 4000;

/** A live connection of a transport under test, driven with raw JSON-RPC frames. */
export interface TransportProbe {
  /** Every inbound frame so far. */
  readonly frames: readonly InboundFrame[];
  /** How many times the transport subscribed to `outbound$`. */
  readonly outboundSubscriptions: number;
  /** True once the connection completed or failed. */
  readonly ended: boolean;
  /** Queues one frame (delivered once the transport subscribes to `outbound$`). */
  send(message: JsonRpcMessage, headers?: Record<string, string>): void;
  /** The first inbound frame (replayed from the start) that matches, within 4 s. */
  frame(predicate: (frame: InboundFrame) => boolean): Promise<InboundFrame>;
  /** The frame answering request `id`, within 4 s. */
  response(id: number | string): Promise<InboundFrame>;
  /** How the connection ended within 4 s: `'complete'`, or the error (a `TimeoutError` when it did not end). */
  end(): Promise<unknown>;
  /** Unsubscribes from the connection. */
  stop(): void;
}

/** Subscribes to `transport.connect(...)` with an outbound stream the spec feeds through `send`. */
export function probeTransport(transport: Transport): TransportProbe {
  const outbound = new ReplaySubject<OutboundFrame>();
  const inbound = new ReplaySubject<InboundFrame>();
  const frames: InboundFrame[] = [];
  let outboundSubscriptions = 0;
  let ended = false;
  const outbound$ = defer(() => {
    outboundSubscriptions += 1;
    return outbound;
  });
  const subscription: Subscription = transport.connect(outbound$).subscribe({
    next: (frame) => {
      frames.push(frame);
      inbound.next(frame);
    },
    error: (error: unknown) => {
      ended = true;
      inbound.error(error);
    },
    complete: () => {
      ended = true;
      inbound.complete();
    },
  });
  const frame = (predicate: (frame: InboundFrame) => boolean) =>
    firstValueFrom(inbound.pipe(filter(predicate), timeout(WAIT_MS)));
  return {
    frames,
    get outboundSubscriptions() {
      return outboundSubscriptions;
    },
    get ended() {
      return ended;
    },
    send: (message, headers) => outbound.next(headers === undefined ? { message } : { message, headers }),
    frame,
    response: (id) => frame((f) => (f.message as { id?: unknown } | undefined)?.id === id && isResponse(f)),
    end: () =>
      lastValueFrom(
        inbound.pipe(
          ignoreElements(),
          endWith('complete' as const),
          timeout(WAIT_MS),
          catchError((error: unknown) => of(error)),
        ),
      ),
    stop: () => subscription.unsubscribe(),
  };
}

function isResponse(frame: InboundFrame): boolean {
  const message = frame.message as Record<string, unknown> | undefined;
  return message !== undefined && ('result' in message || 'error' in message);
}

/** The `method` of a frame's message, if it has one. */
export function methodOf(frame: InboundFrame): string | undefined {
  return (frame.message as { method?: string } | undefined)?.method;
}

/** The `result` of a frame's message (a response), typed loosely for assertions. */
export function resultOf(frame: InboundFrame): Record<string, unknown> {
  return (frame.message as { result: Record<string, unknown> }).result;
}

/** A 2024-11-05 `initialize` request. */
export function initializeRequest(id: number, protocolVersion = '2024-11-05'): JsonRpcMessage {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'rxmcp-spec', version: '0.0.0' } },
  };
}
