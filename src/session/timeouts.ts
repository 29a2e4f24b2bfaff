import { Observable, asyncScheduler, type MonoTypeOperatorFunction, type Subscription } from 'rxjs';
import { RequestTimeoutError } from '../errors/errors.js';
import { Deadline, DeadlineQueue } from './deadlines.js';
import type { TimeoutOptions } from './types.js';

type LimitKind = 'first' | 'idle' | 'total';

/** Who hears that a request clock ran out. */
export interface TimeoutTarget {
  timedOut(error: RequestTimeoutError): void;
}

/**
 * The time limits of one request: `firstMs` to the first event, `idleMs` between events, `totalMs` for the whole
 * request, standing still while paused. At most one deadline armed at a time, in a `DeadlineQueue` shared by the
 * session's requests (on `asyncScheduler`: virtual time in marble tests); nothing is allocated per event.
 */
export class RequestClock extends Deadline {
  private seen = 0;
  private paused = false;
  /** The session-wide pause (`timeoutPaused$`), and the holds of this request alone (a person answering for it). */
  private pausedBySession = false;
  private holds = 0;
  /** Active (unpaused) time used so far, and when the current active stretch began. */
  private used = 0;
  private since = asyncScheduler.now();
  private kind: LimitKind = 'first';
  private ms = 0;
  private stopped = false;

  constructor(
    private readonly method: string,
    private readonly limits: TimeoutOptions,
    private readonly target: TimeoutTarget,
    private readonly deadlines: DeadlineQueue,
  ) {
    super();
  }

  /** Starts the clock (paused or not). */
  start(paused: boolean): void {
    this.pausedBySession = paused;
    this.paused = paused || this.holds > 0;
    this.arm();
  }

  /** An event (progress or result) arrived: restarts the step limit. */
  event(): void {
    if (this.stopped) return;
    this.account();
    this.seen += 1;
    this.arm();
  }

  /** Pauses or resumes every limit, for the session-wide pause. */
  setPaused(paused: boolean): void {
    this.pausedBySession = paused;
    this.update();
  }

  /** Stands this clock still until the returned function is called (holds add up). */
  hold(): () => void {
    this.holds += 1;
    this.update();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      this.update();
    };
  }

  private update(): void {
    const paused = this.pausedBySession || this.holds > 0;
    if (this.stopped || paused === this.paused) return;
    this.account();
    this.paused = paused;
    this.arm();
  }

  /** Stops for good. */
  stop(): void {
    this.stopped = true;
    this.deadlines.remove(this);
  }

  /** Called by the deadline queue when the armed limit has passed. */
  expire(): void {
    if (this.stopped) return;
    const { limits, kind } = this;
    const limit = kind === 'first' ? limits.firstMs : kind === 'idle' ? limits.idleMs : limits.totalMs;
    this.stop();
    this.target.timedOut(new RequestTimeoutError(this.method, kind, limit ?? this.ms));
  }

  private account(): void {
    const now = asyncScheduler.now();
    if (!this.paused) this.used += now - this.since;
    this.since = now;
  }

  private arm(): void {
    this.deadlines.remove(this);
    if (this.paused || this.stopped) return;
    const { limits } = this;
    const first = this.seen === 0;
    const step = first ? (limits.firstMs ?? limits.idleMs) : limits.idleMs;
    const left = limits.totalMs === undefined ? undefined : Math.max(0, limits.totalMs - this.used);
    if (step === undefined && left === undefined) return;
    if (left !== undefined && (step === undefined || left <= step)) {
      this.kind = 'total';
      this.ms = left;
    } else {
      this.kind = first && limits.firstMs !== undefined ? 'first' : 'idle';
      this.ms = step as number;
    }
    this.deadlines.add(this, this.ms);
  }
}

/**
 * One subscription to a session's `timeoutPaused$`, shared by the clocks of every request: taken on the first
 * attached clock, held until `close()`.
 */
export class PauseGate {
  private paused = false;
  private subscription: Subscription | undefined;
  private readonly clocks = new Set<RequestClock>();

  constructor(private readonly paused$: Observable<boolean> | undefined) {}

  /** Starts `clock` in the current pause state and keeps it informed until `detach`. */
  attach(clock: RequestClock): void {
    if (this.paused$ !== undefined) {
      if (this.subscription === undefined) this.subscription = this.paused$.subscribe((paused) => this.set(paused));
      this.clocks.add(clock);
    }
    clock.start(this.paused);
  }

  detach(clock: RequestClock): void {
    this.clocks.delete(clock);
  }

  close(): void {
    this.subscription?.unsubscribe();
    this.clocks.clear();
  }

  private set(paused: boolean): void {
    if (paused === this.paused) return;
    this.paused = paused;
    for (const clock of [...this.clocks]) clock.setPaused(paused);
  }
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
      const clock = new RequestClock(method, limits, { timedOut: (error) => subscriber.error(error) }, new DeadlineQueue());
      const gate = new PauseGate(paused$);
      gate.attach(clock);
      const inner = source.subscribe({
        next: (value) => {
          clock.event();
          subscriber.next(value);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      return () => {
        inner.unsubscribe();
        clock.stop();
        gate.close();
      };
    });
}
