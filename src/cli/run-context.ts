import { defer, firstValueFrom, fromEvent, lastValueFrom, map, Observable, of, take } from 'rxjs';
import type { Command } from './command.js';
import { InterruptedError } from './errors.js';
import type { CliIo } from './io.js';
import { lineReader, type LineReader } from './lines.js';
import type { Output } from './output.js';
import type { Place } from './target.js';
import type { TaskSession } from '../client/tasks/session-join.js';

/** Everything one run of the tool works with. */
export interface Run {
  readonly io: CliIo;
  readonly command: Command;
  readonly place: Place;
  readonly out: Output;
  /** People answer prompts (a terminal on stdin and stderr, or `io.interactive`). */
  readonly interactive: boolean;
  /** Aborted on Ctrl-C. */
  readonly signal: AbortSignal;
  /** Emits once on Ctrl-C. */
  readonly interrupted$: Observable<void>;
  /** The line reader of standard input (one per run). */
  readonly lines: () => LineReader;
  /** `tasks resume`: the task reference's JSON text. */
  readonly taskReference?: string;
  /** `tasks resume` of a task bound to a Streamable HTTP session: the session the connection joins. */
  readonly taskSession?: TaskSession;
}

/** A run over `io`. */
export function createRun(io: CliIo, command: Command, place: Place, out: Output): Run {
  const signal = io.signal ?? new AbortController().signal;
  const interrupted$ = defer(() => (signal.aborted ? of(undefined) : fromEvent(signal, 'abort').pipe(take(1), map(() => undefined))));
  const stdinIsTerminal = typeof io.stdin === 'object' && io.stdin.isTTY === true;
  let lines: LineReader | undefined;
  return {
    io, command, place, out, signal, interrupted$,
    interactive: io.interactive ?? (stdinIsTerminal && out.errIsTerminal),
    lines: () => (lines ??= lineReader(io.stdin)),
  };
}

/**
 * `source`, until the run is interrupted.
 *
 * - **Temperature:** that of `source`. **Emits:** what `source` emits. **Completes:** when `source` does.
 * - **Errors:** what `source` errors with, or `InterruptedError` on Ctrl-C (then `source` is unsubscribed, which
 *   cancels a request on the wire). **Teardown:** unsubscribes `source`.
 */
export function unlessInterrupted<T>(run: Run, source: Observable<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const interruption = run.interrupted$.subscribe(() => subscriber.error(new InterruptedError()));
    const inner = subscriber.closed ? undefined : source.subscribe(subscriber);
    return () => {
      interruption.unsubscribe();
      inner?.unsubscribe();
    };
  });
}

/** The first value of `source`, unless the run is interrupted first. */
export function firstUnlessInterrupted<T>(run: Run, source: Observable<T>): Promise<T> {
  return firstValueFrom(unlessInterrupted(run, source));
}

/** The last value of `source` (or `fallback` when it emits none), unless the run is interrupted first. */
export function lastUnlessInterrupted<T>(run: Run, source: Observable<T>, fallback: T): Promise<T> {
  return lastValueFrom(unlessInterrupted(run, source), { defaultValue: fallback });
}
