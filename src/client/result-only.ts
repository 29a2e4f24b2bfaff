import type { Observer, Subscriber } from 'rxjs';
import type { CallEvent } from './call-event.js';

/**
 * The observer that hands on only the result of a call's events, with its completion or error: one object per
 * call, where a `filter` and a `map` (or an observer of three closures) would make more.
 */
export class ResultOnly<R> implements Observer<CallEvent<unknown>> {
  constructor(private readonly subscriber: Subscriber<R>) {}

  next(event: CallEvent<unknown>): void {
    if (event.type === 'result') this.subscriber.next(event.result as R);
  }

  error(error: unknown): void {
    this.subscriber.error(error);
  }

  complete(): void {
    this.subscriber.complete();
  }
}
