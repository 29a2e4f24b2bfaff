import type { BackoffOptions } from '../types.js';

/** Default first delay before re-opening a dropped live stream. */
export const DEFAULT_BACKOFF_INITIAL_MS = 500;
/** Default longest delay before re-opening a dropped live stream. */
export const DEFAULT_BACKOFF_MAX_MS = 30_000;

/** The delay before attempt `attempt` (1-based). */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const initial = options.initialMs ?? DEFAULT_BACKOFF_INITIAL_MS;
  const max = options.maxMs ?? DEFAULT_BACKOFF_MAX_MS;
  return Math.min(max, initial * 2 ** Math.max(0, attempt - 1));
}
