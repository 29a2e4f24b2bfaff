import { LineDecoder } from '../../src/transport/internal/json-lines.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('LineDecoder lines inside one chunk', () => {
  it('delivers every line of a chunk, drops a trailing \\r, skips blank lines and keeps the rest for the next chunk', () => {
    const decoder = new LineDecoder();
    const lines: string[] = [];
    decoder.push(bytes('one\r\n\ntwo\n\r\nthr'), (line) => lines.push(line));
    expect(lines).toEqual(['one', 'two']);
    decoder.push(bytes('ee\nfour\n'), (line) => lines.push(line));
    expect(lines).toEqual(['one', 'two', 'three', 'four']);
  });

  it("skips a line over the maximum in 'skip' mode, handing on only its start and its size, and delivers the lines after it", () => {
    const decoder = new LineDecoder({ maxLineBytes: 8, overflow: 'skip', keepBytes: 4 });
    const lines: string[] = [];
    const skipped: [string, number][] = [];
    const onSkip = (start: string, size: number) => skipped.push([start, size]);
    decoder.push(bytes('12345678\n1234567'), (line) => lines.push(line), onSkip);
    decoder.push(bytes('89abc'), (line) => lines.push(line), onSkip);
    decoder.push(bytes('def\r\nlater\n'), (line) => lines.push(line), onSkip);
    expect(lines).toEqual(['12345678', 'later']);
    expect(skipped).toEqual([['1234', 15]]);
  });

  it('keeps at most the maximum of a line being skipped, however long it grows', () => {
    const decoder = new LineDecoder({ maxLineBytes: 8, overflow: 'skip', keepBytes: 4 });
    for (let i = 0; i < 100; i += 1) decoder.push(bytes('x'.repeat(1000)), () => undefined, () => undefined);
    expect(decoder.bufferedBytes).toBeLessThanOrEqual(8);
  });

  it("splits an overlong line inside one chunk in 'split' mode", () => {
    const decoder = new LineDecoder({ maxLineBytes: 3, overflow: 'split' });
    const lines: string[] = [];
    decoder.push(bytes('abcdefg\nhi\n'), (line) => lines.push(line));
    expect(lines).toEqual(['abc', 'def', 'g', 'hi']);
  });
});

describe('LineDecoder decode option', () => {
  it('hands the bytes of each complete line, without its terminator, to the given decoder', () => {
    const seen: string[] = [];
    const decoder = new LineDecoder({ decode: (line) => `<${new TextDecoder().decode(line)}:${line.length}>` });
    decoder.push(bytes('ab\r\nc'), (line) => seen.push(line));
    decoder.push(bytes('d\r'), (line) => seen.push(line));
    decoder.push(bytes('\n'), (line) => seen.push(line));
    expect(seen).toEqual(['<ab:2>', '<cd:2>']);
  });
});

describe('LineDecoder lines across chunks', () => {
  it('hands each piece of a line that spans chunks to its text decoder as the piece arrives, and ends it once with the terminator', () => {
    const calls: string[] = [];
    const textParts = () => {
      const decoder = new TextDecoder();
      return {
        part: (piece: Uint8Array) => {
          calls.push(`part:${piece.length}`);
          return decoder.decode(piece, { stream: true });
        },
        end: () => {
          calls.push('end');
          return decoder.decode();
        },
      };
    };
    const decoder = new LineDecoder({ textParts });
    const lines: string[] = [];
    const euro = bytes('€');
    decoder.push(bytes('x'), (line) => lines.push(line));
    decoder.push(euro.subarray(0, 1), (line) => lines.push(line));
    decoder.push(euro.subarray(1), (line) => lines.push(line));
    expect(calls).toEqual(['part:1', 'part:1', 'part:2']);
    decoder.push(bytes('y\r\nz\n'), (line) => lines.push(line));
    expect(lines).toEqual(['x€y', 'z']);
    expect(calls).toEqual(['part:1', 'part:1', 'part:2', 'part:2', 'end']);
  });

  it("keeps the decoded start of a spanning line that grows over the maximum in 'skip' mode", () => {
    const decoder = new LineDecoder({ maxLineBytes: 8, keepBytes: 6 });
    const skipped: [string, number][] = [];
    decoder.push(bytes('abc'), () => undefined, (start, size) => skipped.push([start, size]));
    decoder.push(bytes('defghij'), () => undefined, (start, size) => skipped.push([start, size]));
    decoder.push(bytes('\n'), () => undefined, (start, size) => skipped.push([start, size]));
    expect(skipped).toEqual([['abcdef', 10]]);
  });
});

describe('LineDecoder at the limit', () => {
  it('accepts a line of exactly the maximum that ends in \\r\\n: the terminator does not count', () => {
    const decoder = new LineDecoder({ maxLineBytes: 4 });
    const lines: string[] = [];
    const skipped: number[] = [];
    decoder.push(bytes('abcd\r\nwxyz\r'), (line) => lines.push(line), (_, size) => skipped.push(size));
    decoder.push(bytes('\n'), (line) => lines.push(line), (_, size) => skipped.push(size));
    decoder.push(bytes('1234\r'), (line) => lines.push(line), (_, size) => skipped.push(size));
    decoder.end((line) => lines.push(line), (_, size) => skipped.push(size));
    expect(lines).toEqual(['abcd', 'wxyz', '1234']);
    expect(skipped).toEqual([]);
  });

  it('reports the size of a skipped line without its terminator', () => {
    const decoder = new LineDecoder({ maxLineBytes: 4, keepBytes: 2 });
    const skipped: [string, number][] = [];
    decoder.push(bytes('abcde\r\nvw'), () => undefined, (start, size) => skipped.push([start, size]));
    decoder.push(bytes('xyz\r\n'), () => undefined, (start, size) => skipped.push([start, size]));
    expect(skipped).toEqual([['ab', 5], ['vw', 5]]);
  });

  it("splits an overlong line in 'split' mode between characters, never inside one", () => {
    // '\u0000𐀀' is 00 F0 90 80 80: a cut after 4 bytes would leave a broken character on both sides.
    const decoder = new LineDecoder({ maxLineBytes: 4, overflow: 'split' });
    const lines: string[] = [];
    decoder.push(bytes('\u0000𐀀\n'), (line) => lines.push(line));
    decoder.push(bytes('ab'), (line) => lines.push(line));
    decoder.push(bytes('cé€𐀀'), (line) => lines.push(line));
    decoder.end((line) => lines.push(line));
    expect(lines).toEqual(['\u0000', '𐀀', 'abc', 'é', '€', '𐀀']);
  });
});
