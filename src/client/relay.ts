import { Observable, throwError, type Subscription } from 'rxjs';

/**
 * `source` (an Observable, or a function that makes one when subscribed, as `defer` would) with each value passed through `project`, and an error of it handed to `recover`, whose Observable
 * takes the source's place (its values projected too); `recover` rethrows what it does not handle.
 *
 * It does the work of a `map` and a `catchError` with one subscriber: a verb's call stacks several such steps,
 * and with a thousand calls in flight each subscriber kept alive per call is memory the garbage collector walks
 * again and again. An error thrown by `project` fails the stream without reaching `recover` (as a `map` placed
 * after the `catchError` would).
 *
 * **Temperature:** cold, as the source. **Emits:** the projected values of the source, then of the recovery.
 * **Completes:** when the one it follows completes. **Errors:** what `recover` throws or its recovery raises, or
 * what `project` throws. **Teardown:** unsubscribes the source or the recovery.
 */
export function relay<T, R>(source: Observable<T> | (() => Observable<T>), project: (value: T) => R, recover?: (error: unknown) => Observable<T>): Observable<R> {
  return new Observable<R>((subscriber) => {
    let current: Subscription | undefined;
    const handOver = (error: unknown): void => {
      if (subscriber.closed) return;
      let next$: Observable<T>;
      try {
        next$ = recover!(error);
      } catch (thrown) {
        subscriber.error(thrown);
        return;
      }
      if (!subscriber.closed) follow(next$, true);
    };
    const follow = (stream: Observable<T> | (() => Observable<T>), recovering: boolean): void => {
      let stream$: Observable<T>;
      try {
        stream$ = typeof stream === 'function' ? stream() : stream;
      } catch (error) {
        stream$ = throwError(() => error);
      }
      // An error while the source is still being subscribed (a transport that answers at once) is recovered only
      // once that subscription is in place, as `catchError` does: the recovery must not start inside the failing
      // stream's own teardown, and its subscription must be the one kept.
      let subscribing = true;
      let failed: { readonly error: unknown } | undefined;
      const subscription = stream$.subscribe({
        next: (value) => {
          let out: R;
          try {
            out = project(value);
          } catch (error) {
            subscriber.error(error);
            return;
          }
          subscriber.next(out);
        },
        error: (error: unknown) => {
          if (recovering || recover === undefined) return subscriber.error(error);
          if (subscribing) failed = { error };
          else handOver(error);
        },
        complete: () => subscriber.complete(),
      });
      subscribing = false;
      current = subscription;
      // The subscriber may have ended while this subscription was being made (a value the projection threw on): its
      // teardown then ran against the previous subscription, so this one must go now.
      if (subscriber.closed) subscription.unsubscribe();
      if (failed !== undefined) handOver(failed.error);
    };
    follow(source, false);
    return () => current?.unsubscribe();
  });
}
