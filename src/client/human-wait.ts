import { BehaviorSubject, defer, distinctUntilChanged, finalize, map, tap, throwError, timeout, type Observable } from 'rxjs';
import { HumanWaitTimeoutError } from '../errors/errors.js';
import type { McpError } from '../errors/mcp-error.js';
import type { Diagnostic } from '../session/types.js';

/** Default bound on a wait on a person (a sampling approval, an elicitation dialog, a tool call approval): 10 min. */
export const DEFAULT_HUMAN_WAIT_MS = 600_000;

/** Where a wait on a person belongs: the call it holds up, if one is known. */
export interface WaitScope {
  /**
   * True when a request of the call is in flight while the person answers (a legacy server request sent while our
   * request waits for the server); false when nothing is in flight meanwhile (a 2026-07-28 input round, an
   * approval before the call is sent): then no clock runs, and none needs to stand still.
   */
  readonly inFlight: boolean;
  /** Stands the clock of the call the wait belongs to still; `undefined` when no call is known. */
  pause(): (() => void) | undefined;
  /** The wait gave up: the call it belongs to fails with `error` (nothing when none is known). */
  giveUp(error: McpError): void;
}

/** A wait that holds up nothing in flight (2026-07-28 input rounds, approvals). */
export const NOTHING_IN_FLIGHT: WaitScope = { inFlight: false, pause: () => undefined, giveUp: () => undefined };

/**
 * Waits on a person. A wait stands still only the clock of the call it belongs to; where the protocol gives no way
 * to tell which call that is, every request clock stands still (`paused$`), and a diagnostic says so. Every wait is
 * bounded by `humanWaitMs`: past it the handler's signal is aborted, the wait fails with `HumanWaitTimeoutError`,
 * and so does the call it belongs to.
 */
export class HumanWait {
  private readonly unrelated = new BehaviorSubject(0);
  /** True while a wait that belongs to no known call is running: every request clock stands still meanwhile. */
  readonly paused$: Observable<boolean> = this.unrelated.pipe(map((n) => n > 0), distinctUntilChanged());

  constructor(
    private readonly bound: number | false,
    private readonly diagnose: (diagnostic: Diagnostic) => void,
  ) {}

  /**
   * Runs `work` as a wait on a person for `method`, with a signal that aborts when the caller's `signal` does, when
   * the bound passes, or when the wait is unsubscribed before it answered.
   */
  track<T>(method: string, scope: WaitScope, signal: AbortSignal, work: (signal: AbortSignal) => Observable<T>): Observable<T> {
    return defer(() => {
      const controller = new AbortController();
      const abort = () => controller.abort(signal.reason);
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
      const release = this.pause(method, scope);
      let answered = false;
      const work$ = work(controller.signal).pipe(tap({ complete: () => (answered = true) }));
      const bound = this.bound;
      const bounded$ = bound === false ? work$ : work$.pipe(
        timeout({ first: bound, with: () => throwError(() => new HumanWaitTimeoutError(method, bound)) }),
        tap({
          error: (error: unknown) => {
            if (!HumanWaitTimeoutError.is(error)) return;
            controller.abort(error);
            scope.giveUp(error);
          },
        }),
      );
      return bounded$.pipe(
        finalize(() => {
          signal.removeEventListener('abort', abort);
          release();
          if (!answered && !controller.signal.aborted) controller.abort();
        }),
      );
    });
  }

  private pause(method: string, scope: WaitScope): () => void {
    if (!scope.inFlight) return () => undefined;
    const held = scope.pause();
    if (held !== undefined) return held;
    this.diagnose({
      kind: 'global-pause',
      message: `The server asked for ${method} without saying which call it belongs to: every request clock stands still while it is answered`,
    });
    this.unrelated.next(this.unrelated.value + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.unrelated.next(this.unrelated.value - 1);
    };
  }
}
