import { Observable, asyncScheduler, timer, type MonoTypeOperatorFunction, type Subscription } from 'rxjs';
import { RequestTimeoutError } from '../errors/errors.js';
import type { TimeoutOptions } from './types.js';

interface Clock {
  seen: number;
  paused: boolean;
  /** Active (unpaused) time used so far, and when the current active stretch began. */
  used: number;
  since: number;
}

function nextDeadline(limits: TimeoutOptions, clock: Clock): { ms: number; kind: 'first' | 'idle' | 'total' } | undefined {
  const step = clock.seen === 0 ? (limits.firstMs ?? limits.idleMs) : limits.idleMs;
  const stepKind = clock.seen === 0 && limits.firstMs !== undefined ? 'first' : 'idle';
  const left = limits.totalMs === undefined ? undefined : Math.max(0, limits.totalMs - clock.used);
  if (step === undefined && left === undefined) return undefined;
  if (left !== undefined && (step === undefined || left <= step)) return { ms: left, kind: 'total' };
  return { ms: step as number, kind: stepKind };
}

/**
 * A request's time limits as one operator, in RxJS time (so marble tests run it in virtual time): `firstMs` to
 * the first event, `idleMs` between events (so progress resets it), `totalMs` for the whole request. While
 * `paused$` says true (the client waits on a human), no limit runs; the step limits restart on resume and the
 * total limit counts only unpaused time. A limit that fires errors with `RequestTimeoutError` and unsubscribes
 * the source, which cancels the request on the wire.
 *
 * **Temperature:** as the source. **Emits:** the source's values. **Completes:** with the source.
 * **Errors:** the source's errors, or `RequestTimeoutError` (`timeoutKind` says which limit). **Teardown:**
 * unsubscribes the source and stops the clocks.
 */
export function withTimeouts<T>(method: string, limits: TimeoutOptions, paused$?: Observable<boolean>): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      const clock: Clock = { seen: 0, paused: false, used: 0, since: asyncScheduler.now() };
      let deadline: Subscription | undefined;
      const arm = () => {
        deadline?.unsubscribe();
        deadline = undefined;
        if (clock.paused) return;
        const next = nextDeadline(limits, clock);
        if (!next) return;
        deadline = timer(next.ms).subscribe(() => {
          const limit = next.kind === 'first' ? limits.firstMs : next.kind === 'idle' ? limits.idleMs : limits.totalMs;
          subscriber.error(new RequestTimeoutError(method, next.kind, limit ?? next.ms));
        });
      };
      const account = () => {
        const now = asyncScheduler.now();
        if (!clock.paused) clock.used += now - clock.since;
        clock.since = now;
      };
      const pauses = paused$?.subscribe((paused) => {
        if (paused === clock.paused) return;
        account();
        clock.paused = paused;
        arm();
      });
      arm();
      const inner = source.subscribe({
        next: (value) => {
          account();
          clock.seen += 1;
          arm();
          subscriber.next(value);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      return () => {
        inner.unsubscribe();
        deadline?.unsubscribe();
        pauses?.unsubscribe();
      };
    });
}
