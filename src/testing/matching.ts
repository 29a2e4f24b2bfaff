import type { Params } from '../session/types.js';
import { ERROR_KEYS, sameValue } from './equality.js';

/**
 * What a request's params must look like to match: an object whose every key must be present with an equal value
 * (plain objects compare the same way, recursively, so `{ arguments: { city: 'Oslo' } }` ignores other arguments;
 * arrays and other values compare exactly), or a predicate. `_meta` is not part of the params a matcher sees.
 */
export type ParamsMatcher<R = unknown> = Params | ((params: Params, request: R) => boolean);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when `actual` has every key of `expected` with an equal value; plain objects are compared the same way. */
export function includes(actual: unknown, expected: unknown): boolean {
  if (!isPlainObject(expected) || !isPlainObject(actual)) return sameValue(actual, expected);
  return Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && includes(actual[key], value));
}

/** True when `params` satisfy `matcher` (no matcher: always). */
export function matchesParams<R>(matcher: ParamsMatcher<R> | undefined, params: Params, request: R): boolean {
  if (matcher === undefined) return true;
  return typeof matcher === 'function' ? matcher(params, request) : includes(params, matcher);
}

const MAX_SHOWN = 160;

/** An error as failure messages show it: `Name: message [code …, rpcCode …, data …]`, with what equality compares. */
function describeError(error: Error): string {
  const fields = ERROR_KEYS.flatMap((key) => {
    const value = (error as unknown as Record<string, unknown>)[key];
    return value === undefined ? [] : [`${key} ${typeof value === 'string' ? value : JSON.stringify(value, readable)}`];
  });
  return `${error.name}: ${error.message}${fields.length === 0 ? '' : ` [${fields.join(', ')}]`}`;
}

/** How `show` writes what JSON cannot: an error as `describeError` does, a map or set with its entries. */
function readable(_key: string, inner: unknown): unknown {
  if (inner instanceof Error) return describeError(inner);
  if (inner instanceof Map) return { Map: [...inner.entries()] };
  if (inner instanceof Set) return { Set: [...inner] };
  return inner;
}

/** A short JSON rendering for failure messages (an error itself unquoted). */
export function show(value: unknown): string {
  let text: string;
  try {
    text = value instanceof Error ? describeError(value) : (JSON.stringify(value, readable) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

/** How a matcher reads in a failure message. */
export function describeMatcher(method: string | undefined, matcher: ParamsMatcher<never> | undefined): string {
  const what = method ?? 'any method';
  if (matcher === undefined) return what;
  return typeof matcher === 'function' ? `${what} matching ${matcher.name === '' ? 'a predicate' : matcher.name}` : `${what} with ${show(matcher)}`;
}
