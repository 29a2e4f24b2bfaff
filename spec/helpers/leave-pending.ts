import { Subscription, type Observable } from 'rxjs';

let held = new Subscription();

/**
 * Subscribes to `source$` for the rest of the current spec and ends the subscription after it: a call a spec starts
 * and does not await (to look at what the server received) never outlives the spec, and its error, if any, is
 * not an uncaught exception in a later spec.
 */
export function leave<T>(source$: Observable<T>): void {
  held.add(source$.subscribe({ error: () => undefined }));
}

afterEach(() => {
  held.unsubscribe();
  held = new Subscription();
});
