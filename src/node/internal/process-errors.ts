import { TransportError, type TransportErrorOptions } from '../../errors/errors.js';

/** Options of `ProcessExitError`. */
export interface ProcessExitErrorOptions extends TransportErrorOptions {
  /** The command that was spawned. */
  readonly command: string;
  /** The process id, when it started. */
  readonly pid?: number;
  /** The exit code, or `null` when a signal ended the process. */
  readonly exitCode: number | null;
  /** The signal that ended the process, or `null`. */
  readonly signal: string | null;
  /** The last lines the process wrote to stderr, oldest first (bounded). */
  readonly stderrTail?: readonly string[];
}

/** The server process ended other than by a clean exit with code 0. */
export class ProcessExitError extends TransportError {
  static override readonly kind: string = 'ProcessExitError';
  /** The command that was spawned. */
  readonly command: string;
  /** The process id, when it started. */
  readonly pid: number | undefined;
  /** Exit code, or `null` when a signal ended the process. */
  readonly exitCode: number | null;
  /** The signal that ended the process (`'SIGKILL'`, ...), or `null`. */
  readonly signal: string | null;
  /** The last lines the process wrote to stderr, oldest first (at most 20 lines / 8 KiB). */
  readonly stderrTail: readonly string[];

  /** `message` replaces the default one (`Server process "<command>" exited with code …`) for subclasses. */
  constructor(options: ProcessExitErrorOptions, message: string = exitMessage(options)) {
    super(message, options);
    this.command = options.command;
    this.pid = options.pid;
    this.exitCode = options.exitCode;
    this.signal = options.signal;
    this.stderrTail = options.stderrTail ?? [];
  }
}

function exitMessage(options: ProcessExitErrorOptions): string {
  const how = options.signal === null ? `exited with code ${options.exitCode}` : `was killed by ${options.signal}`;
  const last = options.stderrTail?.[options.stderrTail.length - 1];
  const detail = last === undefined ? '' : `: ${last.length > 200 ? `${last.slice(0, 200)}…` : last}`;
  return `Server process "${options.command}" ${how}${detail}`;
}

/** Options of `ProcessSpawnError`. */
export interface ProcessSpawnErrorOptions extends TransportErrorOptions {
  /** The command that could not be started. */
  readonly command: string;
}

/** The server process could not be started (command not found, bad `cwd`, no permission, ...). */
export class ProcessSpawnError extends TransportError {
  static override readonly kind: string = 'ProcessSpawnError';
  /** The command that could not be started. */
  readonly command: string;
  /** The system error code, such as `'ENOENT'`, when there is one. */
  readonly errno: string | undefined;

  constructor(options: ProcessSpawnErrorOptions) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`Cannot start server process "${options.command}": ${reason}`, options);
    this.command = options.command;
    const code = (options.cause as { code?: unknown } | undefined)?.code;
    this.errno = typeof code === 'string' ? code : undefined;
  }
}

/** Options of `StdoutClosedError`. */
export interface StdoutClosedErrorOptions extends TransportErrorOptions {
  /** The command that was spawned. */
  readonly command: string;
  /** The process id. */
  readonly pid?: number;
  /** The last lines the process wrote to stderr, oldest first (bounded). */
  readonly stderrTail?: readonly string[];
}

/**
 * The server process closed its stdout but did not exit: nothing more can arrive from it, so the connection ends
 * and the process is stopped (stdin closed, then SIGTERM, then SIGKILL).
 */
export class StdoutClosedError extends TransportError {
  static override readonly kind: string = 'StdoutClosedError';
  /** The command that was spawned. */
  readonly command: string;
  /** The process id. */
  readonly pid: number | undefined;
  /** The last lines the process wrote to stderr, oldest first (bounded). */
  readonly stderrTail: readonly string[];

  constructor(options: StdoutClosedErrorOptions) {
    const last = options.stderrTail?.[options.stderrTail.length - 1];
    const pid = options.pid === undefined ? '' : ` (pid ${options.pid})`;
    super(`Server process "${options.command}" closed its stdout but kept running${pid}${last === undefined ? '' : `: ${last.length > 200 ? `${last.slice(0, 200)}…` : last}`}`, options);
    this.command = options.command;
    this.pid = options.pid;
    this.stderrTail = options.stderrTail ?? [];
  }
}
