// Value equality for the marble scheduler's assertions and the params matchers: what a test means by "equal".
// Plain data compares by structure, and a key whose value is undefined counts as absent (as JSON drops it). Errors
// compare by name, message, `code` and, for JSON-RPC errors, `rpcCode` and `data`, not by identity or stack, which a
// test cannot rebuild. Dates compare by time, regular expressions by source and flags, binary data by bytes, maps
// and sets by their entries in any order, and other objects by their own keys when they share a prototype; an
// object of a class that keeps its state out of sight (no own keys) is equal only to itself.

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** What identifies an error besides its name and message (`code` of `McpError`, and what `RpcError` carries). */
export const ERROR_KEYS = ['code', 'rpcCode', 'data'] as const;

function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

function sameErrors(a: Error, b: Error): boolean {
  const field = (error: Error, key: string) => (error as unknown as Record<string, unknown>)[key];
  return a.name === b.name && a.message === b.message && ERROR_KEYS.every((key) => sameValue(field(a, key), field(b, key)));
}

function sameLists(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
}

/** Every item of `a` has its own equal item in `b`, in any order (a set's or a map's entries). */
function sameInAnyOrder(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  const unmatched = [...b];
  return a.every((item) => {
    const at = unmatched.findIndex((other) => sameValue(item, other));
    return at >= 0 && unmatched.splice(at, 1).length === 1;
  });
}

const bytes = (value: ArrayBuffer) => [...new Uint8Array(value)];
const viewBytes = (view: ArrayBufferView) => [...new Uint8Array(view.buffer, view.byteOffset, view.byteLength)];

/** Objects whose equality is not that of their own keys; undefined when `a` is none of them. */
function sameSpecial(a: object, b: object): boolean | undefined {
  if (a instanceof Error) return b instanceof Error && sameErrors(a, b);
  if (Array.isArray(a)) return Array.isArray(b) && sameLists(a, b);
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (a instanceof RegExp) return b instanceof RegExp && String(a) === String(b);
  if (a instanceof ArrayBuffer) return b instanceof ArrayBuffer && sameLists(bytes(a), bytes(b));
  if (ArrayBuffer.isView(a)) return ArrayBuffer.isView(b) && Object.getPrototypeOf(a) === Object.getPrototypeOf(b) && sameLists(viewBytes(a), viewBytes(b));
  if (a instanceof Map) return b instanceof Map && sameInAnyOrder([...a.entries()], [...b.entries()]);
  if (a instanceof Set) return b instanceof Set && sameInAnyOrder([...a], [...b]);
  return undefined;
}

/** True when `a` and `b` are equal in the sense above. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  const special = sameSpecial(a, b) ?? sameSpecial(b, a);
  if (special !== undefined) return special;
  const prototype = Object.getPrototypeOf(a) as unknown;
  if (prototype !== Object.getPrototypeOf(b)) return false;
  const keys = definedKeys(a);
  if (keys.length === 0 && prototype !== Object.prototype && prototype !== null) return false; // state out of sight
  return keys.length === definedKeys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
}
