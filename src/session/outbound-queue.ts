import { Observable, type Subscriber } from 'rxjs';
import type { OutboundFrame } from '../transport/types.js';

/**
 * The outbound side of one connection. Frames written before the transport subscribed to `outbound$` (it does
 * so once it can write) wait in order and are flushed on subscription; nothing is lost in between.
 */
export class OutboundQueue {
  private writer: Subscriber<OutboundFrame> | null = null;
  private waiting: OutboundFrame[] = [];
  private ended = false;

  /** The stream handed to `transport.connect`. `onWritable` runs when the transport subscribes. */
  readonly outbound$: Observable<OutboundFrame>;

  constructor(onWritable: () => void) {
    this.outbound$ = new Observable<OutboundFrame>((subscriber) => {
      this.writer = subscriber;
      onWritable();
      const waiting = this.waiting;
      this.waiting = [];
      for (const frame of waiting) {
        if (this.writer !== subscriber) break;
        subscriber.next(frame);
      }
      return () => {
        if (this.writer === subscriber) this.writer = null;
      };
    });
  }

  /** Hands `frame` to the transport, or queues it. Returns false once the connection has ended. */
  write(frame: OutboundFrame): boolean {
    if (this.ended) return false;
    if (this.writer) this.writer.next(frame);
    else this.waiting.push(frame);
    return true;
  }

  /** Takes `frame` back if it is still queued; true when it was never handed to the transport. */
  withdraw(frame: OutboundFrame): boolean {
    const index = this.waiting.indexOf(frame);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  /** Drops what is queued and refuses further writes. */
  end(): void {
    this.ended = true;
    this.waiting = [];
    this.writer = null;
  }

  /** True until `end()`. */
  get open(): boolean {
    return !this.ended;
  }
}
