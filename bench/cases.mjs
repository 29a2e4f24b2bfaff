// The cases of `npm run bench` and how one worker process measures one of them. A worker loads one client
// (bench/clients.mjs), starts the echo server (bench/echo-server.mjs) for HTTP cases, runs the case and prints
// one JSON line. Every response is parsed and checked by every client: each echo against the text sent, each
// large result against its length.
const MiB = 1024 * 1024;
/** The size of the warm-up call before the large results, and before the memory baseline is taken. */
const SMALL = 64 * 1024;

/**
 * The cases, with their fixed counts. `servers` limits a case to some servers (default: all); `defaultClients`
 * to some clients unless --clients names the clients; `rounds` to the first rounds.
 */
export const CASES = {
  'seq-stdio': { kind: 'seq', transport: 'stdio', unit: 'calls/s', warmup: 300, calls: 2000,
    what: 'sequential tools/call echo, stdio' },
  'seq-http': { kind: 'seq', transport: 'http', unit: 'calls/s', warmup: 50, calls: 400,
    what: 'sequential tools/call echo, Streamable HTTP' },
  'conc-stdio': { kind: 'conc', transport: 'stdio', unit: 'calls/s', inFlight: 1000, batches: 3,
    what: '1000 tools/call in flight, 1 warm-up + 3 batches, stdio' },
  'connect-stdio': { kind: 'connect', transport: 'stdio', unit: 'ms', warmup: 2, repeats: 5,
    what: 'spawn + connect + tools/list, stdio: the first (cold), 1 more warm-up, median of 5' },
  'connect-http': { kind: 'connect', transport: 'http', unit: 'ms', warmup: 10, repeats: 20,
    what: 'connect + tools/list, Streamable HTTP (server up): the first (cold), 9 more warm-ups, median of 20' },
  'big-stdio': { kind: 'big', transport: 'stdio', unit: 'ms', size: 5 * MiB, repeats: 5,
    what: 'one 5 MiB tools/call result, stdio: 64 KiB warm-up, gc, median of 5 (gc before each)' },
  'big-http': { kind: 'big', transport: 'http', unit: 'ms', size: 5 * MiB, repeats: 5,
    what: 'one 5 MiB tools/call result, Streamable HTTP: 64 KiB warm-up, gc, median of 5 (gc before each)' },
  // The official clients' stdio read buffer copies all it holds on every chunk (quadratic in the line length):
  // a 50 MiB line takes them tens of seconds, so they run this case only when named with --clients.
  'big50-stdio': { kind: 'big', transport: 'stdio', unit: 'ms', size: 50 * MiB, repeats: 2, defaultClients: ['rxmcp-auto', 'rxmcp-legacy', 'limit'],
    what: 'one 50 MiB tools/call result, stdio: 64 KiB warm-up, gc, mean of 2 (gc before each); official clients only with --clients' },
  'big50-http': { kind: 'big', transport: 'http', unit: 'ms', size: 50 * MiB, repeats: 2,
    what: 'one 50 MiB tools/call result, Streamable HTTP: 64 KiB warm-up, gc, mean of 2 (gc before each)' },
  // Allocation counts hardly vary from run to run (bench/alloc.mjs): these run in the first round only.
  'alloc-seq': { kind: 'alloc', mode: 'seq', transport: 'stdio', unit: 'B/call', servers: ['sdk'], rounds: 1, warmup: 300, calls: 1000,
    what: 'JS heap bytes allocated per sequential echo call, stdio (sampling heap profiler, bench/alloc.mjs)' },
  'alloc-conc': { kind: 'alloc', mode: 'conc', transport: 'stdio', unit: 'B/call', servers: ['sdk'], rounds: 1, inFlight: 1000, batches: 2,
    what: 'JS heap bytes allocated per call with 1000 in flight, stdio: 1 warm-up batch + 2 profiled' },
};

/** The node options a worker of `caseName` runs with. */
export const nodeOptionsOf = (caseName) => (CASES[caseName].kind === 'big' ? ['--expose-gc'] : []);

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** CPU time (user + system) this process spends in `work`, in µs. */
async function withCpu(work) {
  const before = process.cpuUsage();
  const value = await work();
  const { user, system } = process.cpuUsage(before);
  return { cpuUs: user + system, value };
}

function checkEcho(result, text) {
  if (result?.content?.[0]?.text !== text) throw new Error(`wrong echo: expected ${JSON.stringify(text)}`);
}

async function sequential(connection, count, tag) {
  for (let i = 0; i < count; i += 1) checkEcho(await connection.call('echo', { text: `${tag} ${i}` }), `${tag} ${i}`);
}

async function batch(connection, inFlight) {
  const results = await Promise.all(Array.from({ length: inFlight }, (_, i) => connection.call('echo', { text: `m${i}` })));
  results.forEach((result, i) => checkEcho(result, `m${i}`));
}

async function opened(open) {
  const connection = await open();
  await connection.list();
  return connection;
}

async function closed(connection, result) {
  const protocol = connection.protocol();
  await connection.close();
  return { ...result, protocol };
}

async function bigCall(connection, size) {
  const result = await connection.call('big', { size });
  if (result?.content?.[0]?.text?.length !== size) throw new Error(`wrong size: expected ${size}`);
}

const MEASURE = {
  async seq(open, spec) {
    const connection = await opened(open);
    await sequential(connection, spec.warmup, 'warm');
    const { cpuUs, value: { ms } } = await withCpu(() => timed(() => sequential(connection, spec.calls, 'hello')));
    return closed(connection, { value: (spec.calls * 1000) / ms, cpuUsPerCall: cpuUs / spec.calls });
  },
  async conc(open, spec) {
    const connection = await opened(open);
    await batch(connection, spec.inFlight);
    let total = 0;
    const { cpuUs } = await withCpu(async () => {
      for (let b = 0; b < spec.batches; b += 1) total += (await timed(() => batch(connection, spec.inFlight))).ms;
    });
    const calls = spec.inFlight * spec.batches;
    return closed(connection, { value: (calls * 1000) / total, cpuUsPerCall: cpuUs / calls });
  },
  async connect(open, spec) {
    const times = [];
    let protocol;
    for (let i = 0; i < spec.warmup + spec.repeats; i += 1) {
      const { ms, value: connection } = await timed(() => opened(open));
      times.push(ms);
      protocol = connection.protocol();
      await connection.close();
    }
    return { value: median(times.slice(spec.warmup)), first: times[0], protocol };
  },
  // Memory: the peak RSS of the process (getrusage's high-water mark) minus the RSS after a small call and a
  // full collection, so it is what the large results add; a collection before each call keeps one call's garbage
  // out of the next one's peak.
  async big(open, spec) {
    const connection = await opened(open);
    await bigCall(connection, SMALL);
    globalThis.gc();
    const baseline = process.memoryUsage().rss;
    const times = [];
    for (let i = 0; i < spec.repeats; i += 1) {
      globalThis.gc();
      times.push((await timed(() => bigCall(connection, spec.size))).ms);
    }
    const added = process.resourceUsage().maxRSS * 1024 - baseline;
    return closed(connection, { value: median(times), memMB: added / MiB, memX: added / spec.size, baselineMB: baseline / MiB });
  },
  async alloc(open, spec) {
    const connection = await opened(open);
    // Loaded here only: the other workers do without the inspector.
    const { allocationProfiler } = await import('./alloc.mjs');
    const profiler = await allocationProfiler();
    const calls = spec.mode === 'seq' ? spec.calls : spec.inFlight * spec.batches;
    if (spec.mode === 'seq') await sequential(connection, spec.warmup, 'warm');
    else await batch(connection, spec.inFlight);
    await profiler.start();
    if (spec.mode === 'seq') await sequential(connection, spec.calls, 'hello');
    else for (let b = 0; b < spec.batches; b += 1) await batch(connection, spec.inFlight);
    const { bytesPerCall, top } = await profiler.stop(calls);
    return closed(connection, { value: bytesPerCall, top });
  },
};

/** Runs `caseName` with the adapter's `open` (bound to its target) and returns the result. */
export const measureCase = (caseName, open) => MEASURE[CASES[caseName].kind](open, CASES[caseName]);
