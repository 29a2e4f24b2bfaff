import { ConfigError } from './types.js';

/**
 * Blanks out what JSON does not allow but JSONC does (line and block comments, trailing commas), keeping every
 * other character where it was so that positions in a later `JSON.parse` error still point into the original text.
 */
export function stripJsonc(text: string): string {
  const out = text.split('');
  let inString = false;
  let lastSignificant = -1;
  for (let i = 0; i < out.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      lastSignificant = i;
    } else if (c === '/' && text[i + 1] === '/') {
      i = blank(out, i, lineEnd(text, i)) - 1;
    } else if (c === '/' && text[i + 1] === '*') {
      i = blank(out, i, blockEnd(text, i)) - 1;
    } else if (c === '}' || c === ']') {
      if (lastSignificant >= 0 && text[lastSignificant] === ',') out[lastSignificant] = ' ';
      lastSignificant = i;
    } else if (c !== undefined && !/\s/.test(c)) {
      lastSignificant = i;
    }
  }
  return out.join('');
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

function blockEnd(text: string, from: number): number {
  const end = text.indexOf('*/', from + 2);
  return end === -1 ? text.length : end + 2;
}

/** Replaces `out[from, to)` by spaces, keeping line breaks; returns `to`. */
function blank(out: string[], from: number, to: number): number {
  for (let i = from; i < to; i++) if (out[i] !== '\n' && out[i] !== '\r') out[i] = ' ';
  return to;
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * Parses JSON with comments and trailing commas (JSONC, as VS Code and Claude Code write their settings). A leading
 * byte order mark is ignored. Errors with a `ConfigError` naming `file` and, where the parser tells, the line and
 * column.
 */
export function parseJsonc(text: string, file = '<config>'): unknown {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(stripJsonc(source));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(reason)?.[1];
    if (position === undefined) throw new ConfigError(`${file}: not valid JSON: ${reason}`, { file, cause: error });
    const { line, column } = lineAndColumn(source, Number(position));
    throw new ConfigError(`${file}:${line}:${column}: not valid JSON: ${reason}`, { file, line, column, cause: error });
  }
}
