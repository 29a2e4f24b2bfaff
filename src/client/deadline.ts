import { asyncScheduler, defer, map, throwError, timeout, type Observable } from 'rxjs';
import { RequestTimeoutError } from '../errors/errors.js';
import type { TimeoutOptions } from '../session/types.js';
import type { ClientConnection } from './client-connection.js';
import type { CallOptions } from './envelope.js';

/** A negotiated connection, and the call's options with what is left of its limits once it was there. */
export interface ReadyCall {
  readonly ready: ClientConnection;
  readonly options: CallOptions;
}

/** What is left of `limits` after `elapsed` ms: the first-event and total clocks ran meanwhile, the idle one did not. */
function remaining(limits: TimeoutOptions, elapsed: number): TimeoutOptions {
  if (elapsed <= 0) return limits;
  return {
    ...limits,
    ...(limits.firstMs === undefined ? {} : { firstMs: Math.max(0, limits.firstMs - elapsed) }),
    ...(limits.totalMs === undefined ? {} : { totalMs: Math.max(0, limits.totalMs - elapsed) }),
  };
}

/**
 * The deadline rule: a call's `timeout` (or the client's) is its caller's whole wait, connecting and negotiating
 * included. `ready$` (the open connection, or a new one) is awaited at most as long as the first-event or the total
 * limit allows, failing with `RequestTimeoutError` of that kind past it; the request then gets what is left.
 * Without limits the connection has only its own bound (`connectTimeoutMs`).
 */
export function readyWithin(method: string, options: CallOptions, clientLimits: TimeoutOptions | false | undefined, ready$: Observable<ClientConnection>): Observable<ReadyCall> {
  const limits = options.timeout === undefined ? clientLimits : options.timeout;
  if (limits === undefined || limits === false) return ready$.pipe(map((ready) => ({ ready, options })));
  const first = limits.firstMs ?? Number.POSITIVE_INFINITY;
  const total = limits.totalMs ?? Number.POSITIVE_INFINITY;
  const bound = Math.min(first, total);
  if (bound === Number.POSITIVE_INFINITY) return ready$.pipe(map((ready) => ({ ready, options })));
  const kind = first <= total ? 'first' : 'total';
  return defer(() => {
    const started = asyncScheduler.now();
    return ready$.pipe(
      timeout({ first: bound, with: () => throwError(() => new RequestTimeoutError(method, kind, bound)) }),
      map((ready) => ({ ready, options: { ...options, timeout: remaining(limits, asyncScheduler.now() - started) } })),
    );
  });
}
