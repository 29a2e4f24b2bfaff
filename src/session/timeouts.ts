import { Observable, throwError, timeout, timer, type MonoTypeOperatorFunction, type TimeoutConfig } from 'rxjs';
import { RequestTimeoutError } from '../errors/errors.js';
import type { TimeoutOptions } from './types.js';

/**
 * Applies a request's time limits in virtual-time-friendly operators: `firstMs` to the first event, `idleMs`
 * between events (so progress resets it), `totalMs` for the whole request. A limit that fires unsubscribes the
 * source (which cancels the request on the wire) and errors with `RequestTimeoutError`.
 */
export function withTimeouts<T>(method: string, limits: TimeoutOptions): MonoTypeOperatorFunction<T> {
  return (source) => {
    let result = source;
    const { firstMs, idleMs, totalMs } = limits;
    if (firstMs !== undefined || idleMs !== undefined) {
      const first = firstMs ?? idleMs;
      const config: TimeoutConfig<T, Observable<never>, unknown> & { with: (info: { seen: number }) => Observable<never> } = {
        ...(first !== undefined ? { first } : {}),
        ...(idleMs !== undefined ? { each: idleMs } : {}),
        with: ({ seen }) =>
          throwError(() =>
            seen > 0 || firstMs === undefined
              ? new RequestTimeoutError(method, 'idle', idleMs ?? 0)
              : new RequestTimeoutError(method, 'first', firstMs),
          ),
      };
      result = result.pipe(timeout(config));
    }
    return totalMs === undefined ? result : capTotal(result, method, totalMs);
  };
}

function capTotal<T>(source: Observable<T>, method: string, totalMs: number): Observable<T> {
  return new Observable<T>((subscriber) => {
    const cap = timer(totalMs).subscribe(() => subscriber.error(new RequestTimeoutError(method, 'total', totalMs)));
    const inner = source.subscribe(subscriber);
    return () => {
      inner.unsubscribe();
      cap.unsubscribe();
    };
  });
}
