import { asyncScheduler, retry, throwError, timer, type Observable, type SchedulerLike } from 'rxjs';
import type { Link } from './types.js';
import { exponentialDelay } from '../live/backoff.js';
import { isRetryable } from './retryable.js';

/** Options of `retryLink`. */
export interface RetryLinkOptions {
  /** How many times a call is tried again at most (default 3). */
  readonly count?: number;
  /** The wait before the first retry, in ms (default 250); each next wait doubles it. */
  readonly initialDelayMs?: number;
  /** The longest wait, in ms (default 10 000). */
  readonly maxDelayMs?: number;
  /** How much of each wait is random, from 0 (none) to 1 (all of it; the default, "full jitter"). */
  readonly jitter?: number;
  /** Which errors are tried again (default `isRetryable`). */
  readonly when?: (error: unknown) => boolean;
  /**
   * Also retry calls that are not safe to repeat (a `tools/call` that is neither `idempotent` nor trusted as such)
   * (default `false`: their first failure stands, since the server may have done the work already).
   */
  readonly unsafe?: boolean;
  /** The scheduler of the waits (default `asyncScheduler`; a `TestScheduler` runs them in virtual time). */
  readonly scheduler?: SchedulerLike;
  /** The random source of the jitter, returning values in [0, 1) (default `Math.random`). */
  readonly random?: () => number;
}

/** The wait before retry number `attempt` (1 for the first): exponential, capped, partly random. */
export function retryDelay(attempt: number, options: RetryLinkOptions = {}): number {
  const base = exponentialDelay(attempt, options.initialDelayMs ?? 250, options.maxDelayMs ?? 10_000);
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 1));
  const random = options.random ?? Math.random;
  return Math.round(base * (1 - jitter) + base * jitter * random());
}

/**
 * A link that tries a call again after a transient failure (`isRetryable`, or `options.when`), waiting with
 * exponential backoff and jitter on the scheduler between tries. Calls that are not safe to repeat are left alone
 * unless `unsafe` is set, and so are the requests of negotiation (connecting has its own bound and the reconnect
 * policy). Place it in `ClientOptions.links`.
 *
 * - **Temperature:** cold, as the call. **Emits:** the events of the try that succeeds (progress of earlier tries
 *   too). **Completes:** with that try.
 * - **Errors:** with the last error, once `count` retries failed or at the first error that is not retried.
 * - **Teardown:** cancels the try in flight, or the wait.
 *
 * @example
 * ```ts
 * import { createClient, retryLink } from 'rxmcp';
 *
 * const client = createClient(transport, { links: [retryLink({ count: 5, initialDelayMs: 100 })] });
 * ```
 */
export function retryLink(options: RetryLinkOptions = {}): Link {
  const count = options.count ?? 3;
  const when = options.when ?? isRetryable;
  const scheduler = options.scheduler ?? asyncScheduler;
  const delay = (error: unknown, attempt: number): Observable<number> =>
    when(error) ? timer(retryDelay(attempt, options), scheduler) : throwError(() => error);
  return (call, next) => {
    // Negotiation's own requests are left to the connection's bound and the reconnect policy: a legacy server that
    // ignores the `server/discover` probe must not be probed again and again.
    if (count <= 0 || call.connection.server === undefined || (!call.safe && options.unsafe !== true)) return next(call);
    return next(call).pipe(retry({ count, delay }));
  };
}
