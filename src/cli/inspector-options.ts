import type { Link } from '../index.js';
import { UsageError } from './errors.js';

/** How the official Inspector's CLI writes a result: `text` (the result as indented JSON) or `json` (`{"result": …}`). */
export type InspectorFormat = 'text' | 'json';

/**
 * `--metadata k=v …` and `--tool-metadata k=v …` as the Inspector reads them: a value that is JSON (`5`, `true`,
 * `{"a":1}`) is that JSON, any other is the string. Errors with `UsageError` on a pair without `=` or value.
 */
export function metaPairs(flag: string, pairs: readonly string[] | undefined): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf('=');
    const key = at <= 0 ? '' : pair.slice(0, at);
    const text = at <= 0 ? '' : pair.slice(at + 1);
    if (key === '' || text === '') throw new UsageError(`--${flag} takes key=value pairs, not ${JSON.stringify(pair)}`);
    meta[key] = jsonOrText(text);
  }
  return meta;
}

function jsonOrText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new UsageError(`${text} has no JSON representation`);
  return value;
}

/** `--output <file>`: a file name that is not empty. */
export function outputFile(value: string | undefined): string | undefined {
  if (value !== undefined && value.trim() === '') throw new UsageError('--output takes a file name');
  return value;
}

/**
 * The link that puts `--metadata` into the `_meta` of every request after the negotiation, and `--tool-metadata` over
 * it into tool calls' (a caller's own `meta` keys win), as the Inspector sends them.
 */
export function metadataLink(metadata: Readonly<Record<string, unknown>>, toolMetadata: Readonly<Record<string, unknown>>): Link {
  return (call, next) => {
    if (call.connection.server === undefined) return next(call);
    const extra = call.method === 'tools/call' ? { ...metadata, ...toolMetadata } : metadata;
    if (Object.keys(extra).length === 0) return next(call);
    return next({ ...call, options: { ...call.options, meta: { ...extra, ...call.options.meta } } });
  };
}
