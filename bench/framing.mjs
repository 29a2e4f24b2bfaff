// Time per MiB of rxmcp's stdio framing for one 5 MiB and one 50 MiB message (the decoders from src/ through tsx,
// the transport from the built package):
//   JSON.parse       the floor: JSON.parse of the finished text alone
//   LineDecoder      newline framing + UTF-8 decoding (TextDecoder, the universal default) of 64 KiB chunks
//                    (Buffers, as a pipe delivers them)
//   LineDecoder/n    the same with the decoding the stdio transport uses (large pure-ASCII messages as ASCII)
//   decodeJsonLines  the operator the stdio transport uses, as it uses it: framing + decoding + JSON.parse
//   process pipe     stdio transport end to end, after one warm-up: request written, the no-SDK echo server
//                    (bench/echo-server.mjs raw-stdio) serialises and writes the result, rxmcp reads and parses it
// Two payloads: ASCII (what JSON mostly is) and multi-byte UTF-8 ("aé€😀" repeated), both split across chunks.
// With linear framing, time per MiB stays about the same from 5 to 50 MiB.
//
// node --import tsx bench/framing.mjs [--runs 5]
import { fileURLToPath } from 'node:url';
import { ReplaySubject, Subject, filter, firstValueFrom, from, lastValueFrom, toArray } from 'rxjs';
import { stdio } from 'rxmcp/node';
import { decodeMessage } from '../src/node/internal/utf8.ts';
import { DEFAULT_MAX_MESSAGE_BYTES, LineDecoder, decodeJsonLines } from '../src/transport/internal/json-lines.ts';
import { median } from './cases.mjs';

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const SIZES = [5, 50];
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1] || 5);
const ECHO_SERVER = fileURLToPath(new URL('./echo-server.mjs', import.meta.url));

function line(mib, pattern) {
  const data = pattern.repeat(Math.ceil((mib * MiB) / Buffer.byteLength(pattern)));
  return Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: data }] } })}\n`);
}

function chunksOf(bytes) {
  const chunks = [];
  for (let start = 0; start < bytes.length; start += CHUNK) chunks.push(bytes.subarray(start, start + CHUNK));
  return chunks;
}

function timeParse(text) {
  const started = performance.now();
  JSON.parse(text);
  return performance.now() - started;
}

function timeDecoder(chunks, decode) {
  const decoder = new LineDecoder(decode ? { maxLineBytes: DEFAULT_MAX_MESSAGE_BYTES, decode } : { maxLineBytes: DEFAULT_MAX_MESSAGE_BYTES });
  let lines = 0;
  const started = performance.now();
  for (const chunk of chunks) decoder.push(chunk, () => (lines += 1));
  const elapsed = performance.now() - started;
  if (lines !== 1) throw new Error(`expected one line, got ${lines}`);
  return elapsed;
}

async function timeOperator(chunks) {
  const started = performance.now();
  const frames = await lastValueFrom(from(chunks).pipe(decodeJsonLines({ decode: decodeMessage }), toArray()));
  const elapsed = performance.now() - started;
  if (frames.length !== 1 || frames[0].message === undefined) throw new Error('expected one JSON frame');
  return elapsed;
}

async function timePipe(mib) {
  const transport = stdio({ command: process.execPath, args: [ECHO_SERVER, 'raw-stdio'] });
  const outbound = new ReplaySubject();
  const inbound = transport.connect(outbound);
  const frames = new Subject();
  const subscription = inbound.subscribe(frames);
  const answer = (id) => firstValueFrom(frames.pipe(filter((frame) => frame.message?.id === id)));
  const big = (id) => ({ message: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'big', arguments: { size: mib * MiB } } } });
  const warm = answer(0);
  outbound.next(big(0));
  await warm;
  const result = answer(1);
  const started = performance.now();
  outbound.next(big(1));
  const frame = await result;
  const elapsed = performance.now() - started;
  if (frame.message.result.content[0].text.length !== mib * MiB) throw new Error('wrong size');
  outbound.complete();
  subscription.unsubscribe();
  return elapsed;
}

async function measure(run) {
  const times = [];
  for (let attempt = 0; attempt < RUNS; attempt += 1) times.push(await run());
  return median(times);
}

function row(mib, payload, label, ms) {
  return `${String(mib).padStart(3)} MiB  ${payload.padEnd(6)} ${label.padEnd(16)} ${(ms / mib).toFixed(2).padStart(7)} ms/MiB  (${ms.toFixed(1).padStart(6)} ms)`;
}

console.log(`stdio framing, ${CHUNK / 1024} KiB chunks, median of ${RUNS} runs; node ${process.version}`);
for (const mib of SIZES) {
  for (const [payload, pattern] of [['ascii', 'x'], ['utf-8', 'aé€😀']]) {
    const bytes = line(mib, pattern);
    const chunks = chunksOf(bytes);
    const text = bytes.toString('utf8', 0, bytes.length - 1);
    console.log(row(mib, payload, 'JSON.parse', await measure(() => timeParse(text))));
    console.log(row(mib, payload, 'LineDecoder', await measure(() => timeDecoder(chunks))));
    console.log(row(mib, payload, 'LineDecoder/n', await measure(() => timeDecoder(chunks, decodeMessage))));
    console.log(row(mib, payload, 'decodeJsonLines', await measure(() => timeOperator(chunks))));
  }
  console.log(row(mib, 'ascii', 'process pipe', await measure(() => timePipe(mib))));
}
