// Time per MiB of newline framing for one 5 MiB and one 50 MiB message: through LineDecoder alone, through
// decodeJsonLines (framing + JSON.parse), and through a real process pipe (stdio transport, including the
// server building and writing the message). With linear framing the time per MiB stays about the same as
// the message grows.
// Run: node --import tsx scripts/bench-framing.mjs
import { fileURLToPath } from 'node:url';
import { from, lastValueFrom, of, toArray } from 'rxjs';
import { stdio } from '../src/node/stdio.ts';
import { decodeJsonLines, LineDecoder } from '../src/transport/internal/json-lines.ts';

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const SIZES = [5, 50];
const RUNS = 3;
const bigServer = fileURLToPath(new URL('../spec/fixtures/servers/big-message.mjs', import.meta.url));

function message(mib) {
  const data = 'aé€😀'.repeat((mib * MiB) / 10);
  return new TextEncoder().encode(`${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { data } })}\n`);
}

function chunksOf(bytes) {
  const chunks = [];
  for (let start = 0; start < bytes.length; start += CHUNK) chunks.push(bytes.subarray(start, start + CHUNK));
  return chunks;
}

async function timeDecoder(chunks) {
  const decoder = new LineDecoder();
  let lines = 0;
  const started = performance.now();
  for (const chunk of chunks) decoder.push(chunk, () => (lines += 1));
  const elapsed = performance.now() - started;
  if (lines !== 1) throw new Error(`expected one line, got ${lines}`);
  return elapsed;
}

async function timeOperator(chunks) {
  const started = performance.now();
  const frames = await lastValueFrom(from(chunks).pipe(decodeJsonLines(), toArray()));
  if (frames.length !== 1 || frames[0].message === undefined) throw new Error('expected one JSON frame');
  return performance.now() - started;
}

async function timePipe(mib) {
  const transport = stdio({ command: process.execPath, args: [bigServer] });
  const request = { message: { jsonrpc: '2.0', id: 1, method: 'big', params: { bytes: mib * MiB } } };
  const started = performance.now();
  const frames = await lastValueFrom(transport.connect(of(request)).pipe(toArray()));
  if (frames.length !== 2) throw new Error(`expected two frames, got ${frames.length}`);
  return performance.now() - started;
}

async function best(run) {
  let fastest = Infinity;
  for (let attempt = 0; attempt < RUNS; attempt += 1) fastest = Math.min(fastest, await run());
  return fastest;
}

function row(mib, label, ms) {
  const rate = (ms / mib).toFixed(2).padStart(8);
  return `${String(mib).padStart(3)} MiB  ${label.padEnd(16)} ${rate} ms/MiB  (${ms.toFixed(0).padStart(5)} ms)`;
}

console.log(`${CHUNK / 1024} KiB chunks; best of ${RUNS} runs`);
for (const mib of SIZES) {
  const chunks = chunksOf(message(mib));
  console.log(row(mib, 'LineDecoder', await best(() => timeDecoder(chunks))));
  console.log(row(mib, 'decodeJsonLines', await best(() => timeOperator(chunks))));
  console.log(row(mib, 'process pipe', await best(() => timePipe(mib))));
}
