import { ASCII_CHECK_MIN_BYTES, decodeMessage } from '../../src/node/internal/utf8.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const viaTextDecoder = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('stdio message decoding', () => {
  it('decodes a large pure-ASCII message exactly as UTF-8 decoding would', () => {
    const bytes = encode(JSON.stringify({ text: 'x'.repeat(ASCII_CHECK_MIN_BYTES * 2) }));
    expect(decodeMessage(bytes)).toBe(viaTextDecoder(bytes));
  });

  it('decodes a large message with multi-byte characters (even only at its end) as UTF-8', () => {
    const bytes = encode(`${'x'.repeat(ASCII_CHECK_MIN_BYTES * 2)}é€😀`);
    expect(decodeMessage(bytes)).toBe(viaTextDecoder(bytes));
  });

  it('decodes a view into a larger buffer by its own bytes only', () => {
    const whole = encode(`ab${'y'.repeat(ASCII_CHECK_MIN_BYTES)}cd`);
    const view = whole.subarray(2, whole.length - 2);
    expect(decodeMessage(view)).toBe('y'.repeat(ASCII_CHECK_MIN_BYTES));
  });

  it('treats invalid bytes and a byte order mark as UTF-8 decoding does', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encode('x'.repeat(ASCII_CHECK_MIN_BYTES)), 0xff]);
    expect(decodeMessage(bytes)).toBe(viaTextDecoder(bytes));
    expect(decodeMessage(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toBe('{}');
  });
});
