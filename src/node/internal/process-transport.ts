import { mergeMap, Observable, Subject, Subscription } from 'rxjs';
import type { InboundFrame, OutboundFrame, Transport } from '../../transport/types.js';
import { ManagedProcess, type ProcessExit, type ProcessLaunch } from './managed-process.js';
import { type ExitErrorFactory, processConnection } from './process-connection.js';
import { shutDownProcess, type ShutdownGraces } from './shutdown.js';

/** One server process spawned by a stdio transport. */
export interface StdioProcess {
  /** The process id. */
  readonly pid: number;
  /**
   * The process's stderr lines.
   * - **Temperature:** hot (lines written before you subscribe are not replayed; subscribe when the
   *   process is announced on `processes$` to see them all).
   * - **Emits:** one string per line (very long lines are split). **Completes:** when the process's stderr
   *   closes. **Errors:** never. **Teardown:** none (stderr is always drained).
   */
  readonly stderr$: Observable<string>;
  /**
   * How the process ended.
   * - **Temperature:** hot, replays its value. **Emits:** one `StdioExit` once the process exited and its
   *   pipes closed. **Completes:** right after. **Errors:** never. **Teardown:** none.
   */
  readonly exit$: Observable<StdioExit>;
}

/** How a server process ended: an exit code, or the signal that killed it. */
export type StdioExit = ProcessExit;

/** A snapshot of the most recently spawned process of a transport. */
export interface StdioHealth {
  /** The process has spawned and not exited yet. */
  readonly alive: boolean;
  /** Its pid, or `undefined` before the first spawn (or when the spawn failed). */
  readonly pid: number | undefined;
}

/** A transport over a child process's stdin/stdout, with the process lifecycle in view. */
export interface StdioTransport extends Transport {
  readonly cancellation: 'notification';
  /**
   * Every process this transport spawns, one per `connect` subscription.
   * - **Temperature:** hot. **Emits:** a `StdioProcess` when a process has spawned.
   * - **Completes:** never. **Errors:** never. **Teardown:** none.
   */
  readonly processes$: Observable<StdioProcess>;
  /**
   * The stderr lines of every process this transport spawns, in arrival order.
   * - **Temperature:** hot. **Emits:** one string per line. **Completes:** never. **Errors:** never.
   * - **Teardown:** none (stderr is always drained). For the lines of one process, use `processes$`.
   */
  readonly stderr$: Observable<string>;
  /** Whether the most recently spawned process is alive, and its pid. */
  health(): StdioHealth;
}

/** What a process-backed transport needs. */
export interface ProcessTransportConfig {
  readonly kind: string;
  /** What to spawn, asked once per connection. */
  readonly launch: () => ProcessLaunch;
  readonly maxMessageBytes: number;
  readonly graces: ShutdownGraces;
  /** Builds the error of an unclean exit (default: `ProcessExitError`). */
  readonly exitError?: ExitErrorFactory;
  /** Called once a process has exited and its pipes closed. */
  readonly afterExit?: (launch: ProcessLaunch, exit: ProcessExit) => void;
}

/** Builds a transport in which every `connect` subscription spawns one process (see `stdio`). */
export function createProcessTransport(config: ProcessTransportConfig): StdioTransport {
  const processes = new Subject<StdioProcess>();
  let current: ManagedProcess | undefined;
  const connect = (outbound$: Observable<OutboundFrame>): Observable<InboundFrame> =>
    new Observable<InboundFrame>((subscriber) => {
      const connection = new Subscription();
      let server: ManagedProcess | undefined;
      subscriber.add(connection);
      subscriber.add(() => {
        if (server !== undefined) shutDownProcess(server, config.graces);
      });
      server = new ManagedProcess(config.launch());
      current = server;
      follow(server, processes, config);
      connection.add(
        processConnection(server, outbound$, config.maxMessageBytes, config.exitError).subscribe({
          next: (frame) => subscriber.next(frame),
          error: (error: unknown) => subscriber.error(error),
          complete: () => subscriber.complete(),
        }),
      );
    });
  return {
    kind: config.kind,
    cancellation: 'notification',
    connect,
    processes$: processes.asObservable(),
    stderr$: processes.pipe(mergeMap((spawned) => spawned.stderr$)),
    health: () => ({ alive: current?.alive ?? false, pid: current?.pid }),
    checkHealth: () => {
      if (current === undefined) return { ok: true, detail: 'no process started yet' };
      return current.alive ? { ok: true, detail: `process ${current.pid ?? '?'} is running` } : { ok: false, detail: `process ${current.pid ?? '?'} has exited` };
    },
  };
}

function follow(server: ManagedProcess, processes: Subject<StdioProcess>, config: ProcessTransportConfig): void {
  server.spawned$.subscribe({
    next: (pid) => processes.next({ pid, stderr$: server.stderr$, exit$: server.exit$ }),
    error: () => undefined,
  });
  server.exit$.subscribe((exit) => config.afterExit?.(server.launch, exit));
}
