// `npm run bench`: rxmcp (the built package in dist/) against the official client @modelcontextprotocol/client,
// over stdio and Streamable HTTP, against the official v2 server and a no-SDK server (bench/echo-server.mjs).
//
// node bench/run.mjs [--rounds 3] [--cases seq-stdio,...] [--servers sdk,raw] [--clients rxmcp-auto,...]
//                    [--no-framing] [--framing-only] [--no-import] [--no-sizes] [--import-runs 15]
//                    [--json out.json] [--verbose]
// node bench/run.mjs --list
//
// Every measurement runs in a fresh child process (this file with --worker); within a round every client runs
// each case before the next case starts, in an order that rotates from round to round. Counts are fixed. The
// table shows the median over rounds and the ratio rxmcp/official (rxmcp auto against official auto, rxmcp
// legacy against official default): above 1 is better for calls/s, below 1 is better for ms.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatSizes, measureBundles } from '../scripts/bundle-size.mjs';
import { CLIENTS, ECHO_SERVER } from './clients.mjs';
import { formatImports, measureImports } from './import-time.mjs';

const SELF = fileURLToPath(import.meta.url);
const FRAMING = fileURLToPath(new URL('./framing.mjs', import.meta.url));
const MiB = 1024 * 1024;
const WORKER_TIMEOUT_MS = 120_000;

/** The cases, with their fixed counts. */
const CASES = {
  'seq-stdio': { transport: 'stdio', unit: 'calls/s', warmup: 300, calls: 2000,
    what: '(a) sequential tools/call echo, stdio' },
  'seq-http': { transport: 'http', unit: 'calls/s', warmup: 100, calls: 600,
    what: '(a) sequential tools/call echo, Streamable HTTP' },
  'conc-stdio': { transport: 'stdio', unit: 'calls/s', inFlight: 1000, batches: 3,
    what: '(b) 1000 tools/call in flight, 1 warm-up + 3 batches, stdio' },
  'connect-stdio': { transport: 'stdio', unit: 'ms', warmup: 2, repeats: 5,
    what: '(c) spawn + connect + tools/list, stdio: the first (cold), 1 more warm-up, median of 5' },
  'connect-http': { transport: 'http', unit: 'ms', warmup: 10, repeats: 20,
    what: '(c) connect + tools/list, Streamable HTTP (server up): the first (cold), 9 more warm-ups, median of 20' },
  'big-stdio': { transport: 'stdio', unit: 'ms', size: 5 * MiB, repeats: 5,
    what: '(d) one 5 MiB tools/call result, stdio, 1 warm-up + median of 5' },
  'big-http': { transport: 'http', unit: 'ms', size: 5 * MiB, repeats: 5,
    what: '(d) one 5 MiB tools/call result, Streamable HTTP, 1 warm-up + median of 5' },
};

const SERVERS = { sdk: 'official v2 server', raw: 'no-SDK server (2025 only)' };
const PAIRS = [
  ['rxmcp-auto', 'official-auto'],
  ['rxmcp-legacy', 'official'],
];

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && at + 1 < argv.length ? argv[at + 1] : fallback;
};
const listOption = (name, all) => {
  const value = option(name, undefined);
  if (value === undefined) return all;
  const chosen = value.split(',').filter(Boolean);
  const unknown = chosen.filter((item) => !all.includes(item));
  if (unknown.length > 0) throw new Error(`--${name}: unknown ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return chosen;
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// ---------------------------------------------------------------------------------------------- worker

async function startHttpServer(server) {
  const child = spawn(process.execPath, [ECHO_SERVER, `${server}-http`, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = /listening (\d+)/.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`echo server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => child.kill('SIGTERM') };
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

const MEASURE = {
  async seq(open, spec) {
    const connection = await open();
    await connection.list();
    for (let i = 0; i < spec.warmup; i += 1) await connection.call('echo', { text: 'warm' });
    const { cpuUs, value: { ms, value } } = await withCpu(() => timed(async () => {
      let last;
      for (let i = 0; i < spec.calls; i += 1) last = await connection.call('echo', { text: `hello ${i}` });
      return last;
    }));
    if (value.content[0].text !== `hello ${spec.calls - 1}`) throw new Error('wrong echo');
    const protocol = connection.protocol();
    await connection.close();
    return { value: (spec.calls * 1000) / ms, cpuUsPerCall: cpuUs / spec.calls, protocol };
  },
  async conc(open, spec) {
    const connection = await open();
    await connection.list();
    const batch = () => Promise.all(Array.from({ length: spec.inFlight }, (_, i) => connection.call('echo', { text: `m${i}` })));
    await batch();
    let total = 0;
    const { cpuUs } = await withCpu(async () => {
      for (let b = 0; b < spec.batches; b += 1) {
        const { ms, value } = await timed(batch);
        total += ms;
        if (value[spec.inFlight - 1].content[0].text !== `m${spec.inFlight - 1}`) throw new Error('wrong echo');
      }
    });
    const protocol = connection.protocol();
    await connection.close();
    return { value: (spec.inFlight * spec.batches * 1000) / total, cpuUsPerCall: cpuUs / (spec.inFlight * spec.batches), protocol };
  },
  async connect(open, spec) {
    const times = [];
    let protocol;
    for (let i = 0; i < spec.warmup + spec.repeats; i += 1) {
      const { ms, value: connection } = await timed(async () => {
        const opened = await open();
        await opened.list();
        return opened;
      });
      times.push(ms);
      protocol = connection.protocol();
      await connection.close();
    }
    return { value: median(times.slice(spec.warmup)), first: times[0], protocol };
  },
  async big(open, spec) {
    const connection = await open();
    await connection.list();
    await connection.call('big', { size: spec.size });
    const times = [];
    for (let i = 0; i < spec.repeats; i += 1) {
      const { ms, value } = await timed(() => connection.call('big', { size: spec.size }));
      times.push(ms);
      if (value.content[0].text.length !== spec.size) throw new Error('wrong size');
    }
    const protocol = connection.protocol();
    await connection.close();
    return { value: median(times), protocol };
  },
};

async function worker() {
  const clientName = option('client');
  const caseName = option('case');
  const server = option('server', 'sdk');
  const spec = CASES[caseName];
  const loaded = await timed(() => CLIENTS[clientName].load());
  const http = spec.transport === 'http' ? await startHttpServer(server) : undefined;
  const target = http ? { url: http.url } : { stdio: [process.execPath, ECHO_SERVER, `${server}-stdio`] };
  try {
    const kind = caseName.split('-')[0];
    const result = await MEASURE[kind](() => loaded.value.open(target), spec);
    const rssMB = process.resourceUsage().maxRSS / 1024;
    process.stdout.write(`${JSON.stringify({ ...result, importMs: loaded.ms, rssMB })}\n`);
  } finally {
    http?.stop();
  }
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------- orchestrator

function runChild(args, timeoutMs = WORKER_TIMEOUT_MS) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out, err });
    });
  });
}

async function measure(clientName, caseName, server) {
  const { code, signal, out, err } = await runChild([SELF, '--worker', '--client', clientName, '--case', caseName, '--server', server]);
  const warnings = err.split('\n').filter((line) => /Warning/.test(line));
  const last = out.trim().split('\n').pop() ?? '';
  try {
    return { ...JSON.parse(last), warnings };
  } catch {
    const tail = err.trim().split('\n').slice(-3).join(' | ');
    return { error: `exit ${code ?? signal}: ${tail || last}`, warnings };
  }
}

const rotate = (items, by) => items.map((_, i) => items[(i + by) % items.length]);
const format = (value) => (value === undefined ? 'n/a' : value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const pad = (text, width) => String(text).padEnd(width);
const padStart = (text, width) => String(text).padStart(width);

function summarise(results, caseName, server, clientName, field = 'value') {
  const values = results
    .filter((r) => r.case === caseName && r.server === server && r.client === clientName && r.error === undefined && r[field] !== undefined)
    .map((r) => r[field]);
  return values.length === 0 ? undefined : { median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length };
}

/** Rows of the main table: every case, plus the cold first connect of the connect cases. */
function rowsOf(cases) {
  const rows = [];
  for (const caseName of cases) {
    rows.push({ caseName, field: 'value', label: caseName });
    if (caseName.startsWith('connect')) rows.push({ caseName, field: 'first', label: `${caseName.replace('connect', 'first')}` });
  }
  return rows;
}

function printTable(results, cases, servers, clients, rounds) {
  const width = 15;
  const pairs = PAIRS.filter(([a, b]) => clients.includes(a) && clients.includes(b));
  console.log(`\nMedians of ${rounds} round(s), each measurement in a fresh process; node ${process.version}.`);
  console.log('ratio = rxmcp / official: calls/s above 1 and ms below 1 mean rxmcp is faster.');
  console.log('first-stdio / first-http: the first connect of a fresh process (cold: nothing compiled or cached yet).\n');
  const header = pad('case', 15) + pad('server', 8) + pad('unit', 9) + clients.map((c) => padStart(c, width)).join('')
    + pairs.map(([a, b]) => padStart(`${a.replace('rxmcp-', '')}/${b.replace('official-', '').replace('official', 'default')}`, 16)).join('');
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const { caseName, field, label } of rowsOf(cases)) {
    for (const server of servers) {
      const cells = clients.map((c) => summarise(results, caseName, server, c, field));
      if (cells.every((cell) => cell === undefined)) continue;
      const ratios = pairs.map(([a, b]) => {
        const x = summarise(results, caseName, server, a, field);
        const y = summarise(results, caseName, server, b, field);
        return x && y ? (x.median / y.median).toFixed(2) : 'n/a';
      });
      console.log(pad(label, 15) + pad(server, 8) + pad(CASES[caseName].unit, 9)
        + cells.map((cell) => padStart(cell ? format(cell.median) : 'n/a', width)).join('')
        + ratios.map((ratio) => padStart(ratio, 16)).join(''));
    }
  }
  console.log('\nspread (min-max over rounds)');
  for (const { caseName, field, label } of rowsOf(cases)) {
    for (const server of servers) {
      const cells = clients.map((c) => summarise(results, caseName, server, c, field));
      if (cells.every((cell) => cell === undefined)) continue;
      console.log(pad(label, 15) + pad(server, 8) + pad('', 9)
        + cells.map((cell) => padStart(cell ? `${format(cell.min)}-${format(cell.max)}` : 'n/a', width)).join(''));
    }
  }
  console.log('\nCPU time of the client process per call, µs (median; user + system, the server not included)');
  for (const caseName of cases) {
    for (const server of servers) {
      const cells = clients.map((c) => summarise(results, caseName, server, c, 'cpuUsPerCall'));
      if (cells.every((cell) => cell === undefined)) continue;
      const ratios = pairs.map(([a, b]) => {
        const x = summarise(results, caseName, server, a, 'cpuUsPerCall');
        const y = summarise(results, caseName, server, b, 'cpuUsPerCall');
        return x && y ? (x.median / y.median).toFixed(2) : 'n/a';
      });
      console.log(pad(caseName, 15) + pad(server, 8) + pad('µs/call', 9) + cells.map((cell) => padStart(cell ? format(cell.median) : 'n/a', width)).join('')
        + ratios.map((ratio) => padStart(ratio, 16)).join(''));
    }
  }
  console.log('\npeak RSS of the client process, MB (median)');
  for (const caseName of cases) {
    for (const server of servers) {
      const cells = clients.map((c) => summarise(results, caseName, server, c, 'rssMB'));
      if (cells.every((cell) => cell === undefined)) continue;
      console.log(pad(caseName, 15) + pad(server, 8) + pad('MB', 9) + cells.map((cell) => padStart(cell ? format(cell.median) : 'n/a', width)).join(''));
    }
  }
  const imports = clients.map((c) => {
    const values = results.filter((r) => r.client === c && r.importMs !== undefined).map((r) => r.importMs);
    return `${c} ${values.length ? format(median(values)) : 'n/a'} ms`;
  });
  console.log(`\nlibrary import time (median over workers): ${imports.join(', ')}`);
  const protocols = [];
  for (const server of servers) {
    for (const c of clients) {
      const seen = [...new Set(results.filter((r) => r.client === c && r.server === server && r.protocol).map((r) => r.protocol))];
      protocols.push(`${c}@${server}=${seen.join('|') || '?'}`);
    }
  }
  console.log(`negotiated: ${protocols.join('  ')}`);
  const warned = results.filter((r) => r.warnings?.length);
  for (const r of warned) console.log(`warning: ${r.case} ${r.server} ${r.client} round ${r.round}: ${r.warnings[0].slice(0, 140)}`);
  for (const r of results.filter((x) => x.error !== undefined)) console.log(`ERROR: ${r.case} ${r.server} ${r.client} round ${r.round}: ${r.error}`);
}

async function main() {
  if (flag('list')) {
    for (const [name, spec] of Object.entries(CASES)) console.log(`${pad(name, 15)}${spec.what}`);
    for (const [name, client] of Object.entries(CLIENTS)) console.log(`${pad(name, 15)}${client.note}`);
    for (const [name, what] of Object.entries(SERVERS)) console.log(`${pad(name, 15)}${what}`);
    return;
  }
  if (!existsSync(new URL('../dist/index.js', import.meta.url))) {
    console.error('bench: dist/ is missing; run `npm run build` first (or `npm run bench`, which builds)');
    process.exitCode = 1;
    return;
  }
  const rounds = Number(option('rounds', 3));
  const cases = listOption('cases', Object.keys(CASES));
  const servers = listOption('servers', Object.keys(SERVERS));
  const clients = listOption('clients', Object.keys(CLIENTS));
  const verbose = flag('verbose');
  const results = [];
  const started = performance.now();
  if (!flag('framing-only')) {
    console.error(`bench: ${rounds} round(s); cases ${cases.join(',')}; servers ${servers.join(',')}; clients ${clients.join(',')}`);
    for (let round = 0; round < rounds; round += 1) {
      for (const caseName of cases) {
        for (const server of servers) {
          for (const clientName of rotate(clients, round)) {
            const result = { ...(await measure(clientName, caseName, server)), client: clientName, case: caseName, server, round };
            results.push(result);
            if (verbose) console.error(`  r${round} ${caseName} ${server} ${clientName}: ${result.error ?? `${format(result.value)} ${CASES[caseName].unit} (${result.protocol})`}`);
          }
        }
      }
      console.error(`  round ${round + 1}/${rounds} done after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    printTable(results, cases, servers, clients, rounds);
  }
  let framing;
  if (!flag('no-framing')) {
    const { code, out, err } = await runChild(['--import', 'tsx', FRAMING], 300_000);
    framing = out;
    console.log(`\n${out.trimEnd()}`);
    if (code !== 0) console.log(`framing bench failed: ${err.trim().split('\n').slice(-3).join(' | ')}`);
  }
  let imports;
  if (!flag('no-import')) {
    const runs = Number(option('import-runs', 15));
    imports = await measureImports(runs);
    console.log(`\n${formatImports(imports, runs).join('\n')}`);
  }
  let sizes;
  if (!flag('no-sizes')) {
    sizes = await measureBundles();
    console.log('\nbrowser bundles (esbuild, minified, browser platform, dependencies included, gzip -9):');
    for (const line of formatSizes(sizes, { core: 35 * 1024 })) console.log(`  ${line}`);
  }
  console.error(`bench: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const json = option('json', undefined);
  if (json) writeFileSync(json, `${JSON.stringify({ node: process.version, rounds, cases: CASES, results, framing, imports, sizes }, null, 2)}\n`);
}

if (flag('worker')) await worker();
else await main();
