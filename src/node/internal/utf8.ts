import { Buffer, isAscii } from 'node:buffer';
import type { TextParts } from '../../transport/internal/line-text.js';

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

/**
 * Decodes the pieces of one message from a server's stdout as they arrive: pure-ASCII pieces are copied out as
 * ASCII; from the first piece that is not, the rest of the message goes through a streaming UTF-8 decoder (which
 * keeps a character cut between two pieces whole).
 */
export function messageTextParts(): TextParts {
  let utf8: TextDecoder | undefined;
  return {
    part(bytes) {
      if (utf8 === undefined) {
        const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        if (isAscii(buffer)) return buffer.toString('latin1');
        utf8 = new TextDecoder();
      }
      return utf8.decode(bytes, { stream: true });
    },
    end: () => utf8?.decode() ?? '',
  };
}
