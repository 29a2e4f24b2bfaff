import { Observable, type OperatorFunction } from 'rxjs';
import type { Transport } from 'rxmcp';
import type { InboundFrame, OutboundFrame } from 'rxmcp/session';

/** A stable text for a server request's params, so that the handler's (decoded) params find the frame's (raw). */
export function fingerprint(method: string, params: unknown): string {
  const p = (params ?? {}) as Record<string, unknown>;
  if (method === 'elicitation/create') return `${method}|${String(p['mode'] ?? 'form')}|${String(p['message'] ?? '')}|${String(p['url'] ?? '')}`;
  return `${method}|${String(p['systemPrompt'] ?? '')}|${stableJson(p['messages'])}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const hex = (bytes: number): string => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

interface Message {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: { readonly _meta?: { readonly traceparent?: unknown } };
}

/**
 * Links what arrives on a request's own response stream to the dashboard call that sent the request. Each call
 * carries W3C trace context (`traceparent`, a fresh trace id per call, kept across input rounds); the transport
 * wrapper sees which outbound request each per-request stream (`exchange`) answers, so a log message or a server
 * request on that stream belongs to that call, as Streamable HTTP says (2025: messages on a POST's stream relate
 * to that request; 2026-07-28: request-scoped logs travel only on the request's stream).
 */
export class Correlator {
  private readonly traces = new Map<string, number>();
  private readonly serverRequests = new Map<string, number>();
  /** The call whose stream the frame being delivered right now came on (read synchronously by subscribers). */
  current: number | undefined;

  /** A `traceparent` for call `callId`. */
  traceFor(callId: number): string {
    const traceId = hex(16);
    this.traces.set(traceId, callId);
    if (this.traces.size > 500) this.traces.delete(this.traces.keys().next().value as string);
    return `00-${traceId}-${hex(8)}-01`;
  }

  /** Notes that a server request (`method`, `params`) belongs to call `callId` (2026-07-28 input requests). */
  link(method: string, params: unknown, callId: number): void {
    this.serverRequests.set(fingerprint(method, params), callId);
    if (this.serverRequests.size > 200) this.serverRequests.delete(this.serverRequests.keys().next().value as string);
  }

  /** The call a server request belongs to, if known. */
  callForServerRequest(method: string, params: unknown): number | undefined {
    return this.serverRequests.get(fingerprint(method, params));
  }

  private callOf(message: unknown): number | undefined {
    const traceparent = (message as Message | undefined)?.params?._meta?.traceparent;
    if (typeof traceparent !== 'string') return undefined;
    return this.traces.get(traceparent.split('-')[1] ?? '');
  }

  private deliver(callId: number | undefined): OperatorFunction<InboundFrame, InboundFrame> {
    return (source) =>
      new Observable<InboundFrame>((subscriber) =>
        source.subscribe({
          next: (frame) => {
            const message = frame.message as Message | undefined;
            if (callId !== undefined && typeof message?.method === 'string' && message.id !== undefined) this.link(message.method, message.params, callId);
            const previous = this.current;
            this.current = callId;
            try {
              subscriber.next(frame);
            } finally {
              this.current = previous;
            }
          },
          error: (error: unknown) => subscriber.error(error),
          complete: () => subscriber.complete(),
        }),
      );
  }

  /** `inner`, with every inbound frame of a per-request stream delivered while `current` names its call. */
  wrap<T extends Transport>(inner: T): T {
    const outer = Object.create(inner) as T & { connect: Transport['connect']; exchange?: Transport['exchange'] };
    outer.connect = (outbound$: Observable<OutboundFrame>) => inner.connect(outbound$).pipe(this.deliver(undefined));
    if (inner.exchange !== undefined) {
      const exchange = inner.exchange.bind(inner);
      outer.exchange = (frame: OutboundFrame) => exchange(frame).pipe(this.deliver(this.callOf(frame.message)));
    }
    return outer;
  }
}
