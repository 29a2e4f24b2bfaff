// The goals of `npm run bench`, each ratio beside its goal with PASS or MISS, from the medians of the run.
// Two eras: "auto" is rxmcp-auto against official-auto (both negotiate 2026-07-28 with the official server, and
// fall back to 2025-11-25 with the no-SDK one), "legacy" is rxmcp-legacy against official (default negotiation,
// 2025-11-25). The limit (bench/limit.mjs) is the same in both columns.
import { CORE_BUNDLE_GOAL } from '../scripts/bundle-size.mjs';
import { CASES } from './cases.mjs';
import { IMPORT_GOAL } from './import-time.mjs';
import { summarise, warningsOf } from './report.mjs';

const ERAS = [
  ['rxmcp-auto', 'official-auto'],
  ['rxmcp-legacy', 'official'],
];
const MiB = 1024 * 1024;
const KiB = 1024;

/**
 * The goals, as ratios of medians. Sequential calls (stdio and Streamable HTTP): at least `vsOfficial` times the
 * official v2 client and `vsLimit` times the limit. 1000 in flight (stdio): at least `vsOfficial` times v2,
 * `vsV1` times the official v1 client and `vsLimit` times the limit. Connect + first list: at most `connect` times
 * the official client. Large results (5 and 50 MiB): at most `bigTime` times the limit, and the RSS they add at most
 * `bigRss` times the payload. Peak RSS of the sequential cases: at most `peakRss` times v2.
 */
export const GOALS = {
  seq: { vsOfficial: 1.5, vsLimit: 0.85 },
  conc: { vsOfficial: 2, vsV1: 1, vsLimit: 0.6 },
  connect: 0.8,
  bigTime: 1.1,
  bigRss: 3,
  peakRss: 0.6,
};

/** A goal's check: value against bound, `atLeast` (≥) or at most (≤). */
const cell = (value, bound, atLeast, suffix = '') => {
  if (value === undefined || Number.isNaN(value)) return { text: 'n/a' };
  const pass = atLeast ? value >= bound : value <= bound;
  const shown = Number.isInteger(value) || Math.abs(value) >= 1000 ? value.toFixed(0) : value.toFixed(2);
  return { text: `${shown}${suffix} ${pass ? 'PASS' : 'MISS'}`, pass };
};

/** The goals and the tally: `{ rows: [{ goal, server, cells: [{ text, pass }] }], pass, miss, na }`. */
export function evaluateGoals({ results, cases, servers, imports, sizes, budget }) {
  const rows = [];
  const has = (name) => cases.includes(name);
  const med = (caseName, server, client, field = 'value') => summarise(results, caseName, server, client, field)?.median;
  const ratio = (caseName, server, a, b, field) => {
    const x = med(caseName, server, a, field);
    const y = med(caseName, server, b, field);
    return x === undefined || y === undefined ? undefined : x / y;
  };
  const eraRow = (goal, server, check) => rows.push({ goal, server, cells: ERAS.map(([rx, official]) => check(rx, official)) });

  for (const caseName of ['seq-stdio', 'seq-http', 'conc-stdio'].filter(has)) {
    const { vsOfficial, vsLimit, vsV1 } = caseName === 'conc-stdio' ? GOALS.conc : GOALS.seq;
    for (const server of servers) {
      eraRow(`${caseName} calls/s ≥ ${vsOfficial}× official v2`, server, (rx, off) => cell(ratio(caseName, server, rx, off), vsOfficial, true));
      if (vsV1 !== undefined) eraRow(`${caseName} calls/s ≥ ${vsV1}× official v1`, server, (rx) => cell(ratio(caseName, server, rx, 'official-v1'), vsV1, true));
      eraRow(`${caseName} calls/s ≥ ${vsLimit}× limit`, server, (rx) => cell(ratio(caseName, server, rx, 'limit'), vsLimit, true));
    }
  }
  if (has('conc-stdio')) {
    for (const server of servers) {
      eraRow('conc-stdio stderr warnings = 0', server, (rx) => {
        const ran = results.some((r) => r.client === rx && r.case === 'conc-stdio' && r.server === server);
        return ran ? cell(warningsOf(results, rx, 'conc-stdio', server), 0, false) : cell(undefined);
      });
    }
  }
  for (const caseName of ['connect-stdio', 'connect-http'].filter(has)) {
    // The goal is the connect + first list of a warm process; the cold first one (module loading included) is held
    // to at most the official client's.
    for (const [field, label, bound] of [['value', caseName, GOALS.connect], ['first', caseName.replace('connect', 'first'), 1]]) {
      for (const server of servers) eraRow(`${label} ms ≤ ${bound}× official v2`, server, (rx, off) => cell(ratio(caseName, server, rx, off, field), bound, false));
    }
  }
  for (const caseName of Object.keys(CASES).filter((c) => CASES[c].kind === 'big' && has(c))) {
    const mib = CASES[caseName].size / MiB;
    for (const server of servers) {
      eraRow(`${caseName} time ≤ ${GOALS.bigTime}× limit`, server, (rx) => cell(ratio(caseName, server, rx, 'limit'), GOALS.bigTime, false));
      eraRow(`${caseName} RSS added ≤ ${GOALS.bigRss}× ${mib} MiB`, server, (rx) => cell(med(caseName, server, rx, 'memX'), GOALS.bigRss, false, '×'));
    }
  }
  for (const transport of ['stdio', 'http']) {
    const [small, large] = [`big-${transport}`, `big50-${transport}`];
    if (!has(small) || !has(large)) continue;
    for (const server of servers) {
      const growth = (rx, field) => {
        const [x, y] = [med(large, server, rx, field), med(small, server, rx, field)];
        return x === undefined || y === undefined ? undefined : x / y;
      };
      eraRow(`big50/big-${transport} time ≤ 12× (linear)`, server, (rx) => cell(growth(rx, 'value'), 12, false, '×'));
      eraRow(`big50/big-${transport} RSS added ≤ 12×`, server, (rx) => cell(growth(rx, 'memMB'), 12, false, '×'));
    }
  }
  for (const caseName of ['seq-stdio', 'seq-http'].filter(has)) {
    for (const server of servers) eraRow(`${caseName} peak RSS ≤ ${GOALS.peakRss}× official v2`, server, (rx, off) => cell(ratio(caseName, server, rx, off, 'rssMB'), GOALS.peakRss, false));
  }
  for (const caseName of Object.keys(CASES).filter((c) => CASES[c].kind === 'alloc' && has(c))) {
    const limits = budget?.allocBytesPerCall?.[CASES[caseName].mode] ?? {};
    for (const server of servers.filter((s) => CASES[caseName].servers?.includes(s) ?? true)) {
      eraRow(`${caseName} B/call ≤ budget.json`, server, (rx) => {
        const measured = med(caseName, server, rx);
        if (limits[rx] === undefined || measured === undefined) return cell(undefined);
        const checked = cell(measured, limits[rx], false);
        return { ...checked, text: `${checked.text} (≤ ${limits[rx]})` };
      });
    }
  }
  if (imports?.rxmcp && imports?.official) {
    rows.push({ goal: `import time ≤ ${IMPORT_GOAL}× official v2`, server: '-', cells: [cell(imports.rxmcp.median / imports.official.median, IMPORT_GOAL, false)] });
  }
  if (sizes?.core) {
    rows.push({ goal: `browser bundle core ≤ ${CORE_BUNDLE_GOAL / KiB} KB gzip`, server: '-', cells: [cell(sizes.core.gzip / KiB, CORE_BUNDLE_GOAL / KiB, false, ' KB')] });
  }
  const all = rows.flatMap((row) => row.cells);
  return {
    rows,
    pass: all.filter((c) => c.pass === true).length,
    miss: all.filter((c) => c.pass === false).length,
    na: all.filter((c) => c.pass === undefined).length,
  };
}

/** The goals section, as lines. */
export function formatGoals(evaluation) {
  const lines = [
    '',
    'goals (ratios of the medians above; auto = rxmcp-auto vs official-auto, legacy = rxmcp-legacy vs official;',
    'against the limit, both rxmcp clients vs limit, which speaks 2025-11-25; memory and linearity are rxmcp alone)',
    `${'goal'.padEnd(40)}${'server'.padEnd(8)}${'auto'.padEnd(24)}legacy`,
  ];
  lines.push('-'.repeat(lines[3].length + 18));
  for (const { goal, server, cells } of evaluation.rows) lines.push(`${goal.padEnd(40)}${server.padEnd(8)}${cells.map((c) => c.text.padEnd(24)).join('')}`.trimEnd());
  lines.push(`goals: ${evaluation.pass} PASS, ${evaluation.miss} MISS${evaluation.na ? `, ${evaluation.na} n/a` : ''}`);
  return lines;
}
