import { Observable } from 'rxjs';
import { endError, type ConnectionRuntime } from './connection.js';
import type { RequestHost, RequestPlan } from './request.js';
import type { Params, RequestOptions, TimeoutOptions } from './types.js';

/** Default time limit of a request: 60 s to the first event (progress or result). */
export const DEFAULT_REQUEST_TIMEOUT: TimeoutOptions = { firstMs: 60_000 };

/** What one request sends and how it behaves, from its options and the session's default limits. */
export function plan(method: string, params: Params | undefined, options: RequestOptions, defaults: TimeoutOptions | false, resultOnly: boolean, connection?: ConnectionRuntime): RequestPlan {
  const limits = options.timeout === undefined ? defaults : options.timeout;
  const wantsProgress = options.progress === true || (limits !== false && limits.idleMs !== undefined);
  // Written out rather than spread: one object per request, of one shape.
  return connection === undefined
    ? { method, params, options, wantsProgress, limits, resultOnly }
    : { method, params, options, wantsProgress, limits, resultOnly, connection };
}

/** One notification as a cold Observable: written on `pinned` (failing once it has ended), else on the current connection. */
export function notification$(host: RequestHost, method: string, params: Params | undefined, headers: Readonly<Record<string, string>> | undefined, pinned?: ConnectionRuntime): Observable<never> {
  return new Observable<never>((subscriber) => {
    if (pinned?.end !== undefined) {
      subscriber.error(endError(pinned.end));
      return undefined;
    }
    host.hold.acquire();
    const connection = pinned ?? host.current();
    const message = params === undefined ? { jsonrpc: '2.0' as const, method } : { jsonrpc: '2.0' as const, method, params };
    if (connection !== undefined && connection.end === undefined && host.runtime.write(connection, headers ? { message, headers } : { message })) subscriber.complete();
    else subscriber.error(connection?.end === undefined ? host.unavailable() : endError(connection.end));
    return () => host.hold.release();
  });
}
