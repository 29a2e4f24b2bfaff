import type { RequestId } from '../protocol/jsonrpc.js';

/** Skips a JSON string starting at `at` (a `"`); returns the index after its closing quote, or -1 when cut off. */
function skipString(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 1;
    else if (c === 0x22) return i + 1;
  }
  return -1;
}

const skipSpace = (text: string, at: number): number => {
  let i = at;
  while (i < text.length && /\s/.test(text[i] ?? '')) i += 1;
  return i;
};

/** Reads the value of a top-level `id` at `at`: an integer or a string, else `undefined`. */
function readId(text: string, at: number): RequestId | undefined {
  if (text[at] === '"') {
    const end = skipString(text, at);
    if (end < 0) return undefined;
    try {
      return JSON.parse(text.slice(at, end)) as string;
    } catch {
      return undefined;
    }
  }
  const match = /^-?\d+(?=\s*[,}])/.exec(text.slice(at, at + 24));
  return match === null ? undefined : Number(match[0]);
}

/**
 * The `id` of the JSON-RPC object whose text starts with `prefix`, when a top-level `id` member appears in it
 * (an oversized response is skipped unparsed, and only its start is kept: this says which request it answered).
 * Members before `id` are skipped without parsing them, however deep; `undefined` when the prefix ends first.
 */
export function leadingId(prefix: string): RequestId | undefined {
  let i = skipSpace(prefix, 0);
  if (prefix[i] !== '{') return undefined;
  let depth = 0;
  let expectKey = false;
  for (; i < prefix.length; i += 1) {
    const c = prefix[i];
    if (c === '"') {
      const end = skipString(prefix, i);
      if (end < 0) return undefined;
      if (depth === 1 && expectKey) {
        const key = prefix.slice(i + 1, end - 1);
        const colon = skipSpace(prefix, end);
        if (key === 'id' && prefix[colon] === ':') return readId(prefix, skipSpace(prefix, colon + 1));
      }
      expectKey = false;
      i = end - 1;
    } else if (c === '{' || c === '[') {
      depth += 1;
      expectKey = c === '{' && depth === 1;
    } else if (c === '}' || c === ']') {
      depth -= 1;
    } else if (c === ',') {
      expectKey = depth === 1;
    }
  }
  return undefined;
}
