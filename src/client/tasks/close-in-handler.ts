import { Observable, type MonoTypeOperatorFunction } from 'rxjs';
import { ConnectionClosedError } from '../../errors/errors.js';

/**
 * Completes, rather than errors with `ConnectionClosedError`, when the client is closed from inside the subscriber's
 * own `next` (a program that closes once it has the event it waited for, as `first(...)` lets it). `first` completes
 * its subscriber only after that `next` returns, so the close reaches the task's stream while it is still subscribed;
 * the subscriber asked for the end it got and must not see an error for it. A close at any other time still errors.
 */
export function completeOnCloseInHandler<T>(): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let delivering = false;
      return source.subscribe({
        next: (value) => {
          delivering = true;
          try {
            subscriber.next(value);
          } finally {
            delivering = false;
          }
        },
        error: (error: unknown) => (delivering && ConnectionClosedError.is(error) ? subscriber.complete() : subscriber.error(error)),
        complete: () => subscriber.complete(),
      });
    });
}
