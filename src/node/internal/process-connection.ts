import { catchError, concat, defer, EMPTY, mergeMap, type MonoTypeOperatorFunction, Observable, switchMap, throwError, timeout } from 'rxjs';
import { TransportError } from '../../errors/errors.js';
import { decodeJsonLines, encodeJsonLine } from '../../transport/internal/json-lines.js';
import type { InboundFrame, OutboundFrame } from '../../transport/types.js';
import type { ManagedProcess, ProcessExit, ProcessLaunch } from './managed-process.js';
import { ProcessExitError, type ProcessExitErrorOptions, StdoutClosedError } from './process-errors.js';
import { decodeMessage, messageTextParts } from './utf8.js';

/** Builds the error of an unclean exit of a process started from `launch` (default: `ProcessExitError`). */
export type ExitErrorFactory = (launch: ProcessLaunch, options: ProcessExitErrorOptions) => ProcessExitError;

const processExitError: ExitErrorFactory = (_launch, options) => new ProcessExitError(options);

/**
 * The inbound frames of one server process; `outbound$` is written to its stdin, one line per frame, from
 * the moment the process has spawned.
 *
 * - **Temperature:** cold over an already spawned process; subscribe once.
 * - **Emits:** one frame per stdout line (a non-JSON line is a `malformed` frame).
 * - **Completes:** when stdout has ended and the process exited with code 0.
 * - **Errors:** `ProcessSpawnError`, `ProcessExitError` (other exits, with the stderr tail; `exitError` builds it), `StdoutClosedError`
 *   (stdout ended and the process did not exit), or a `TransportError` wrapping a stream failure or an
 *   unserialisable frame. A message over `maxMessageBytes` is a `malformed` frame with `tooLarge`, not an error.
 *   When `outbound$` completes, stdin is closed once every queued line is written.
 * - **Teardown:** stops reading stdout and unsubscribes from `outbound$` (stopping the process is the
 *   caller's job).
 */
export function processConnection(
  server: ManagedProcess,
  outbound$: Observable<OutboundFrame>,
  maxMessageBytes: number,
  exitError: ExitErrorFactory = processExitError,
): Observable<InboundFrame> {
  const frames$ = concat(server.stdout().pipe(decodeJsonLines({ maxMessageBytes, decode: decodeMessage, textParts: messageTextParts })), afterStdout(server, exitError));
  return server.spawned$.pipe(
    switchMap(() => frames$.pipe(alongside(writeFrames(server, outbound$)))),
    catchError((error: unknown) => throwError(() => TransportError.from(error))),
  );
}

/**
 * Writes `outbound$` to the server's stdin. Frames of one synchronous run (a burst of requests) are serialised at
 * once, in order, and written as one piece at the end of that run: one pipe write instead of one per frame. What
 * is still unwritten goes out when `outbound$` completes and when the writing is torn down, before stdin closes.
 */
function writeFrames(server: ManagedProcess, outbound$: Observable<OutboundFrame>): Observable<never> {
  return new Observable<never>((subscriber) => {
    let batch = '';
    let scheduled = false;
    const flush = (): void => {
      scheduled = false;
      if (batch === '') return;
      const text = batch;
      batch = '';
      server.writer?.write(text);
    };
    const frames = outbound$.subscribe({
      next: (frame) => {
        try {
          batch += encodeJsonLine(frame.message);
        } catch (error) {
          subscriber.error(error);
          return;
        }
        if (scheduled) return;
        scheduled = true;
        queueMicrotask(flush);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => {
        flush();
        server.writer?.end();
      },
    });
    return () => {
      frames.unsubscribe();
      flush();
    };
  });
}

/** How long a process may take to exit once its stdout ended before the connection ends without it. */
export const EXIT_AFTER_STDOUT_MS = 50;

/**
 * Once stdout has ended nothing more can arrive: the connection ends now. A process that exits right after
 * (as a crashing or finished one does) ends it with its exit; one that keeps running ends it with
 * `StdoutClosedError`, and the teardown stops it.
 */
function afterStdout(server: ManagedProcess, exitError: ExitErrorFactory): Observable<never> {
  return defer(() =>
    server.exit$.pipe(
      timeout({
        first: EXIT_AFTER_STDOUT_MS,
        with: () => throwError(() => new StdoutClosedError({ command: server.launch.command, ...(server.pid === undefined ? {} : { pid: server.pid }), stderrTail: server.stderrTail() })),
      }),
      mergeMap((exit) => exitOutcome(server, exit, exitError)),
    ),
  );
}

function exitOutcome(server: ManagedProcess, exit: ProcessExit, exitError: ExitErrorFactory): Observable<never> {
  if (exit.exitCode === 0) return EMPTY;
  const { command } = server.launch;
  const stderrTail = server.stderrTail();
  return throwError(() => exitError(server.launch, { command, pid: server.pid, ...exit, stderrTail }));
}

/** Mirrors the source and runs `side$` next to it: the source alone decides completion, either may error. */
function alongside<T>(side$: Observable<never>): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      const main = source.subscribe({
        next: (value) => subscriber.next(value),
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      const side = side$.subscribe({ error: (error: unknown) => subscriber.error(error) });
      return () => {
        main.unsubscribe();
        side.unsubscribe();
      };
    });
}
