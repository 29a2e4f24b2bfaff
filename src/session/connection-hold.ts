import type { Observable, Subscription } from 'rxjs';

/**
 * One subscription to the session's shared `connection$` on behalf of every request in flight: the first user
 * takes it (opening the connection when none is open), the last one to leave releases it, so `idleCloseMs` still
 * sees when the connection is unused. Counting costs O(1) however many requests are in flight. Hearing that the
 * connection ended is not its job: the connection itself fails what was in flight on it.
 */
export class ConnectionHold {
  private users = 0;
  private hold: Subscription | undefined;
  private connection$: Observable<unknown> | undefined;

  /** What to hold: until then (and for a multiplexer of its own, always) counting holds nothing. */
  attach(connection$: Observable<unknown>): void {
    this.connection$ = connection$;
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
    if (this.users > 0) return;
    const hold = this.hold;
    this.hold = undefined;
    hold?.unsubscribe();
  }
}
