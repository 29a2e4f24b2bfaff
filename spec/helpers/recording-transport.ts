import { Observable, tap } from 'rxjs';
import type { Transport } from '../../src/index.js';
import type { JsonRpcMessage } from '../../src/protocol/index.js';
import type { InboundFrame, OutboundFrame } from '../../src/session/index.js';

/** A transport wrapper that records what the client sent and what it received (in order, as one log too). */
export interface Recording {
  readonly transport: Transport;
  readonly sent: JsonRpcMessage[];
  readonly received: unknown[];
  readonly log: { readonly direction: 'in' | 'out'; readonly message: unknown }[];
}

/** Wraps `inner` so that a spec can see the frames on the wire. */
export function recording(inner: Transport): Recording {
  const sent: JsonRpcMessage[] = [];
  const received: unknown[] = [];
  const log: Recording['log'][number][] = [];
  const out = (frame: OutboundFrame) => {
    sent.push(frame.message);
    log.push({ direction: 'out', message: frame.message });
  };
  const inbound = (frame: InboundFrame) => {
    received.push(frame.message);
    log.push({ direction: 'in', message: frame.message });
  };
  const transport: Transport = {
    ...inner,
    connect: (outbound$: Observable<OutboundFrame>) => inner.connect(outbound$.pipe(tap(out))).pipe(tap(inbound)),
    ...(inner.exchange ? { exchange: (frame: OutboundFrame) => (out(frame), (inner.exchange as NonNullable<Transport['exchange']>)(frame).pipe(tap(inbound))) } : {}),
  };
  return { transport, sent, received, log };
}

/** The method of a message, or `response #id`. */
export function label(message: unknown): string {
  const m = message as { method?: string; id?: unknown };
  return m.method ?? `response #${String(m.id)}`;
}
