import { asyncScheduler, catchError, defer, map, mergeMap, of, switchMap, timeout, type Observable } from 'rxjs';
import { RequestTimeoutError, TransportError } from '../errors/errors.js';
import { McpError } from '../errors/mcp-error.js';
import type { TransportHealth } from '../transport/types.js';

import { callOn } from './call.js';
import type { ClientCore } from './core.js';
import { resultOf } from './verbs.js';

/** Default bound of a health check, connecting included. */
export const DEFAULT_HEALTH_TIMEOUT_MS = 5000;

/** The outcome of `checkHealth()`. */
export interface HealthReport {
  /** The transport's check passed and the server answered the round trip in time. */
  readonly healthy: boolean;
  /** The transport's own check (`undefined` for transports without one). */
  readonly transport: TransportHealth | undefined;
  /** How long the protocol round trip took, in ms, when it succeeded. */
  readonly latencyMs?: number;
  /** Why it is not healthy. */
  readonly error?: McpError;
}

/** Options of `checkHealth`. */
export interface HealthCheckOptions {
  /** The bound of the whole check, connecting and negotiating included, in ms (default 5000). */
  readonly timeoutMs?: number;
}

/** The cheapest request that proves the server answers: `ping`, or `server/discover` where there is no `ping`. */
function roundTrip(core: ClientCore, ms: number): Observable<number> {
  return defer(() => {
    const started = asyncScheduler.now();
    return core.ready().pipe(
      switchMap((ready) => {
        const method = Object.hasOwn(ready.policy.revision.methods, 'ping') ? 'ping' : 'server/discover';
        const params = method === 'ping' ? undefined : {};
        // Never from the cache: a cached discover result would say nothing of the server's health now.
        return resultOf(callOn(ready, method, params, { timeout: false, fresh: true }));
      }),
      map(() => asyncScheduler.now() - started),
      timeout({ first: ms, with: () => { throw new RequestTimeoutError('health check', 'total', ms); } }),
    );
  });
}

/**
 * Checks the server's health: first the transport's own cheap check (the child process is alive, the last HTTP
 * request did not fail), then a protocol round trip (`ping`, or `server/discover` on 2026-07-28), within a bound.
 *
 * **Temperature:** cold; each subscription checks once. **Emits:** one `HealthReport`. **Completes:** after it.
 * **Errors:** never (a failure is a report with `healthy: false` and `error`). **Teardown:** cancels the round trip.
 */
export function checkHealth(core: ClientCore, options: HealthCheckOptions = {}): Observable<HealthReport> {
  return defer(() => {
    const transport = core.transport.checkHealth?.();
    if (transport !== undefined && !transport.ok) {
      return of<HealthReport>({ healthy: false, transport, error: transport.error ?? new TransportError(transport.detail) });
    }
    return roundTrip(core, options.timeoutMs ?? DEFAULT_HEALTH_TIMEOUT_MS).pipe(
      mergeMap((latencyMs) => of<HealthReport>({ healthy: true, transport: core.transport.checkHealth?.() ?? transport, latencyMs })),
      catchError((error: unknown) => of<HealthReport>({ healthy: false, transport: core.transport.checkHealth?.() ?? transport, error: McpError.is(error) ? error : TransportError.from(error) })),
    );
  });
}
