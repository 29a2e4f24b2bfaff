import { from, type Observable, Subject, throwError } from 'rxjs';
import { McpError } from '../../src/errors/mcp-error.js';
import { TransportError } from '../../src/errors/errors.js';
import { decodeJsonLines, encodeJsonLine, LineDecoder } from '../../src/transport/internal/json-lines.js';
import type { InboundFrame } from '../../src/transport/types.js';

const encoder = new TextEncoder();
const bytes = (text: string): Uint8Array => encoder.encode(text);

interface Outcome {
  readonly frames: InboundFrame[];
  readonly error?: unknown;
  readonly completed: boolean;
}

function run(source$: Observable<Uint8Array | string>, maxMessageBytes?: number): Outcome {
  const frames: InboundFrame[] = [];
  let error: unknown;
  let completed = false;
  source$.pipe(decodeJsonLines(maxMessageBytes === undefined ? {} : { maxMessageBytes })).subscribe({
    next: (frame) => frames.push(frame),
    error: (e: unknown) => (error = e),
    complete: () => (completed = true),
  });
  return error === undefined ? { frames, completed } : { frames, error, completed };
}

function splitAt(data: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const bounds = [0, ...cuts, data.length];
  return bounds.slice(1).map((end, index) => data.subarray(bounds[index], end));
}

describe('decodeJsonLines', () => {
  it('emits one frame per line of a chunk, in order, and completes with the source', () => {
    const outcome = run(from([bytes('{"a":1}\n{"b":2}\n[3]\n')]));
    expect(outcome.frames).toEqual([{ message: { a: 1 } }, { message: { b: 2 } }, { message: [3] }]);
    expect(outcome.completed).toBeTrue();
  });

  it('reassembles a message that arrives one byte per chunk', () => {
    const data = bytes('{"jsonrpc":"2.0","id":1,"result":{"ok":true}}\n{"x":2}\n');
    const chunks = Array.from(data, (_, index) => data.subarray(index, index + 1));
    expect(run(from(chunks)).frames).toEqual([
      { message: { jsonrpc: '2.0', id: 1, result: { ok: true } } },
      { message: { x: 2 } },
    ]);
  });

  it('decodes multi-byte UTF-8 characters cut at every possible byte boundary', () => {
    const text = 'é € 😀 中文';
    const data = bytes(`${JSON.stringify({ text })}\n`);
    for (let cut = 1; cut < data.length; cut += 1) {
      const outcome = run(from(splitAt(data, [cut])));
      expect(outcome.frames).withContext(`cut at ${cut}`).toEqual([{ message: { text } }]);
    }
  });

  it('handles a chunk that ends one message and starts the next', () => {
    const data = bytes('{"n":1}\n{"n":2}\n{"n":3}\n');
    expect(run(from(splitAt(data, [4, 12, 19]))).frames).toEqual([
      { message: { n: 1 } },
      { message: { n: 2 } },
      { message: { n: 3 } },
    ]);
  });

  it('tolerates \\r\\n line ends and skips blank lines', () => {
    const outcome = run(from([bytes('{"a":1}\r\n\r\n\n{"b'), bytes('":2}\r'), bytes('\n')]));
    expect(outcome.frames).toEqual([{ message: { a: 1 } }, { message: { b: 2 } }]);
  });

  it('turns a line that is not JSON into a malformed frame and goes on', () => {
    const outcome = run(from([bytes('not json {\n{"id":1}\n')]));
    expect(outcome.frames.length).toBe(2);
    expect(outcome.frames[0]?.malformed?.raw).toBe('not json {');
    expect(outcome.frames[0]?.malformed?.reason).toEqual(jasmine.any(String));
    expect(outcome.frames[0]?.message).toBeUndefined();
    expect(outcome.frames[1]).toEqual({ message: { id: 1 } });
    expect(outcome.completed).toBeTrue();
  });

  it('delivers a last line that has no line end when the source completes', () => {
    const outcome = run(from([bytes('{"a":1}\n{"b":'), bytes('2}')]));
    expect(outcome.frames).toEqual([{ message: { a: 1 } }, { message: { b: 2 } }]);
  });

  it('accepts text chunks', () => {
    expect(run(from(['{"t":"é', '"}\n'])).frames).toEqual([{ message: { t: 'é' } }]);
  });

  it('accepts a message of exactly the maximum size', () => {
    const line = '{"d":"xxxxxxxxxx"}';
    const outcome = run(from([bytes(`${line}\n`)]), line.length);
    expect(outcome.frames).toEqual([{ message: { d: 'xxxxxxxxxx' } }]);
    expect(outcome.error).toBeUndefined();
  });

  it('turns a message past the maximum into an oversized frame (its start and its size) and goes on with the next', () => {
    const outcome = run(from([bytes('{"a":1}\n{"id":7,"big":"'), bytes('y'.repeat(100)), bytes('"}\n{"c":3}\n')]), 50);
    expect(outcome.error).toBeUndefined();
    expect(outcome.completed).toBeTrue();
    expect(outcome.frames.length).toBe(3);
    expect(outcome.frames[0]).toEqual({ message: { a: 1 } });
    const skipped = outcome.frames[1]?.malformed;
    expect(skipped?.tooLarge).toEqual({ size: 117, limit: 50 });
    expect(skipped?.raw.startsWith('{"id":7,"big":"yyy')).toBeTrue();
    expect(outcome.frames[2]).toEqual({ message: { c: 3 } });
  });

  it('drops what it skips as it arrives: an unterminated oversized message holds no more than the maximum', () => {
    const chunks = new Subject<Uint8Array>();
    const frames: InboundFrame[] = [];
    chunks.pipe(decodeJsonLines({ maxMessageBytes: 16 })).subscribe((frame) => frames.push(frame));
    chunks.next(bytes('{"data":"'));
    chunks.next(bytes('0123456789'.repeat(1000)));
    expect(frames).toEqual([]);
    chunks.next(bytes('"}\n{"n":1}\n'));
    expect(frames.map((f) => f.malformed?.tooLarge?.size ?? f.message)).toEqual([10011, { n: 1 }]);
  });

  it('passes an error of the source through', () => {
    const failure = new Error('pipe broke');
    expect(run(throwError(() => failure)).error).toBe(failure);
  });
});

describe('LineDecoder', () => {
  it("splits an overlong line into pieces of at most maxLineBytes in 'split' mode", () => {
    const decoder = new LineDecoder({ maxLineBytes: 4, overflow: 'split' });
    const lines: string[] = [];
    decoder.push('abcdefghij\nxy', (line) => lines.push(line));
    decoder.end((line) => lines.push(line));
    expect(lines).toEqual(['abcd', 'efgh', 'ij', 'xy']);
  });
});

describe('encodeJsonLine', () => {
  it('writes compact JSON on one line that ends with \\n', () => {
    const line = encodeJsonLine({ jsonrpc: '2.0', method: 'm', params: { text: 'a\nb\r\nc' } });
    expect(line).toBe('{"jsonrpc":"2.0","method":"m","params":{"text":"a\\nb\\r\\nc"}}\n');
    expect(line.indexOf('\n')).toBe(line.length - 1);
  });
});
