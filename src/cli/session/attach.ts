// `rxmcp @name <verb> …`: the command runs in the session's daemon; its output, exit code and Ctrl-C pass through.
import type { Socket } from 'node:net';
import { lastValueFrom, tap } from 'rxjs';
import { EXIT } from '../failure.js';
import type { CliInput, CliIo, CliStream } from '../io.js';
import { createOutput } from '../output.js';
import { UnknownSessionError } from './errors.js';
import { removeSession, sessionName, sessionsDir, socketPath } from './paths.js';
import { placeOf } from './place.js';
import { runningNames } from './probe.js';
import { exchange, send, type DaemonMessage } from './wire.js';

/** Sends standard input to the daemon (nothing from a terminal: a session's commands do not prompt). */
async function forwardInput(socket: Socket, stdin: CliInput | undefined): Promise<void> {
  if (stdin !== undefined && typeof stdin !== 'string' && stdin.isTTY !== true) {
    const decoder = new TextDecoder();
    for await (const chunk of stdin) {
      if (socket.destroyed) return;
      send(socket, { kind: 'stdin', data: typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }) });
    }
  } else if (typeof stdin === 'string') {
    send(socket, { kind: 'stdin', data: stdin });
  }
  send(socket, { kind: 'stdin-end' });
}

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** Turns a socket that is missing or dead into `UnknownSessionError` (a dead daemon's socket is removed). */
async function unknownSession(error: unknown, dir: string, name: string): Promise<never> {
  const code = codeOf(error);
  if (code === 'ECONNREFUSED') await removeSession(dir, name);
  if (code === 'ENOENT' || code === 'ECONNREFUSED') throw new UnknownSessionError(name, await runningNames(dir), code === 'ECONNREFUSED');
  throw error;
}

/** Runs `argv` (the words after `@name`) in session `name`; resolves with the exit code of the command. */
export async function attach(name: string, argv: readonly string[], io: CliIo, stdout: CliStream, stderr: CliStream): Promise<number> {
  sessionName(name);
  const place = placeOf(io);
  const dir = await sessionsDir(place, false);
  if (dir === undefined) throw new UnknownSessionError(name, []);
  let code: number | undefined;
  let socket: Socket | undefined;
  const interrupt = (): void => void (socket === undefined ? undefined : send(socket, { kind: 'interrupt' }));
  io.signal?.addEventListener('abort', interrupt);
  const message = {
    kind: 'run' as const, argv, env: place.env, cwd: place.cwd, stdoutTTY: stdout.isTTY === true, stderrTTY: stderr.isTTY === true,
    columns: stderr.columns ?? stdout.columns,
  };
  const shown = (answer: DaemonMessage): void => {
    if (answer.kind === 'out') stdout.write(answer.data);
    else if (answer.kind === 'err') stderr.write(answer.data);
    else if (answer.kind === 'exit') code = answer.code;
  };
  const opened = (open: Socket): void => {
    socket = open;
    if (io.signal?.aborted === true) interrupt();
    void forwardInput(open, io.stdin).catch(() => undefined);
  };
  try {
    await lastValueFrom(exchange(socketPath(dir, name), message, opened).pipe(tap(shown)), { defaultValue: undefined });
  } catch (error) {
    if (socket === undefined) return unknownSession(error, dir, name);
  } finally {
    io.signal?.removeEventListener('abort', interrupt);
  }
  if (code === undefined) {
    const failure = { exitCode: EXIT.unreachable, step: 'session' as const, message: `The daemon of session "${name}" ended before the command did` };
    createOutput(stdout, stderr, place.env, argv.includes('--json')).fail(failure);
    return failure.exitCode;
  }
  return code;
}
