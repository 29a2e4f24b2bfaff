// Value equality for the marble scheduler's assertions and the params matchers: what a test means by "equal".
// Plain data compares by structure, and a key whose value is undefined counts as absent (as JSON drops it). Errors
// compare by name, message and code, not by identity or stack, which a test cannot rebuild. Dates compare by time,
// maps and sets by their entries, and other objects by their own keys when they share a prototype.

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

function sameErrors(a: Error, b: Error): boolean {
  const code = (error: Error) => (error as { code?: unknown }).code;
  return a.name === b.name && a.message === b.message && sameValue(code(a), code(b));
}

function sameLists(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
}

function sameKinds(a: object, b: object, kind: abstract new (...args: never[]) => unknown): boolean | undefined {
  const inA = a instanceof kind;
  const inB = b instanceof kind;
  return inA || inB ? inA && inB : undefined;
}

/** True when `a` and `b` are equal in the sense above. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  if (sameKinds(a, b, Error) !== undefined) return a instanceof Error && b instanceof Error && sameErrors(a, b);
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && sameLists(a, b);
  if (sameKinds(a, b, Date) !== undefined) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (sameKinds(a, b, Map) !== undefined || sameKinds(a, b, Set) !== undefined) {
    const entries = (value: object) => (value instanceof Map || value instanceof Set ? [...value.entries()] : undefined);
    const [left, right] = [entries(a), entries(b)];
    return left !== undefined && right !== undefined && sameLists(left, right);
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = definedKeys(a);
  return keys.length === definedKeys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
}
