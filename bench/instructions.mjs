// Instructions per call, counted by valgrind's callgrind: the in-process measurement of bench/inproc.mjs (no I/O, a
// server in the same process) run twice per client and case with different counts, so that start-up, module
// loading and warm-up cancel out. Instruction counts hardly move with the machine's load (wall-clock times on a
// shared machine do), so they show a change of the per-call path that timings cannot.
//
// node bench/instructions.mjs [--clients rxmcp-legacy,rxmcp-auto] [--cases seq,conc] [--roots /path/a,/path/b]
//
// seq: (I(4000 calls) - I(1000 calls)) / 3000, after 1000 warm-up calls; conc: (I(6 batches) - I(2 batches)) / 4000
// (1000 calls in flight per batch, after one warm-up batch): enough calls that the compiler's work settles first.
// Node runs with --single-threaded (no concurrent compiler or collector threads), whose work would otherwise land
// in the count at different moments from run to run.
// --roots compares checkouts (each one's built dist/ and its rxjs), interleaved. Needs `valgrind` on the PATH;
// each run takes minutes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INPROC = fileURLToPath(new URL('./inproc.mjs', import.meta.url));
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
/** The two counts of each case and the calls between them. */
const COUNTS = { seq: { flag: '--calls', low: 1000, high: 4000, calls: 3000 }, conc: { flag: '--batches', low: 2, high: 6, calls: 4000 } };

/** Instructions of one worker run under callgrind. */
function instructions(client, caseName, count, root) {
  const dir = mkdtempSync(join(tmpdir(), 'rxmcp-callgrind-'));
  const args = ['--tool=callgrind', `--callgrind-out-file=${join(dir, 'out')}`, '--smc-check=all-non-file', process.execPath, '--single-threaded', INPROC, '--worker', client, caseName, COUNTS[caseName].flag, String(count), '--patient'];
  if (root !== undefined) args.push('--root', root);
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      rmSync(dir, { recursive: true, force: true });
      const match = /Collected : (\d+)/.exec(err);
      if (code === 0 && match) resolve(Number(match[1]));
      else reject(new Error(`callgrind ${client} ${caseName} ${count}: exit ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

async function perCall(client, caseName, root) {
  const { low, high, calls } = COUNTS[caseName];
  const a = await instructions(client, caseName, low, root);
  const b = await instructions(client, caseName, high, root);
  return (b - a) / calls;
}

const clients = option('clients', 'rxmcp-legacy,rxmcp-auto').split(',');
const cases = option('cases', 'seq,conc').split(',');
const roots = option('roots', '').split(',').filter((root) => root !== '');
const targets = roots.length === 0 ? [undefined] : roots;
console.log('instructions per call (callgrind, in-process server, bench/inproc.mjs)');
for (const caseName of cases) {
  for (const client of clients) {
    for (const root of targets) {
      const count = await perCall(client, caseName, root);
      console.log(`${caseName.padEnd(6)}${client.padEnd(16)}${String(Math.round(count)).padStart(10)}${root === undefined ? '' : `  ${root}`}`);
    }
  }
}
