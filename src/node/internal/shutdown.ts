import { concat, defer, EMPTY, Subscription, takeUntil, tap, timer } from 'rxjs';
import type { ManagedProcess } from './managed-process.js';

/** Grace periods of the shutdown sequence, in milliseconds. */
export interface ShutdownGraces {
  /** After closing stdin, before SIGTERM. */
  readonly closeGraceMs: number;
  /** After SIGTERM, before SIGKILL. */
  readonly termGraceMs: number;
}

/**
 * Stops a server process the way the stdio transport specifies: close stdin, wait `closeGraceMs`, send
 * SIGTERM, wait `termGraceMs`, send SIGKILL. The sequence stops as soon as the process exits, and does
 * nothing for a process that is not running. Returns the running sequence; it ends by itself.
 */
export function shutDownProcess(server: ManagedProcess, graces: ShutdownGraces): Subscription {
  if (!server.alive) return Subscription.EMPTY;
  return concat(
    defer(() => {
      server.writer?.close();
      return EMPTY;
    }),
    timer(graces.closeGraceMs).pipe(tap(() => server.kill('SIGTERM'))),
    timer(graces.termGraceMs).pipe(tap(() => server.kill('SIGKILL'))),
  )
    .pipe(takeUntil(server.exit$))
    .subscribe();
}
