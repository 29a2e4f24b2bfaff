// What `npm run soak` measures: live subscriptions (a counting wrapper around the transport and around every
// stream the soak subscribes to), the heap after `global.gc()`, and the process's active resources.
import { Observable } from 'rxjs';
import type { InboundFrame, OutboundFrame, Transport } from 'rxmcp';

/** Counts live subscriptions by name. */
export class SubscriptionCounter {
  private readonly live = new Map<string, number>();

  /** `source`, counting its live subscriptions under `name`. */
  counted<T>(name: string, source: Observable<T>): Observable<T> {
    return new Observable<T>((subscriber) => {
      this.change(name, 1);
      const subscription = source.subscribe(subscriber);
      return () => {
        subscription.unsubscribe();
        this.change(name, -1);
      };
    });
  }

  /** The transport, with its connections, exchanges and the outbound streams it subscribes to counted. */
  transport<T extends Transport>(transport: T): T {
    const wrapped = Object.create(transport) as T;
    const connect = (outbound$: Observable<OutboundFrame>): Observable<InboundFrame> =>
      this.counted('transport.connect', transport.connect(this.counted('transport.outbound', outbound$)));
    Object.defineProperty(wrapped, 'connect', { value: connect });
    const { exchange } = transport;
    if (exchange !== undefined) {
      Object.defineProperty(wrapped, 'exchange', { value: (frame: OutboundFrame) => this.counted('transport.exchange', exchange.call(transport, frame)) });
    }
    return wrapped;
  }

  /** Every name with live subscriptions, and how many. */
  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.live].filter(([, count]) => count !== 0));
  }

  total(): number {
    let sum = 0;
    for (const count of this.live.values()) sum += count;
    return sum;
  }

  private change(name: string, by: number): void {
    this.live.set(name, (this.live.get(name) ?? 0) + by);
  }
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Whether the process runs with `--expose-gc`. */
export const canCollect = gc !== undefined;

/** `heapUsed` after two full collections. */
export function collectedHeap(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** Heap samples against the number of calls done, and the slope of their least-squares line. */
export class HeapSampler {
  readonly samples: { calls: number; heap: number }[] = [];

  sample(calls: number): void {
    this.samples.push({ calls, heap: collectedHeap() });
  }

  /** Bytes per 1000 calls (least squares over the samples). */
  slopePer1000(): number {
    const n = this.samples.length;
    if (n < 2) return 0;
    const meanX = this.samples.reduce((sum, s) => sum + s.calls, 0) / n;
    const meanY = this.samples.reduce((sum, s) => sum + s.heap, 0) / n;
    let num = 0;
    let den = 0;
    for (const s of this.samples) {
      num += (s.calls - meanX) * (s.heap - meanY);
      den += (s.calls - meanX) ** 2;
    }
    return den === 0 ? 0 : (num / den) * 1000;
  }

  /** First and last sample, in MiB. */
  range(): string {
    const mib = (bytes: number) => (bytes / 1048576).toFixed(2);
    const first = this.samples[0];
    const last = this.samples.at(-1);
    return first === undefined || last === undefined ? 'no samples' : `${mib(first.heap)} MiB → ${mib(last.heap)} MiB`;
  }
}

/** The process's active resources (handles and requests), counted by type. */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** The types whose counts differ between two `activeResources()` readings, as `type before→after`. */
export function resourceDiff(before: Record<string, number>, after: Record<string, number>): string[] {
  const types = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...types].filter((type) => (before[type] ?? 0) !== (after[type] ?? 0)).map((type) => `${type} ${before[type] ?? 0}→${after[type] ?? 0}`);
}
