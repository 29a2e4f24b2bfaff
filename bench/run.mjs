// `npm run bench`: rxmcp (the built package in dist/) side by side with the official v2 client
// (@modelcontextprotocol/client, default negotiation and versionNegotiation auto), the official v1 SDK
// (@modelcontextprotocol/sdk) and the limit, a client without any SDK (bench/limit.mjs), over stdio and Streamable
// HTTP, against the official v2 server and a no-SDK server (bench/echo-server.mjs); all traffic on 127.0.0.1.
//
// node bench/run.mjs [options]
//   --quick              a check: 1 round of fewer cases (seq-stdio, seq-http, conc-stdio, connect-stdio,
//                        big-stdio, alloc-seq) against the official server only, no framing table, 5 import
//                        runs (about 2 minutes here); --rounds, --cases and --servers still apply
//   --rounds N           rounds (default 3; 1 with --quick)
//   --cases a,b          cases (default all; see --list)
//   --servers sdk,raw    servers (default both)
//   --clients a,b        clients (default all but limit-fetch; big50-stdio runs the official clients only when
//                        they are named here; the goals need rxmcp-*, official, official-auto, official-v1 and limit)
//   --no-framing         leave out the stdio framing table (bench/framing.mjs); --framing-only: nothing else
//   --no-warm            leave out the warm start table (bench/warm.mjs: cold and warm connect to the first tools,
//                        the example server over stdio and HTTP); --warm-runs N (default 5; 3 with --quick)
//   --no-import          leave out the import-time table (bench/import-time.mjs); --import-runs N (default 15)
//   --no-sizes           leave out the browser bundle sizes (scripts/bundle-size.mjs)
//   --roots a,b          each rxmcp client also from these checkouts (built: their dist/ and rxjs), in the same
//                        rounds, labelled client@folder, with rxmcp / client@folder beside the other ratios
//   --alloc-top N        after the tables, the N functions that allocate most per call, per rxmcp client
//   --json out.json      every raw result, for later comparison
//   --verbose            each measurement as it finishes, on stderr
// node bench/run.mjs --list   the cases, clients and servers
//
// Every measurement runs in a fresh child process (bench/worker.mjs); within a round every client runs
// each case before the next case starts, in an order that rotates from round to round. Counts are fixed. The
// tables show the median over rounds, the goals section at the end each goal's ratio of medians beside its
// bound with PASS or MISS (bench/goals.mjs); the allocation budget is bench/budget.json. A full default run
// (`npm run bench`, build included) took 9 min 14 s on a shared 2-core machine at a load average of about 7;
// it is not part of `npm test`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CORE_BUNDLE_GOAL, formatSizes, measureBundles } from '../scripts/bundle-size.mjs';
import { CASES, nodeOptionsOf } from './cases.mjs';
import { checkoutLabel } from './checkout.mjs';
import { CLIENTS } from './clients.mjs';
import { evaluateGoals, formatGoals } from './goals.mjs';
import { formatImports, measureImports } from './import-time.mjs';
import { measureWarmStart } from './warm.mjs';
import { format, formatAllocTop, formatTables } from './report.mjs';

const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const FRAMING = fileURLToPath(new URL('./framing.mjs', import.meta.url));
const BUDGET = new URL('./budget.json', import.meta.url);
const WORKER_TIMEOUT_MS = 180_000;
const SERVERS = { sdk: 'official v2 server (both eras)', raw: 'no-SDK server (2025 only)' };
const QUICK_CASES = ['seq-stdio', 'seq-http', 'conc-stdio', 'connect-stdio', 'big-stdio', 'alloc-seq'];
const QUICK_SERVERS = ['sdk'];

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && at + 1 < argv.length ? argv[at + 1] : fallback;
};
const listOption = (name, all, fallback = all) => {
  const value = option(name, undefined);
  if (value === undefined) return fallback;
  const chosen = value.split(',').filter(Boolean);
  const unknown = chosen.filter((item) => !all.includes(item));
  if (unknown.length > 0) throw new Error(`--${name}: unknown ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return chosen;
};
const pad = (text, width) => String(text).padEnd(width);

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

async function measure(clientName, caseName, server, root) {
  const args = [...nodeOptionsOf(caseName), WORKER, clientName, caseName, server, ...(root === undefined ? [] : [root])];
  const started = performance.now();
  const { code, signal, out, err } = await runChild(args);
  const wallMs = performance.now() - started;
  const warnings = err.split('\n').filter((line) => /Warning/.test(line));
  const last = out.trim().split('\n').pop() ?? '';
  try {
    return { ...JSON.parse(last), warnings, wallMs };
  } catch {
    const tail = err.trim().split('\n').slice(-3).join(' | ');
    return { error: `exit ${code ?? signal}: ${tail || last}`, warnings, wallMs };
  }
}

const rotate = (items, by) => items.map((_, i) => items[(i + by) % items.length]);
const serversOf = (caseName, servers) => servers.filter((server) => CASES[caseName].servers?.includes(server) ?? true);
const labelsOf = (caseName, variants, named) =>
  variants.filter((v) => named || (CASES[caseName].defaultClients?.includes(v.client) ?? true)).map((v) => v.label);

/** What runs: each client, and after each rxmcp client that client from every checkout of --roots. */
function variantsOf(clients, roots) {
  return clients.flatMap((client) => [
    { client, label: client },
    ...(CLIENTS[client].family === 'rxmcp' ? roots.map((root) => ({ client, root, label: checkoutLabel(client, root) })) : []),
  ]);
}

async function runRounds({ rounds, cases, servers, variants, named, verbose, started }) {
  const clients = variants.map((variant) => variant.label);
  const byLabel = new Map(variants.map((variant) => [variant.label, variant]));
  const results = [];
  console.error(`bench: ${rounds} round(s); cases ${cases.join(',')}; servers ${servers.join(',')}; clients ${clients.join(',')}`);
  for (let round = 0; round < rounds; round += 1) {
    for (const caseName of cases.filter((name) => round < (CASES[name].rounds ?? rounds))) {
      for (const server of serversOf(caseName, servers)) {
        for (const label of rotate(labelsOf(caseName, variants, named), round)) {
          const { client, root } = byLabel.get(label);
          const result = { ...(await measure(client, caseName, server, root)), client: label, case: caseName, server, round };
          results.push(result);
          if (verbose) console.error(`  r${round} ${caseName} ${server} ${label}: ${result.error ?? `${format(result.value)} ${CASES[caseName].unit} (${result.protocol})`} in ${(result.wallMs / 1000).toFixed(1)} s`);
        }
      }
    }
    console.error(`  round ${round + 1}/${rounds} done after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return results;
}

function list() {
  for (const [name, spec] of Object.entries(CASES)) console.log(`${pad(name, 15)}${spec.what}`);
  for (const [name, client] of Object.entries(CLIENTS)) console.log(`${pad(name, 15)}${client.note}`);
  for (const [name, what] of Object.entries(SERVERS)) console.log(`${pad(name, 15)}${what}`);
}

async function main() {
  if (flag('list')) return list();
  if (!existsSync(new URL('../dist/index.js', import.meta.url))) {
    console.error('bench: dist/ is missing; run `npm run build` first (or `npm run bench`, which builds)');
    process.exitCode = 1;
    return;
  }
  const quick = flag('quick');
  const rounds = Number(option('rounds', quick ? 1 : 3));
  const cases = listOption('cases', Object.keys(CASES), quick ? QUICK_CASES : Object.keys(CASES));
  const servers = listOption('servers', Object.keys(SERVERS), quick ? QUICK_SERVERS : Object.keys(SERVERS));
  const named = listOption('clients', Object.keys(CLIENTS), Object.keys(CLIENTS).filter((name) => !CLIENTS[name].optional));
  const roots = option('roots', '').split(',').filter((root) => root !== '');
  const variants = variantsOf(named, roots);
  const clients = variants.map((variant) => variant.label);
  const rootPairs = variants.filter((variant) => variant.root !== undefined).map(({ client, root, label }) => [client, label, checkoutLabel(client.replace('rxmcp-', ''), root).replace('@', '/@').slice(0, 14)]);
  const budget = JSON.parse(readFileSync(BUDGET, 'utf8'));
  const started = performance.now();
  let results = [];
  if (!flag('framing-only')) {
    const loadBefore = loadavg();
    results = await runRounds({ rounds, cases, servers, variants, named: option('clients') !== undefined, verbose: flag('verbose'), started });
    const load = { before: loadBefore, after: loadavg() };
    for (const line of formatTables({ results, cases, servers, clients, rounds, budget, load, extraPairs: rootPairs })) console.log(line);
    const top = Number(option('alloc-top', 0));
    if (top > 0) for (const line of formatAllocTop(results, top)) console.log(line);
  }
  let framing;
  if (!flag('no-framing') && !quick) {
    const { code, out, err } = await runChild(['--import', 'tsx', FRAMING], 300_000);
    framing = out;
    console.log(`\n${out.trimEnd()}`);
    if (code !== 0) console.log(`framing bench failed: ${err.trim().split('\n').slice(-3).join(' | ')}`);
  }
  if (!flag('no-warm') && !flag('framing-only')) {
    try {
      console.log(`\n${(await measureWarmStart(Number(option('warm-runs', quick ? 3 : 5)))).join('\n')}`);
    } catch (error) {
      console.log(`warm start bench failed: ${error.message}`);
    }
  }
  let imports;
  if (!flag('no-import') && !flag('framing-only')) {
    const runs = Number(option('import-runs', quick ? 5 : 15));
    imports = await measureImports(runs);
    console.log(`\n${formatImports(imports, runs).join('\n')}`);
  }
  let sizes;
  if (!flag('no-sizes') && !flag('framing-only')) {
    sizes = await measureBundles();
    console.log('\nbrowser bundles (esbuild, minified, browser platform, dependencies included, gzip -9):');
    for (const line of formatSizes(sizes, { core: CORE_BUNDLE_GOAL })) console.log(`  ${line}`);
  }
  if (!flag('framing-only')) for (const line of formatGoals(evaluateGoals({ results, cases, servers, imports, sizes, budget }))) console.log(line);
  console.error(`bench: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const json = option('json', undefined);
  if (json) writeFileSync(json, `${JSON.stringify({ node: process.version, rounds, cases: CASES, results, framing, imports, sizes, budget }, null, 2)}\n`);
}

await main();
