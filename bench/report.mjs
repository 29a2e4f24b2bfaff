// The tables of `npm run bench`: medians over rounds of the workers' results, per case × server × client.
import { CASES, median } from './cases.mjs';

/** Ratio columns: rxmcp in each era against the official v2 client of that era, and against the limit. */
export const PAIRS = [
  ['rxmcp-auto', 'official-auto', 'auto/auto'],
  ['rxmcp-legacy', 'official', 'legacy/default'],
  ['rxmcp-auto', 'limit', 'auto/limit'],
  ['rxmcp-legacy', 'limit', 'legacy/limit'],
];

export const format = (value) =>
  value === undefined || Number.isNaN(value) ? 'n/a' : Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);
const pad = (text, width) => String(text).padEnd(width);
const padStart = (text, width) => String(text).padStart(width);
/** A client column: 14 characters, or its longest label and two spaces. */
const clientWidth = (clients) => Math.max(14, ...clients.map((c) => c.length + 2));
const RATIO_WIDTH = 15;

/** `{ median, min, max, n }` of `field` over the rounds of one cell, or undefined. */
export function summarise(results, caseName, server, client, field = 'value') {
  const values = results
    .filter((r) => r.case === caseName && r.server === server && r.client === client && r.error === undefined && r[field] !== undefined)
    .map((r) => r[field]);
  return values.length === 0 ? undefined : { median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length };
}

/** Rows of a table: each case of `kinds`, and for connect cases the cold first connect (`first-*`). */
function rowsOf(cases, kinds, withFirst) {
  const rows = [];
  for (const caseName of cases.filter((name) => kinds.includes(CASES[name].kind))) {
    rows.push({ caseName, field: 'value', label: caseName });
    if (withFirst && CASES[caseName].kind === 'connect') rows.push({ caseName, field: 'first', label: caseName.replace('connect', 'first') });
  }
  return rows;
}

function table(out, { results, servers, clients, pairs }, rows, { field, unit, cell = (s) => format(s.median), ratios = true }) {
  for (const row of rows) {
    const rowField = row.field === 'first' ? 'first' : field ?? row.field;
    for (const server of servers) {
      const cells = clients.map((c) => summarise(results, row.caseName, server, c, rowField));
      if (cells.every((s) => s === undefined)) continue;
      const shown = ratios ? pairs.map(([a, b]) => {
        const x = summarise(results, row.caseName, server, a, rowField);
        const y = summarise(results, row.caseName, server, b, rowField);
        return x && y ? (x.median / y.median).toFixed(2) : 'n/a';
      }) : [];
      out.push(pad(row.label, 15) + pad(server, 8) + pad(unit ?? CASES[row.caseName].unit, 9)
        + cells.map((s) => padStart(s ? cell(s) : 'n/a', clientWidth(clients))).join('') + shown.map((r) => padStart(r, RATIO_WIDTH)).join(''));
    }
  }
}

const loadText = (values) => values.map((value) => value.toFixed(2)).join(' ');

/** Every table, as lines. */
export function formatTables({ results, cases, servers, clients, rounds, budget, load, extraPairs = [] }) {
  const pairs = [...PAIRS, ...extraPairs].filter(([a, b]) => clients.includes(a) && clients.includes(b));
  const ctx = { results, servers, clients, pairs };
  const out = [
    '',
    `Medians of ${rounds} round(s), each measurement in a fresh process; node ${process.version}.`,
    ...(load ? [`load average (1, 5, 15 min) before the rounds ${loadText(load.before)}, after ${loadText(load.after)}.`] : []),
    'ratio = rxmcp / other: calls/s above 1 and ms below 1 mean rxmcp is faster; auto/auto is rxmcp-auto against',
    'official-auto, legacy/default rxmcp-legacy against official; limit is the no-SDK client (bench/limit.mjs).',
    'first-stdio / first-http: the first connect of a fresh process (cold: nothing compiled or cached yet).',
    ...(extraPairs.length > 0 ? ['auto/@folder, legacy/@folder: an rxmcp client against itself built from that checkout (--roots), same rounds.'] : []),
    '',
  ];
  const header = pad('case', 15) + pad('server', 8) + pad('unit', 9) + clients.map((c) => padStart(c, clientWidth(clients))).join('')
    + pairs.map(([, , label]) => padStart(label, RATIO_WIDTH)).join('');
  out.push(header, '-'.repeat(header.length));
  const timedKinds = ['seq', 'conc', 'connect', 'big'];
  table(out, ctx, rowsOf(cases, timedKinds, true), {});
  out.push('', 'spread (min-max over rounds)');
  table(out, ctx, rowsOf(cases, timedKinds, true), { unit: '', ratios: false, cell: (s) => `${format(s.min)}-${format(s.max)}` });
  out.push('', 'CPU time of the client process per call, µs (median; user + system, the server not included)');
  table(out, ctx, rowsOf(cases, ['seq', 'conc'], false), { field: 'cpuUsPerCall', unit: 'µs/call' });
  out.push('', 'peak RSS of the client process, MB (median; getrusage high-water mark, whole process)');
  table(out, ctx, rowsOf(cases, timedKinds, false), { field: 'rssMB', unit: 'MB' });
  if (cases.some((c) => CASES[c].kind === 'big')) {
    out.push('', 'large results: peak RSS above the baseline (after a 64 KiB call and a gc), MB (median), and × the payload');
    table(out, ctx, rowsOf(cases, ['big'], false), { field: 'memMB', unit: 'MB' });
    table(out, ctx, rowsOf(cases, ['big'], false), { field: 'memX', unit: '×size', ratios: false });
  }
  if (cases.some((c) => CASES[c].kind === 'alloc')) {
    out.push('', `JS heap bytes allocated per call (median; sampling heap profiler, collected objects included; budget: bench/budget.json)`);
    table(out, ctx, rowsOf(cases, ['alloc'], false), {});
    for (const caseName of cases.filter((c) => CASES[c].kind === 'alloc')) {
      const mode = CASES[caseName].mode;
      const entries = Object.entries(budget?.allocBytesPerCall?.[mode] ?? {});
      if (entries.length > 0) out.push(`${pad(caseName, 15)}budget  ${entries.map(([c, bytes]) => `${c} ≤ ${bytes}`).join(', ')}`);
    }
  }
  const imports = clients.map((c) => {
    const values = results.filter((r) => r.client === c && r.importMs !== undefined).map((r) => r.importMs);
    return `${c} ${values.length ? format(median(values)) : 'n/a'} ms`;
  });
  out.push('', `library import time inside the workers (median): ${imports.join(', ')}`);
  const protocols = [];
  for (const server of servers) {
    for (const c of clients) {
      const seen = [...new Set(results.filter((r) => r.client === c && r.server === server && r.protocol).map((r) => r.protocol))];
      protocols.push(`${c}@${server}=${seen.join('|') || '?'}`);
    }
  }
  out.push(`negotiated: ${protocols.join('  ')}`);
  out.push(`stderr Warning lines per client (all cases, all rounds): ${clients.map((c) => `${c} ${warningsOf(results, c)}`).join(', ')}`);
  const seen = new Set();
  for (const r of results.filter((x) => x.warnings?.length)) {
    const key = `${r.client} ${r.warnings[0].replace(/^\(node:\d+\) /, '').slice(0, 110)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(`  warning (first seen in ${r.case} ${r.server} round ${r.round}): ${key}`);
  }
  for (const r of results.filter((x) => x.error !== undefined)) out.push(`ERROR: ${r.case} ${r.server} ${r.client} round ${r.round}: ${r.error}`);
  return out;
}

/** Warning lines on the stderr of `client`'s workers, optionally of one case. */
export const warningsOf = (results, client, caseName, server) =>
  results
    .filter((r) => r.client === client && (caseName === undefined || r.case === caseName) && (server === undefined || r.server === server))
    .reduce((sum, r) => sum + (r.warnings?.length ?? 0), 0);

/** The top allocating functions of each rxmcp client in the alloc cases (from the first round), as lines. */
export function formatAllocTop(results, count) {
  const out = [];
  for (const r of results.filter((x) => x.top && x.client.startsWith('rxmcp') && x.round === 0)) {
    out.push('', `top allocators: ${r.case} ${r.server} ${r.client} (${format(r.value)} B/call in all)`);
    for (const [site, bytes] of r.top.slice(0, count)) out.push(`${String(bytes).padStart(8)}  ${site}`);
  }
  return out;
}
