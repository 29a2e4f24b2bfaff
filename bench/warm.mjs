// Warm start against cold start: the time from creating a client to its first tool list (`toolsState$` emitting
// items), rxmcp only (the built dist/), against the example server (examples/server, run through tsx with
// --cache-ttl=60000) over stdio (the client spawns it) and Streamable HTTP on 127.0.0.1. Cold: an empty store, so
// the client probes with server/discover and lists; warm: a folder store (fileWarmStore) that an earlier run
// filled, so the stored tools come at once (marked stale) while the client lists again without the probe. Each
// measurement is a fresh process; cold and warm alternate; the table shows medians and the ratio warm/cold, and
// for warm also the time until the tools listed by the server.
//
// node bench/warm.mjs [--runs N]        (run.mjs runs it after its tables; --no-warm leaves it out)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const SERVER = fileURLToPath(new URL('../examples/server/example-server.ts', import.meta.url));
const HTTP_SERVER = fileURLToPath(new URL('../examples/server/http.ts', import.meta.url));
const TTL = '--cache-ttl=60000';
const TIMEOUT_MS = 60_000;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
};

/** In a worker process: one client, timed from createClient to its first tools and to the tools from the server. */
async function worker([transportKind, target, folder]) {
  const { createClient, streamableHttp } = await import('rxmcp');
  const { fileWarmStore, stdio } = await import('rxmcp/node');
  const { warmStart } = await import('rxmcp/warm');
  const { filter, firstValueFrom } = await import('rxjs');
  const started = performance.now();
  const store = fileWarmStore(folder);
  const transport = transportKind === 'stdio'
    ? stdio({ command: process.execPath, args: ['--import', 'tsx', target, TTL], closeGraceMs: 200, termGraceMs: 200 })
    : streamableHttp(target);
  const client = createClient(transport, { warmStart: warmStart({ store, server: target }), reconnect: false });
  let firstMs;
  let stored = false;
  await firstValueFrom(client.toolsState$.pipe(filter((state) => {
    if (state.items !== undefined && firstMs === undefined) {
      firstMs = performance.now() - started;
      stored = state.stale;
    }
    return state.items !== undefined && !state.stale && !state.refreshing;
  })));
  const freshMs = performance.now() - started;
  // Let the store's write of the listed catalog land before the process ends (the next run reads it).
  await new Promise((resolve) => setTimeout(resolve, 100));
  client.close();
  process.stdout.write(`${JSON.stringify({ firstMs, freshMs, stored })}\n`);
  setTimeout(() => process.exit(0), 300).unref();
}

function runWorker(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SELF, '--worker', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || line === undefined || line === '') reject(new Error(`warm worker failed (${code}): ${err.trim().split('\n').slice(-3).join(' | ')}`));
      else resolve(JSON.parse(line));
    });
  });
}

function startHttpServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', HTTP_SERVER, '0', TTL], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /LISTENING (\S+)/.exec(out)?.[1];
      if (url !== undefined) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`the example HTTP server exited (${code})`)));
  });
}

/** Medians of `runs` cold and `runs` warm starts over one transport. */
async function measureTransport(kind, target, runs) {
  const root = await mkdtemp(join(tmpdir(), 'rxmcp-bench-warm-'));
  const warmFolder = join(root, 'warm');
  try {
    await runWorker([kind, target, warmFolder]); // fills the warm store
    const cold = [];
    const warm = [];
    for (let i = 0; i < runs; i += 1) {
      cold.push(await runWorker([kind, target, join(root, `cold-${i}`)]));
      const result = await runWorker([kind, target, warmFolder]);
      if (!result.stored) throw new Error(`a warm ${kind} start did not show stored tools first`);
      warm.push(result);
    }
    return { kind, cold: median(cold.map((r) => r.firstMs)), warm: median(warm.map((r) => r.firstMs)), warmFresh: median(warm.map((r) => r.freshMs)), coldFresh: median(cold.map((r) => r.freshMs)) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Measures both transports and returns the table's lines. */
export async function measureWarmStart(runs = 5) {
  const rows = [await measureTransport('stdio', SERVER, runs)];
  const http = await startHttpServer();
  try {
    rows.push(await measureTransport('http', http.url, runs));
  } finally {
    http.stop();
  }
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(10);
  return [
    `warm start: createClient to the first tools (toolsState$ items), example server with ttlMs 60000, rxmcp, median of ${runs} fresh processes each`,
    `  ${'transport'.padEnd(10)}${'cold'.padStart(10)}${'warm'.padStart(10)}${'warm/cold'.padStart(11)}${'warm, listed'.padStart(14)}`,
    ...rows.map((row) => `  ${row.kind.padEnd(10)}${ms(row.cold)}${ms(row.warm)}${`${(row.warm / row.cold).toFixed(3)}×`.padStart(11)}${ms(row.warmFresh).padStart(14)}`),
    '  (cold: the tools come from the server; warm: the stored tools, then "warm, listed" when the server\'s list arrived)',
  ];
}

const argv = process.argv.slice(2);
if (argv[0] === '--worker') await worker(argv.slice(1));
else if (process.argv[1] === SELF) {
  const at = argv.indexOf('--runs');
  for (const line of await measureWarmStart(at >= 0 ? Number(argv[at + 1]) : 5)) console.log(line);
}
