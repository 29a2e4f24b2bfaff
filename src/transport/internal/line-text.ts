// Turning the bytes of one line into text, for `LineDecoder`: piece by piece as chunks arrive, or whole.

const CR = 0x0d;

/** Decodes the pieces of one line in order: `part` for each, `end` once (what a piece cut mid-character left over). */
export interface TextParts {
  part(bytes: Uint8Array): string;
  end(): string;
}

/** A streaming UTF-8 decoder for the pieces of one line. */
export function utf8TextParts(): TextParts {
  const decoder = new TextDecoder();
  return { part: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
}

/** The pieces joined into one array (the first piece itself when there is only one). */
export function joinBytes(pieces: readonly Uint8Array[]): Uint8Array {
  const [first] = pieces;
  if (pieces.length === 1 && first !== undefined) return first;
  const joined = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return joined;
}

/**
 * The pieces of one line kept as bytes and handed to `decode` whole at the end (without a trailing `\r`): what a
 * caller-given `decode` needs, since it cannot be fed piece by piece.
 */
export function collectedParts(decode: (bytes: Uint8Array) => string): () => TextParts {
  return () => {
    const pieces: Uint8Array[] = [];
    return {
      part: (bytes) => {
        pieces.push(bytes);
        return '';
      },
      end: () => {
        const line = joinBytes(pieces);
        return decode(line[line.length - 1] === CR ? line.subarray(0, -1) : line);
      },
    };
  };
}

/**
 * Where to cut `bytes` (longer than `max`) into a piece of at most `max` bytes: before the UTF-8 character that
 * `max` falls inside (continuation bytes are `10xxxxxx`, a character has at most three), or at `max` for bytes that
 * are not UTF-8 there.
 */
export function characterBoundary(bytes: Uint8Array, max: number): number {
  for (let cut = max; cut > 0 && cut >= max - 3; cut -= 1) {
    if (((bytes[cut] ?? 0) & 0xc0) !== 0x80) return cut;
  }
  return max;
}
