import { Observable, timer, type MonoTypeOperatorFunction } from 'rxjs';
import { TransportError } from '../errors/errors.js';

/** Default time a transport has to become writable (to open its connection) before the connection fails. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/** The connection was not established in time. */
export class ConnectTimeoutError extends TransportError {
  static override readonly kind: string = 'ConnectTimeoutError';
  /** The limit that was reached, in milliseconds. */
  readonly ms: number;

  constructor(ms: number) {
    super(`The connection was not established within ${ms} ms`);
    this.ms = ms;
  }
}

/**
 * Fails a connection that does not become writable within `ms` (a process that never starts, a socket that never
 * opens, an SSE endpoint that never arrives): `writable$` says when it did. In RxJS time, so marble tests run it in
 * virtual time.
 *
 * **Temperature:** as the source. **Emits:** the source's frames. **Completes:** with the source.
 * **Errors:** the source's errors, or `ConnectTimeoutError`. **Teardown:** unsubscribes the source (closing the
 * connection) and the clock.
 */
export function connectWithin<T>(ms: number, writable$: Observable<unknown>): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      const clock = timer(ms).subscribe(() => subscriber.error(new ConnectTimeoutError(ms)));
      const stop = writable$.subscribe(() => clock.unsubscribe());
      const inner = source.subscribe(subscriber);
      return () => {
        inner.unsubscribe();
        clock.unsubscribe();
        stop.unsubscribe();
      };
    });
}
