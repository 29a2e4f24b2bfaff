import { TestScheduler } from 'rxjs/testing';

function normalize(value: unknown): unknown {
  if (value instanceof Error) {
    const { name, message } = value;
    const code = (value as { code?: unknown }).code;
    return code === undefined ? { name, message } : { name, code, message };
  }
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = normalize(inner);
    return out;
  }
  return value;
}

/**
 * A TestScheduler whose assertions compare errors by name, code and message (not by identity or stack), so that
 * `expectObservable(x).toBe('--#', undefined, new RequestTimeoutError(...))` checks the error class and text.
 */
export function createTestScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => {
    expect(normalize(actual)).toEqual(normalize(expected));
  });
}
