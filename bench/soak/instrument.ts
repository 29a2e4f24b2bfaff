// What `npm run soak` measures: live subscriptions (a counting wrapper around the transport and around every
// stream the soak subscribes to), the heap after `global.gc()`, and the process's active resources.
import { getHeapSpaceStatistics } from 'node:v8';
import { Observable } from 'rxjs';
import type { Transport } from 'rxmcp';
import type { InboundFrame, OutboundFrame } from 'rxmcp/session';

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

/** Bytes of compiled code in the heap (V8's code spaces): it grows while functions are optimised, and is no object. */
function codeBytes(): number {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name.startsWith('code_'))
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

/** One sample: calls done, `heapUsed` after gc, and the part of it that is compiled code. */
interface HeapSample {
  readonly calls: number;
  readonly heap: number;
  readonly code: number;
}

function slope(samples: readonly HeapSample[], value: (sample: HeapSample) => number): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanX = samples.reduce((sum, s) => sum + s.calls, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + value(s), 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.calls - meanX) * (value(s) - meanY);
    den += (s.calls - meanX) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 1000;
}

/** Heap samples against the number of calls done, and the slopes of their least-squares lines. */
export class HeapSampler {
  readonly samples: HeapSample[] = [];

  sample(calls: number): void {
    const heap = collectedHeap();
    this.samples.push({ calls, heap, code: codeBytes() });
  }

  /** `heapUsed`, bytes per 1000 calls. */
  slopePer1000(): number {
    return slope(this.samples, (sample) => sample.heap);
  }

  /** `heapUsed` without compiled code (the objects), bytes per 1000 calls. */
  objectSlopePer1000(): number {
    return slope(this.samples, (sample) => sample.heap - sample.code);
  }

  /** First and last sample, in MiB. */
  range(): string {
    const mib = (bytes: number) => (bytes / 1048576).toFixed(2);
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (first === undefined || last === undefined) return 'no samples';
    return `${mib(first.heap)} MiB → ${mib(last.heap)} MiB (compiled code ${mib(first.code)} → ${mib(last.code)} MiB)`;
  }
}

/** The process's active resources (handles and requests), counted by type. */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** The types of which `after` has more than `before` (two `activeResources()` readings), as `type before→after`. */
export function resourceDiff(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((type) => (after[type] ?? 0) > (before[type] ?? 0)).map((type) => `${type} ${before[type] ?? 0}→${after[type] ?? 0}`);
}
