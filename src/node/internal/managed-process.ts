import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Readable } from 'node:stream';
import { AsyncSubject, Observable, Subject } from 'rxjs';
import { LineDecoder } from '../../transport/internal/json-lines.js';
import { LineWriter } from './line-writer.js';
import { ProcessSpawnError } from './process-errors.js';
import { StderrTail } from './stderr-tail.js';

/** What to spawn: a command and its arguments (never through a shell), a working folder and an environment. */
export interface ProcessLaunch {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env: Readonly<Record<string, string>>;
}

/** How a process ended: an exit code, or the signal that killed it. */
export interface ProcessExit {
  /** The exit code, or `null` when a signal ended the process. */
  readonly exitCode: number | null;
  /** The signal that ended the process, or `null`. */
  readonly signal: NodeJS.Signals | null;
}

/** Longest stderr line before it is split (stderr is free text, not framed). */
const STDERR_MAX_LINE_BYTES = 64 * 1024;

const ignore = (): void => undefined;

/**
 * One spawned server process, with its lifecycle as Observables. Spawning happens in the constructor;
 * stderr is always read (so the child never blocks on it) into `stderr$` and a bounded tail.
 */
export class ManagedProcess {
  /** Emits the pid and completes once the process has spawned; errors with `ProcessSpawnError`. */
  readonly spawned$: Observable<number>;
  /** Emits how the process ended and completes, once it has exited and its pipes have closed (replayed). */
  readonly exit$: Observable<ProcessExit>;
  /** Hot: the process's stderr lines; completes when stderr ends. */
  readonly stderr$: Observable<string>;
  /** Writes lines to stdin with backpressure; `undefined` when the spawn failed synchronously. */
  readonly writer: LineWriter | undefined;
  private readonly spawned = new AsyncSubject<number>();
  private readonly exited = new AsyncSubject<ProcessExit>();
  private readonly stderrLines = new Subject<string>();
  private readonly tail = new StderrTail();
  private readonly child: ChildProcessWithoutNullStreams | undefined;

  constructor(readonly launch: ProcessLaunch) {
    this.spawned$ = this.spawned.asObservable();
    this.exit$ = this.exited.asObservable();
    this.stderr$ = this.stderrLines.asObservable();
    this.child = this.spawnChild();
    if (this.child === undefined) return;
    this.writer = new LineWriter(this.child.stdin);
    this.watch(this.child);
  }

  /** The process id, once spawned. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Whether the process was started and has not exited yet. */
  get alive(): boolean {
    const child = this.child;
    return child?.pid !== undefined && child.exitCode === null && child.signalCode === null;
  }

  /**
   * The stdout chunks of this process, for one subscriber: data written before the first subscription waits
   * in the pipe.
   * - **Temperature:** hot once subscribed (the stream flows from then on).
   * - **Emits:** each chunk. **Completes:** when stdout ends. **Errors:** the stream's error.
   * - **Teardown:** stops listening; the pipe keeps draining (data is dropped) so the child never blocks.
   */
  stdout(): Observable<Uint8Array> {
    const stream = this.child?.stdout;
    return stream === undefined ? new Observable((subscriber) => subscriber.complete()) : chunks(stream);
  }

  /** Sends `signal` to the process if it is still alive. */
  kill(signal: NodeJS.Signals): void {
    if (this.alive) this.child?.kill(signal);
  }

  /** The last stderr lines, oldest first (bounded). */
  stderrTail(): readonly string[] {
    return this.tail.lines();
  }

  private spawnChild(): ChildProcessWithoutNullStreams | undefined {
    const { command, args, cwd, env } = this.launch;
    try {
      return spawn(command, [...args], { cwd, env, stdio: 'pipe', shell: false, windowsHide: true });
    } catch (error) {
      this.spawned.error(new ProcessSpawnError({ command, cause: error }));
      return undefined;
    }
  }

  private watch(child: ChildProcessWithoutNullStreams): void {
    child.stdin.on('error', ignore);
    child.stdout.on('error', ignore);
    child.stderr.on('error', ignore);
    child.once('spawn', () => {
      this.spawned.next(child.pid ?? -1);
      this.spawned.complete();
    });
    child.on('error', (error) => {
      if (child.pid !== undefined) return;
      this.spawned.error(new ProcessSpawnError({ command: this.launch.command, cause: error }));
    });
    child.once('close', (exitCode: number | null, signal: NodeJS.Signals | null) => {
      this.exited.next({ exitCode, signal });
      this.exited.complete();
    });
    this.readStderr(child.stderr);
  }

  private readStderr(stream: Readable): void {
    const decoder = new LineDecoder({ maxLineBytes: STDERR_MAX_LINE_BYTES, overflow: 'split' });
    const onLine = (line: string): void => {
      this.tail.push(line);
      this.stderrLines.next(line);
    };
    stream.on('data', (chunk: Uint8Array) => decoder.push(chunk, onLine));
    stream.once('close', () => {
      decoder.end(onLine);
      this.stderrLines.complete();
    });
  }
}

function chunks(stream: Readable): Observable<Uint8Array> {
  return new Observable<Uint8Array>((subscriber) => {
    const onData = (chunk: Uint8Array): void => subscriber.next(chunk);
    const onEnd = (): void => subscriber.complete();
    const onError = (error: Error): void => subscriber.error(error);
    stream.on('data', onData).once('end', onEnd).once('error', onError);
    if (stream.readableEnded) subscriber.complete();
    return () => {
      stream.off('data', onData).off('end', onEnd).off('error', onError);
    };
  });
}
