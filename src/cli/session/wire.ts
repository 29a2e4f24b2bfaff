// The messages between `rxmcp @name …` and a session's daemon: one JSON object per line over the Unix socket.
import { connect, type Socket } from 'node:net';
import { Observable } from 'rxjs';
import type { Failure } from '../failure.js';

/** What a shell asks of the daemon. */
export type ShellMessage =
  | {
      /** Run a verb on the session's connection, as `rxmcp <verb> …` would. */
      readonly kind: 'run';
      readonly argv: readonly string[];
      readonly env: Readonly<Record<string, string | undefined>>;
      readonly cwd: string;
      readonly stdoutTTY: boolean;
      readonly stderrTTY: boolean;
      readonly columns: number | undefined;
    }
  | { readonly kind: 'stdin'; readonly data: string }
  | { readonly kind: 'stdin-end' }
  | { readonly kind: 'interrupt' }
  | { readonly kind: 'status' }
  | { readonly kind: 'stop' };

/** Where a session stands, as `rxmcp sessions` shows it. */
export interface SessionStatus {
  readonly name: string;
  readonly pid: number;
  readonly target: string;
  readonly state: 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'failed';
  /** The server's name and version, once negotiated. */
  readonly server?: { readonly name: string; readonly version: string };
  /** The negotiated protocol revision. */
  readonly revision?: string;
  /** How many reconnections healed the session so far. */
  readonly reconnections: number;
  /** Milliseconds since the last command ended (0 while one runs). */
  readonly idleMs: number;
  /** The daemon ends after this much idle time. */
  readonly idleLimitMs: number;
  /** The names of the server's tools, as last listed. */
  readonly tools: readonly string[];
  /** Why connecting failed (state `failed`). */
  readonly failure?: Failure;
}

/** What the daemon answers. */
export type DaemonMessage =
  | { readonly kind: 'out'; readonly data: string }
  | { readonly kind: 'err'; readonly data: string }
  | { readonly kind: 'exit'; readonly code: number }
  | { readonly kind: 'status'; readonly status: SessionStatus }
  | { readonly kind: 'stopping' };

/** Writes one message. */
export function send(socket: Socket, message: ShellMessage | DaemonMessage): void {
  if (!socket.destroyed && socket.writable) socket.write(`${JSON.stringify(message)}\n`);
}

/** Calls `handle` with each message that arrives on `socket`; a line that is not JSON is skipped. */
export function onMessages<T>(socket: Socket, handle: (message: T) => void): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n');
    while (end !== -1) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      end = buffer.indexOf('\n');
      let message: T;
      try {
        message = JSON.parse(line) as T;
      } catch {
        continue;
      }
      handle(message);
    }
  });
}

/**
 * The daemon's answers to `first`, sent on a new connection to `path`, and the socket to send more on.
 *
 * - **Temperature:** cold (each subscription connects). **Emits:** each message of the daemon.
 * - **Completes:** when the daemon closes the connection. **Errors:** with the socket's error (`ENOENT`,
 *   `ECONNREFUSED`, ...). **Teardown:** closes the connection.
 */
export function exchange(path: string, first: ShellMessage, opened: (socket: Socket) => void = () => undefined): Observable<DaemonMessage> {
  return new Observable<DaemonMessage>((subscriber) => {
    const socket = connect(path);
    socket.on('connect', () => {
      send(socket, first);
      opened(socket);
    });
    onMessages<DaemonMessage>(socket, (message) => subscriber.next(message));
    socket.on('error', (error) => subscriber.error(error));
    socket.on('close', () => subscriber.complete());
    return () => socket.destroy();
  });
}
