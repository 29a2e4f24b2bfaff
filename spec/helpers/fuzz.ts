import * as fc from 'fast-check';

/**
 * Parameters of the property specs (`*.fuzz.spec.ts`). `npm test` runs them with a fixed seed and few runs, so
 * they are fast and fail the same way every time; `npm run fuzz` sets `FUZZ_SEED` (random, printed) and
 * `FUZZ_RUNS` (many) for a longer search. A failure prints the seed and the shrunk counterexample; re-run it
 * with `npm run fuzz -- --seed <seed>`.
 */
const FIXED_SEED = 20260728;
const DEFAULT_RUNS = 100;

interface FuzzEnv {
  readonly FUZZ_SEED?: string;
  readonly FUZZ_RUNS?: string;
}

function env(): FuzzEnv {
  const process = (globalThis as { process?: { env?: FuzzEnv } }).process;
  return process?.env ?? {};
}

function numberFrom(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isSafeInteger(value) ? value : fallback;
}

/** The seed of this run: `FUZZ_SEED`, else the fixed one. */
export const fuzzSeed = (): number => numberFrom(env().FUZZ_SEED, FIXED_SEED);

/**
 * `fc.assert` parameters: the run's seed, and `runs` (scaled by `FUZZ_RUNS / 100` in a fuzz run, so a costly
 * property keeps its share of a long run).
 */
export function fuzzParams<T>(runs = DEFAULT_RUNS): fc.Parameters<T> {
  const scale = numberFrom(env().FUZZ_RUNS, DEFAULT_RUNS) / DEFAULT_RUNS;
  return { seed: fuzzSeed(), numRuns: Math.max(1, Math.round(runs * scale)), endOnFailure: false };
}

/** Cut points for splitting `length` items into chunks: sorted, unique, strictly inside (0, length). */
export function cutsOf(length: number): fc.Arbitrary<number[]> {
  if (length < 2) return fc.constant([]);
  return fc
    .uniqueArray(fc.integer({ min: 1, max: length - 1 }), { maxLength: Math.min(length - 1, 40) })
    .map((cuts) => [...cuts].sort((a, b) => a - b));
}

/** Splits `items` at `cuts` (from `cutsOf`). */
export function splitAt<T extends { slice(start: number, end?: number): T }>(items: T, cuts: readonly number[]): T[] {
  const pieces: T[] = [];
  let start = 0;
  for (const cut of cuts) {
    pieces.push(items.slice(start, cut));
    start = cut;
  }
  pieces.push(items.slice(start));
  return pieces;
}

/** Arbitrary text of whole code points (no lone surrogates), from ASCII to astral planes. */
export const unicodeText = (maxLength = 24): fc.Arbitrary<string> =>
  fc.oneof(fc.string({ maxLength }), fc.string({ unit: 'binary', maxLength }), fc.string({ unit: 'grapheme', maxLength }));
