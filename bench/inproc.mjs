// Client CPU cost per tools/call without I/O: each client talks to an in-process echo server through a transport
// that serialises every message as a wire would (JSON.stringify out, JSON.parse in) and answers on the next
// macrotask, all pending requests at once. What is left is the client's own work per request and per frame.
//
// node bench/inproc.mjs [--rounds 5] [--clients rxmcp-auto,...] [--cases seq,conc] [--roots /path/a,/path/b]
//
// --roots runs each rxmcp client once per checkout (its built dist/ and its rxjs), interleaved with the others.
//
// seq: 5000 sequential calls after 1000 warm-up calls, µs per call. conc: 1000 calls in flight, 1 warm-up + 20
// batches, calls/s. connect: a fresh client connects, lists its tools, makes one call and closes, 300 times (--connects)
// after 20 for warm-up, µs per connect (the cpu column is then per connect). All report GC time per 1000 calls (or
// connects). Each measurement runs in a fresh process.
//
// node bench/inproc.mjs --worker <client> <seq|conc> --alloc   one measurement under the sampling heap profiler
// (objects later collected included; bench/alloc.mjs): bytes allocated per call, and the functions that allocate them.
// A worker also takes --calls N (seq), --batches N (conc), --root <checkout> (the rxmcp of another checkout's
// dist/, with that checkout's rxjs) and --patient (see LIMITS): bench/instructions.mjs runs workers so under callgrind.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median } from './cases.mjs';
import { CLIENT_INFO } from './clients.mjs';

const SELF = fileURLToPath(import.meta.url);
const argv0 = process.argv.slice(2);
const numberOption = (name, fallback) => {
  const at = argv0.indexOf(`--${name}`);
  return at >= 0 ? Number(argv0[at + 1]) : fallback;
};
const SEQ = { warmup: 1000, calls: numberOption('calls', 5000) };
const CONC = { inFlight: 1000, batches: numberOption('batches', 20) };
const CONNECT = { warmup: 20, connects: numberOption('connects', 300) };
const ROOT = argv0.includes('--root') ? argv0[argv0.indexOf('--root') + 1] : undefined;
// --patient: an hour for each request instead of the default minute (under callgrind 1000 calls in flight may take
// longer than that); the request clocks run all the same, so the path measured is the default one.
const LIMITS = argv0.includes('--patient') ? { timeout: { firstMs: 3_600_000 } } : {};

/** rxmcp's entry `name` (`index`, `session`) and rxjs: this package's, or those of the checkout `--root`. */
async function load(name) {
  if (ROOT === undefined) return Promise.all([import(name === 'index' ? 'rxmcp' : `rxmcp/${name}`), import('rxjs')]);
  return [await import(pathToFileURL(join(ROOT, 'dist', `${name}.js`)).href), createRequire(join(ROOT, 'package.json'))('rxjs')];
}
const CLIENTS = ['rxmcp-auto', 'rxmcp-legacy', 'rxmcp-session', 'official', 'official-auto'];
const CASES = ['seq', 'conc', 'connect'];

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};

const MODERN = '2026-07-28';
const SERVER_INFO = { name: 'inproc-echo', version: '1.0.0' };
const TOOLS = [{ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }];

/** The in-process server: both eras, like the official v2 server. Returns the reply text or undefined. */
function reply(text) {
  const message = JSON.parse(text);
  if (message.id === undefined) return undefined;
  const { id, method, params } = message;
  const modern = params?._meta?.['io.modelcontextprotocol/protocolVersion'] === MODERN;
  const meta = modern ? { resultType: 'complete' } : {};
  let result;
  switch (method) {
    case 'server/discover':
      result = { supportedVersions: [MODERN], capabilities: { tools: {} }, resultType: 'complete', ttlMs: 0, cacheScope: 'private',
        _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } };
      break;
    case 'initialize':
      result = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: SERVER_INFO };
      break;
    case 'tools/list':
      result = modern ? { tools: TOOLS, ...meta, ttlMs: 0, cacheScope: 'private' } : { tools: TOOLS };
      break;
    case 'tools/call':
      result = { content: [{ type: 'text', text: params.arguments.text }], ...meta };
      break;
    default:
      return JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
  }
  return JSON.stringify({ jsonrpc: '2.0', id, result });
}

/** Collects written messages and answers them all on the next macrotask. */
function wire(deliver) {
  let queued = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = queued;
    queued = [];
    for (const text of batch) {
      const answer = reply(text);
      if (answer !== undefined) deliver(answer);
    }
  };
  return (text) => {
    queued.push(text);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

function rxmcpTransport(Observable) {
  return {
    kind: 'bench',
    connect: (outbound$) =>
      new Observable((subscriber) => {
        const send = wire((text) => subscriber.next({ message: JSON.parse(text) }));
        return outbound$.subscribe((frame) => send(JSON.stringify(frame.message)));
      }),
  };
}

/** rxmcp's session alone (2025-11-25 handshake by hand, results not decoded): the floor under the client. */
async function rxmcpSession() {
  const [{ createSession }, { Observable, lastValueFrom }] = await load('session');
  const session = createSession(rxmcpTransport(Observable), LIMITS);
  await lastValueFrom(session.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO }));
  await lastValueFrom(session.notify('notifications/initialized'), { defaultValue: undefined });
  await lastValueFrom(session.request('tools/list'));
  return {
    call: (text) => lastValueFrom(session.request('tools/call', { name: 'echo', arguments: { text } })),
    close: () => session.close(),
    protocol: () => '2025-11-25',
  };
}

async function rxmcp(protocol) {
  const [{ createClient }, { Observable, lastValueFrom }] = await load('index');
  const transport = rxmcpTransport(Observable);
  const client = createClient(transport, { clientInfo: CLIENT_INFO, protocol, ...LIMITS });
  await lastValueFrom(client.connect());
  await lastValueFrom(client.listTools());
  return { call: (text) => lastValueFrom(client.callTool('echo', { text })), close: () => client.close(), protocol: () => client.server?.protocolVersion };
}

async function official(auto) {
  const { Client } = await import('@modelcontextprotocol/client');
  const transport = {
    async start() {},
    async close() {
      this.onclose?.();
    },
    async send(message) {
      this.write(JSON.stringify(message));
    },
  };
  transport.write = wire((text) => transport.onmessage?.(JSON.parse(text)));
  const client = new Client(CLIENT_INFO, auto ? { capabilities: {}, versionNegotiation: { mode: 'auto' } } : { capabilities: {} });
  await client.connect(transport);
  await client.listTools();
  return {
    call: (text) => client.callTool({ name: 'echo', arguments: { text } }),
    close: () => client.close(),
    protocol: () => client.getNegotiatedProtocolVersion(),
  };
}

const OPEN = {
  'rxmcp-session': rxmcpSession,
  'rxmcp-auto': () => rxmcp('auto'),
  'rxmcp-legacy': () => rxmcp('legacy'),
  official: () => official(false),
  'official-auto': () => official(true),
};

/** connect: a fresh client connects, lists its tools, makes one call and closes, CONNECT.connects times. */
async function connectWorker(clientName, profiler, observer, gcMs) {
  let protocol;
  const once = async () => {
    const client = await OPEN[clientName]();
    if ((await client.call('x')).content[0].text !== 'x') throw new Error('wrong echo');
    protocol = client.protocol();
    await client.close();
  };
  for (let i = 0; i < CONNECT.warmup; i += 1) await once();
  await profiler?.start();
  observer.observe({ entryTypes: ['gc'] });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < CONNECT.connects; i += 1) await once();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  await new Promise((resolve) => setImmediate(resolve));
  observer.disconnect();
  await report(profiler, { value: (ms * 1000) / CONNECT.connects, unit: 'µs/conn', calls: CONNECT.connects }, gcMs(), cpu, { protocol: () => protocol });
}

/** Prints one measurement: the allocation profile on stderr (with --alloc), the JSON line on stdout; exits. */
async function report(profiler, out, gcMs, cpu, client) {
  if (profiler) {
    const { bytesPerCall, top } = await profiler.stop(out.calls);
    const lines = [`allocated: ${bytesPerCall.toFixed(0)} bytes per ${out.unit === 'µs/conn' ? 'connect' : 'call'}`, ...top.map(([site, bytes]) => `${String(bytes).padStart(7)}  ${site}`)];
    process.stderr.write(`${lines.join('\n')}\n`);
  }
  out.gcMsPer1000 = (gcMs * 1000) / out.calls;
  out.cpuUsPerCall = (cpu.user + cpu.system) / out.calls;
  out.protocol = client.protocol();
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

async function worker(clientName, caseName) {
  let profiler;
  if (argv.includes('--alloc')) {
    // Loaded here only: the other workers do without the inspector.
    const { allocationProfiler } = await import('./alloc.mjs');
    profiler = await allocationProfiler();
  }
  let gcMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  if (caseName === 'connect') return connectWorker(clientName, profiler, observer, () => gcMs);
  const client = await OPEN[clientName]();
  let out;
  let cpuBefore;
  let cpu;
  if (caseName === 'seq') {
    for (let i = 0; i < SEQ.warmup; i += 1) await client.call('warm');
    await profiler?.start();
    observer.observe({ entryTypes: ['gc'] });
    cpuBefore = process.cpuUsage();
    const started = performance.now();
    let last;
    for (let i = 0; i < SEQ.calls; i += 1) last = await client.call(`hello ${i}`);
    const ms = performance.now() - started;
    cpu = process.cpuUsage(cpuBefore);
    if (last.content[0].text !== `hello ${SEQ.calls - 1}`) throw new Error('wrong echo');
    out = { value: (ms * 1000) / SEQ.calls, unit: 'µs/call', calls: SEQ.calls };
  } else {
    const batch = () => Promise.all(Array.from({ length: CONC.inFlight }, (_, i) => client.call(`m${i}`)));
    await batch();
    await profiler?.start();
    observer.observe({ entryTypes: ['gc'] });
    cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let b = 0; b < CONC.batches; b += 1) await batch();
    const ms = performance.now() - started;
    cpu = process.cpuUsage(cpuBefore);
    out = { value: (CONC.inFlight * CONC.batches * 1000) / ms, unit: 'calls/s', calls: CONC.inFlight * CONC.batches };
  }
  await new Promise((resolve) => setImmediate(resolve));
  observer.disconnect();
  const protocol = client.protocol();
  await client.close();
  await report(profiler, out, gcMs, cpu, { protocol: () => protocol });
}

function runWorker({ client, root }, caseName) {
  const args = [SELF, '--worker', client, caseName, ...(root === undefined ? [] : ['--root', root])];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('close', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch {
        resolve({ error: `exit ${code}: ${err.trim().split('\n').slice(-2).join(' | ')}` });
      }
    });
  });
}

/** What runs: each client, and each rxmcp client once per checkout of --roots (labelled `client@folder`). */
function variantsOf(clients, roots) {
  return clients.flatMap((client) =>
    roots.length === 0 || !client.startsWith('rxmcp')
      ? [{ client, label: client }]
      : roots.map((root) => ({ client, root, label: `${client}@${root.split('/').filter(Boolean).pop()}` })),
  );
}

async function main() {
  const rounds = Number(option('rounds', 5));
  const clients = option('clients', CLIENTS.join(',')).split(',');
  const cases = option('cases', CASES.join(',')).split(',');
  const variants = variantsOf(clients, option('roots', '').split(',').filter((root) => root !== ''));
  const results = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const caseName of cases) {
      for (let i = 0; i < variants.length; i += 1) {
        const variant = variants[(i + round) % variants.length];
        results.push({ ...(await runWorker(variant, caseName)), label: variant.label, case: caseName });
      }
    }
  }
  const width = Math.max(15, ...variants.map((v) => v.label.length + 2));
  console.log(`in-process, no I/O; medians of ${rounds} rounds; node ${process.version}; cpu = user + system µs per call`);
  console.log(`${'case'.padEnd(8)}${'client'.padEnd(width)}${'value'.padStart(10)} unit     ${'cpu µs'.padStart(8)}${'gc ms/1000'.padStart(12)}  protocol`);
  for (const caseName of cases) {
    for (const { label } of variants) {
      const mine = results.filter((r) => r.label === label && r.case === caseName && r.error === undefined);
      const errors = results.filter((r) => r.label === label && r.case === caseName && r.error !== undefined);
      if (mine.length === 0) {
        console.log(`${caseName.padEnd(8)}${label.padEnd(width)} ${errors[0]?.error ?? 'n/a'}`);
        continue;
      }
      const value = median(mine.map((r) => r.value));
      const cpu = median(mine.map((r) => r.cpuUsPerCall));
      const gc = median(mine.map((r) => r.gcMsPer1000));
      console.log(`${caseName.padEnd(8)}${label.padEnd(width)}${value.toFixed(1).padStart(10)} ${mine[0].unit.padEnd(8)}${cpu.toFixed(1).padStart(8)}${gc.toFixed(2).padStart(12)}  ${mine[0].protocol}`);
    }
  }
}

if (argv[0] === '--worker') await worker(argv[1], argv[2]);
else await main();
