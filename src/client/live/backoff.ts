import type { BackoffOptions } from '../types.js';

/** Default first delay before re-opening a dropped live stream. */
export const DEFAULT_BACKOFF_INITIAL_MS = 500;
/** Default longest delay before re-opening a dropped live stream. */
export const DEFAULT_BACKOFF_MAX_MS = 30_000;

/** The exponential delay before attempt `attempt` (1-based): `initial × factor^(attempt − 1)`, at most `max`. */
export function exponentialDelay(attempt: number, initial: number, max: number, factor = 2): number {
  return Math.min(max, initial * factor ** Math.max(0, attempt - 1));
}

/** The delay before attempt `attempt` (1-based) of re-opening a live stream. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  return exponentialDelay(attempt, options.initialMs ?? DEFAULT_BACKOFF_INITIAL_MS, options.maxMs ?? DEFAULT_BACKOFF_MAX_MS);
}
