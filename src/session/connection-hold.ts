import type { Observable, Subscription } from 'rxjs';

/**
 * One subscription to the session's shared `connection$` on behalf of every request in flight: the first user
 * takes it (opening the connection when none is open), the last one to leave releases it, so `idleCloseMs` still
 * sees when the connection is unused. Counting costs O(1) however many requests are in flight. Hearing that the
 * connection ended is not its job: the connection itself fails what was in flight on it.
 *
 * Without `idleCloseMs` nothing watches the count (an unused connection stays open), so the hold is kept once taken
 * until the connection ends: a request after another then costs no subscription at all.
 */
export class ConnectionHold {
  private users = 0;
  private hold: Subscription | undefined;
  private connection$: Observable<unknown> | undefined;
  private keep = false;

  /**
   * What to hold: until then (and for a multiplexer of its own, always) counting holds nothing. `keep`: the hold
   * stays after the last user left (the connection is not closed for being unused).
   */
  attach(connection$: Observable<unknown>, keep = false): void {
    this.connection$ = connection$;
    this.keep = keep;
  }

  /** Counts one more user, opening the connection if nothing holds it (or the held one has ended). */
  acquire(): void {
    this.users += 1;
    if ((this.hold !== undefined && !this.hold.closed) || this.connection$ === undefined) return;
    this.hold = this.connection$.subscribe({ error: () => undefined });
  }

  /** Counts one user less; the hold goes with the last one. */
  release(): void {
    if (this.users === 0) return;
    this.users -= 1;
    if (this.users > 0 || this.keep) return;
    const hold = this.hold;
    this.hold = undefined;
    hold?.unsubscribe();
  }
}
