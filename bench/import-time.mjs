// Import time in a fresh Node process: wall time from spawn to exit of `node -e "import('<module>')"`, rxmcp
// against the official client, alternating, median over several processes each. A bare `node -e ""` gives Node's
// own start-up, so the table also shows what the import itself adds. The CPU time of each process (user + system,
// as the process saw it at exit) is shown beside: it varies less than wall time on a busy machine.
//
// node bench/import-time.mjs [--runs 15]
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './cases.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What is imported; `rxmcp` resolves through the package's own exports (the built dist/). */
export const IMPORTS = {
  node: { what: 'node -e "" (start-up alone)', code: '' },
  rxjs: { what: "import('rxjs') (rxmcp's peer dependency: the floor under rxmcp)", code: "import('rxjs')" },
  rxmcp: { what: "import('rxmcp')", code: "import('rxmcp')" },
  official: { what: "import('@modelcontextprotocol/client')", code: "import('@modelcontextprotocol/client')" },
};
const REPORT_CPU = "process.on('exit', () => { const { user, system } = process.cpuUsage(); process.stdout.write(String((user + system) / 1000)); });";
/** The goal: rxmcp at most this fraction of the official client's time. */
export const IMPORT_GOAL = 0.8;

function timesOf(code) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-e', `${REPORT_CPU} ${code}`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => {
      if (status !== 0) reject(new Error(`node -e "${code}" exited with ${status}: ${stderr.trim()}`));
      else resolve({ wall: Number(process.hrtime.bigint() - started) / 1e6, cpu: Number(stdout) });
    });
  });
}

/**
 * Medians (ms) over `runs` fresh processes per import, the imports interleaved so that load affects all alike:
 * `{ name: { median, min, max, cpu } }` (`cpu`: the median CPU time).
 */
export async function measureImports(runs = 15) {
  const times = Object.fromEntries(Object.keys(IMPORTS).map((name) => [name, []]));
  for (let round = 0; round < runs; round += 1) {
    const names = Object.keys(IMPORTS);
    for (let i = 0; i < names.length; i += 1) {
      const name = names[(i + round) % names.length];
      times[name].push(await timesOf(IMPORTS[name].code));
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => {
    const wall = values.map((value) => value.wall);
    return [name, { median: median(wall), min: Math.min(...wall), max: Math.max(...wall), cpu: median(values.map((value) => value.cpu)) }];
  }));
}

/** The table, as lines: wall time, the import's own share (minus start-up), and the ratio beside its goal. */
export function formatImports(result, runs) {
  const own = (name) => result[name].median - result.node.median;
  const lines = [`import time, fresh node process (median of ${runs}, spawn to exit; node ${process.version}):`];
  for (const [name, { median: ms, min, max, cpu }] of Object.entries(result)) {
    const extra = name === 'node' ? ''.padEnd(26) : `   import alone ${own(name).toFixed(1).padStart(6)} ms`;
    lines.push(`  ${name.padEnd(9)} ${ms.toFixed(1).padStart(7)} ms (${min.toFixed(0)}-${max.toFixed(0)})${extra}   cpu ${cpu.toFixed(1).padStart(6)} ms   ${IMPORTS[name].what}`);
  }
  const wall = result.rxmcp.median / result.official.median;
  const alone = own('rxmcp') / own('official');
  const cpu = result.rxmcp.cpu / result.official.cpu;
  const verdict = wall <= IMPORT_GOAL ? 'met' : 'NOT met';
  lines.push(`  ratio rxmcp/official: ${wall.toFixed(2)} wall (goal <= ${IMPORT_GOAL}: ${verdict}), ${alone.toFixed(2)} import alone, ${cpu.toFixed(2)} cpu`);
  const floor = (field) => (result.rxjs[field] / result.official[field]).toFixed(2);
  lines.push(`  floor rxjs/official:  ${floor('median')} wall, ${floor('cpu')} cpu (Node loads rxjs's CommonJS build, every operator)`);
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--runs');
  const runs = at >= 0 ? Number(process.argv[at + 1]) : 15;
  for (const line of formatImports(await measureImports(runs), runs)) console.log(line);
}
