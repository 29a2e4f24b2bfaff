import { MessageTooLargeError } from '../../src/errors/errors.js';
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

  it('errors with MessageTooLargeError for a line over the maximum that lies inside one chunk, after the lines before it', () => {
    const decoder = new LineDecoder({ maxLineBytes: 8 });
    const lines: string[] = [];
    let failure: unknown;
    try {
      decoder.push(bytes('12345678\n123456789\nlater\n'), (line) => lines.push(line));
    } catch (error) {
      failure = error;
    }
    expect(lines).toEqual(['12345678']);
    expect(MessageTooLargeError.is(failure)).toBeTrue();
    expect((failure as MessageTooLargeError).size).toBe(9);
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
    decoder.push(bytes('d\n'), (line) => seen.push(line));
    expect(seen).toEqual(['<ab:2>', '<cd:2>']);
  });
});
