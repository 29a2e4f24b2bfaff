import { Buffer, isAscii } from 'node:buffer';

/** From this size on, a message is checked for pure ASCII first (small ones decode faster straight away). */
export const ASCII_CHECK_MIN_BYTES = 64 * 1024;

const decoder = new TextDecoder();

/**
 * Decodes one message from a server's stdout. A large message that is pure ASCII (most JSON is) is copied out as
 * ASCII, which is several times faster than UTF-8 decoding and gives the same text; anything else is UTF-8.
 */
export function decodeMessage(bytes: Uint8Array): string {
  if (bytes.byteLength < ASCII_CHECK_MIN_BYTES) return decoder.decode(bytes);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return isAscii(buffer) ? buffer.toString('ascii') : decoder.decode(bytes);
}
