// Bytes a process allocates on the JS heap while some work runs, with the functions that allocate them.
//
// Why the sampling heap profiler: V8 keeps no running total of allocated bytes that Node exposes
// (v8.getHeapStatistics() and process.memoryUsage() give what is live, not what was allocated and collected since),
// and heap growth with the collector held off is not possible in Node. The sampling heap profiler is: it samples
// allocations as a Poisson process with a mean interval of SAMPLING_INTERVAL bytes and scales each sample by the
// chance of its size being sampled, so the total is an unbiased estimate of every byte allocated; with
// includeObjectsCollectedBy{Major,Minor}GC the objects already collected again count too (short-lived garbage is
// what a per-call figure is mostly made of). At 128 bytes a call of a few KB is sampled many times, so totals
// over 1000+ calls hardly vary (repeated runs agree within 0.5 %), and one run per client is enough. What it does not see: off-heap memory (the bytes inside
// Buffers and ArrayBuffers), only their JS objects. The profiler slows the process down, so it never runs in a
// timed measurement.
import { Session } from 'node:inspector/promises';

export const SAMPLING_INTERVAL = 128;

/** A profiler: start(), then stop(calls) → `{ bytesPerCall, top: [[site, bytesPerCall], ...] }`. */
export async function allocationProfiler({ top = 30 } = {}) {
  const session = new Session();
  session.connect();
  return {
    start: () =>
      session.post('HeapProfiler.startSampling', {
        samplingInterval: SAMPLING_INTERVAL,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      }),
    async stop(calls) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      session.disconnect();
      const sites = new Map();
      let total = 0;
      const walk = (node) => {
        const { functionName, url, lineNumber } = node.callFrame;
        const site = `${functionName || '(anonymous)'} ${url.split('/').slice(-3).join('/')}:${lineNumber + 1}`;
        sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
        total += node.selfSize;
        for (const child of node.children) walk(child);
      };
      walk(profile.head);
      const ranked = [...sites].sort((a, b) => b[1] - a[1]).slice(0, top);
      return { bytesPerCall: total / calls, top: ranked.map(([site, bytes]) => [site, Math.round(bytes / calls)]) };
    },
  };
}
