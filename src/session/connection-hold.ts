import { Subscription, type Observable } from 'rxjs';

/** Something that uses the connection and must hear when it ends. */
export interface ConnectionUser {
  /** The connection completed (`error` undefined) or failed. */
  connectionEnded(error?: unknown): void;
}

/**
 * One subscription to the session's `connection$` on behalf of every request in flight: the first user takes it,
 * the last one to leave releases it (so `idleCloseMs` still sees the connection unused), and when the
 * connection ends every user hears it. Joining and leaving cost O(1), however many requests are in flight.
 */
export class ConnectionHold {
  private readonly users = new Set<ConnectionUser>();
  private hold: Subscription | undefined;

  constructor(private readonly connection$: Observable<never>) {}

  /** Adds `user`, opening the connection if nothing holds it yet. `user` may hear the end at once. */
  acquire(user: ConnectionUser): void {
    this.users.add(user);
    if (this.hold !== undefined) return;
    const hold = new Subscription();
    this.hold = hold;
    hold.add(
      this.connection$.subscribe({
        error: (error: unknown) => this.end(hold, error),
        complete: () => this.end(hold),
      }),
    );
  }

  /** Removes `user`; the hold goes with the last one. */
  release(user: ConnectionUser): void {
    if (!this.users.delete(user) || this.users.size > 0) return;
    const hold = this.hold;
    this.hold = undefined;
    hold?.unsubscribe();
  }

  private end(hold: Subscription, error?: unknown): void {
    if (this.hold !== hold) return;
    this.hold = undefined;
    const users = [...this.users];
    this.users.clear();
    for (const user of users) user.connectionEnded(error);
  }
}
