import * as fc from 'fast-check';
import { from } from 'rxjs';
import { decodeJsonLines, LineDecoder } from '../../src/transport/internal/json-lines.js';
import type { InboundFrame } from '../../src/transport/types.js';
import { cutsOf, fuzzParams, splitAt, unicodeText } from '../helpers/fuzz.js';

const LF = 0x0a;
const CR = 0x0d;
const KEEP_BYTES = 4096;
const encoder = new TextEncoder();
const utf8 = (text: string): Uint8Array => encoder.encode(text);
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** One line of the stream: its bytes (never a `\n`) and how it ends. */
interface Line {
  readonly content: Uint8Array;
  readonly crlf: boolean;
}

const noLf = (bytes: Uint8Array): Uint8Array => bytes.map((byte) => (byte === LF ? 0x20 : byte));

/** Valid messages, text that is not JSON, raw bytes (split and invalid UTF-8), blank lines and long lines. */
const lineContent: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue().map((value) => utf8(JSON.stringify(value))) },
  { weight: 2, arbitrary: unicodeText(40).map((text) => utf8(text.replaceAll('\n', ' '))) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }).map(noLf) },
  { weight: 1, arbitrary: fc.constantFrom(new Uint8Array(0), utf8('\r'), utf8(' ')) },
  { weight: 1, arbitrary: fc.record({ a: unicodeText(8), n: fc.integer({ min: 1, max: 400 }) }).map(({ a, n }) => utf8(JSON.stringify({ pad: a.repeat(n) }).replaceAll('\n', ' '))) },
);

const lineArb: fc.Arbitrary<Line> = fc.record({ content: lineContent, crlf: fc.boolean() });

/** The stream: the lines, each terminated, the last one possibly not. */
function streamOf(lines: readonly Line[], terminatedLast: boolean): Uint8Array {
  const parts: number[] = [];
  lines.forEach((line, index) => {
    parts.push(...line.content);
    if (line.crlf) parts.push(CR);
    if (index < lines.length - 1 || terminatedLast) parts.push(LF);
  });
  return Uint8Array.from(parts);
}

/** A line's bytes without its terminator (`\n`, and the `\r` before it). */
function stripped(line: Line): Uint8Array {
  const full = line.crlf ? Uint8Array.from([...line.content, CR]) : line.content;
  return full.length > 0 && full[full.length - 1] === CR ? full.subarray(0, full.length - 1) : full;
}

/** What `decodeJsonLines` must emit for one line: nothing for a blank one, a message, or one malformed frame. */
function expectedFrame(line: Line, max: number): InboundFrame | undefined {
  const bytes = stripped(line);
  if (bytes.length === 0) return undefined;
  if (bytes.length > max) {
    const size = bytes.length;
    const raw = decode(bytes.subarray(0, Math.min(KEEP_BYTES, max)));
    return { malformed: { raw, reason: `message of ${size} bytes exceeds the maximum of ${max}`, tooLarge: { size, limit: max } } };
  }
  const text = decode(bytes);
  try {
    return { message: JSON.parse(text) as unknown };
  } catch {
    return { malformed: { raw: text, reason: jasmine.any(String) as unknown as string } };
  }
}

function decodeAll(chunks: readonly Uint8Array[], max: number): InboundFrame[] {
  const frames: InboundFrame[] = [];
  let completed = false;
  from(chunks).pipe(decodeJsonLines({ maxMessageBytes: max })).subscribe({
    next: (frame) => frames.push(frame),
    complete: () => (completed = true),
  });
  throwUnless(completed).withContext('the decoder completes with its source').toBeTrue();
  return frames;
}

const streamCase = fc
  .record({ lines: fc.array(lineArb, { maxLength: 12 }), terminatedLast: fc.boolean(), max: fc.integer({ min: 4, max: 300 }) })
  .chain((value) => {
    const stream = streamOf(value.lines, value.terminatedLast);
    return cutsOf(stream.length).map((cuts) => ({ ...value, stream, cuts }));
  });

describe('decodeJsonLines under arbitrary chunking (property)', () => {
  it('emits, in order, one frame per non-blank line: its message, or one malformed frame for text that is not JSON or a line over the limit', () => {
    fc.assert(
      fc.property(streamCase, ({ lines, max, stream, cuts }) => {
        const frames = decodeAll(splitAt(stream, cuts), max);
        const expected = lines.map((line) => expectedFrame(line, max)).filter((frame) => frame !== undefined);
        throwUnless(frames).toEqual(expected);
      }),
      fuzzParams(200),
    );
  });

  it('decodes the same frames whatever the chunking (one chunk, byte by byte, arbitrary cuts)', () => {
    fc.assert(
      fc.property(streamCase, ({ max, stream, cuts }) => {
        const whole = decodeAll([stream], max);
        throwUnless(decodeAll(splitAt(stream, cuts), max)).toEqual(whole);
        throwUnless(decodeAll(Array.from(stream, (byte) => Uint8Array.of(byte)), max)).toEqual(whole);
      }),
      fuzzParams(100),
    );
  });
});

describe('LineDecoder in split mode (property)', () => {
  const textLines = fc.array(unicodeText(60).map((text) => text.replaceAll('\n', ' ').replaceAll('\r', ' ')), { maxLength: 8 });

  it('hands on every line of UTF-8 text in pieces of at most the maximum that join up to the line', () => {
    fc.assert(
      fc.property(textLines, fc.integer({ min: 4, max: 40 }), fc.nat(), (lines, max, seed) => {
        const stream = utf8(lines.map((line) => `${line}\n`).join(''));
        const cuts = [...new Set([seed % (stream.length + 1), (seed * 7) % (stream.length + 1)])].filter((cut) => cut > 0 && cut < stream.length).sort((a, b) => a - b);
        const decoder = new LineDecoder({ maxLineBytes: max, overflow: 'split' });
        const pieces: string[] = [];
        for (const chunk of splitAt(stream, cuts)) decoder.push(chunk, (piece) => pieces.push(piece));
        decoder.end((piece) => pieces.push(piece));
        for (const piece of pieces) throwUnless(utf8(piece).length).toBeLessThanOrEqual(max);
        throwUnless(pieces.join('')).toBe(lines.join(''));
      }),
      fuzzParams(200),
    );
  });
});
