import cluster from 'node:cluster';

// Jasmine's parallel mode (`jasmine --parallel=N`) runs spec files in cluster workers, which it uses only to hand out
// files and collect results. In a cluster worker Node lends every `listen()` to the primary: a server closed by one
// spec is still accepted on by the primary (a refused connection becomes a reset), and port 0 is shared out by the
// primary instead of the kernel. Marking the worker as its own primary makes `listen()` bind in the worker, as in a
// serial run; `cluster.isWorker` stays true, which is what Jasmine and `afterRun` read.
if (cluster.isWorker) (cluster as { isPrimary: boolean }).isPrimary = true;

const teardowns: Array<() => Promise<void>> = [];

/**
 * Runs `teardown` once the specs that share a helper's server are done. A serial run ends with one top-level
 * `afterAll`. A parallel worker may not add a top-level `afterAll` (nor a reporter); its last moment is when the
 * runner disconnects it after its last spec file: the teardowns run then, and the worker exits, at most 10 s later,
 * so nothing it started outlives the run.
 */
export function afterRun(teardown: () => Promise<void>): void {
  if (!cluster.isWorker) {
    afterAll(teardown);
    return;
  }
  if (teardowns.push(teardown) > 1) return;
  process.once('disconnect', () => {
    setTimeout(() => process.exit(0), 10_000).unref();
    void Promise.allSettled(teardowns.map((run) => run())).then(() => process.exit(0));
  });
}
