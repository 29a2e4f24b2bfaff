import type { FrameEvent } from 'rxmcp';

interface Message {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: { readonly requestId?: unknown; readonly _meta?: { readonly traceparent?: unknown } };
}

const MAX_IDS = 1000;

/**
 * Which call caused each frame, for the network view of a call: a request carrying a call's trace context (the call
 * itself, each input round), its response (by id), its cancellation (by `requestId`), what arrived on its own
 * response stream (progress, logs, server requests: the correlator's `current` while it is delivered) and the
 * page's answers to those server requests (by id).
 */
export class CallFrames {
  private readonly ids = new Map<string, number>();

  constructor(private readonly callOfTrace: (traceparent: string) => number | undefined) {}

  /** The call `event` belongs to, if any; `current` is the call whose stream is being delivered right now. */
  tag(event: FrameEvent, current: number | undefined): number | undefined {
    const message = (event.frame as { message?: unknown }).message as Message | undefined;
    if (message === undefined || message === null || Array.isArray(message) || typeof message !== 'object') return current;
    const isRequest = typeof message.method === 'string' && message.id !== undefined;
    if (event.direction === 'out') {
      const traceparent = message.params?._meta?.traceparent;
      const traced = typeof traceparent === 'string' ? this.callOfTrace(traceparent) : undefined;
      if (traced !== undefined) {
        if (isRequest) this.remember(`out:${String(message.id)}`, traced);
        return traced;
      }
      if (message.method === 'notifications/cancelled') return this.ids.get(`out:${String(message.params?.requestId)}`);
      return message.method === undefined ? this.ids.get(`in:${String(message.id)}`) : undefined;
    }
    if (isRequest && current !== undefined) this.remember(`in:${String(message.id)}`, current);
    if (message.method === undefined && message.id !== undefined) return this.ids.get(`out:${String(message.id)}`) ?? current;
    return current;
  }

  private remember(key: string, call: number): void {
    this.ids.set(key, call);
    if (this.ids.size > MAX_IDS) this.ids.delete(this.ids.keys().next().value as string);
  }
}
