// One command of a shell, run inside the daemon on the session's connection, its output sent back as it is written.
import type { Socket } from 'node:net';
import type { ClientHandlers } from '../../index.js';
import { DEFAULT_CLIENT_INFO } from '../../client/client.js';
import { parseCommand, type Command } from '../command.js';
import type { Connection } from '../connection.js';
import { describeFailure, EXIT } from '../failure.js';
import type { CliInput, CliIo, CliStream } from '../io.js';
import { createOutput, type Output } from '../output.js';
import type { ProgressBar } from '../progress-bar.js';
import { createRun, type Run } from '../run-context.js';
import { homeOf } from '../target.js';
import { USAGE } from '../usage.js';
import { SessionUsageError } from './errors.js';
import { send, type ShellMessage } from './wire.js';

/** What the daemon borrows from `run.ts` (passed in, so that nothing here imports it). */
export interface VerbRunner {
  readonly runOnConnection: (run: Run, connection: Connection, bar?: { current: ProgressBar }) => Promise<number>;
  readonly runHandlers: (run: Run, bar: { current: ProgressBar }) => ClientHandlers;
}

/** Standard input of a forwarded run: the chunks the shell sends, until it says it ended. */
export interface ForwardedInput {
  readonly input: CliInput;
  push(data: string): void;
  end(): void;
}

export function forwardedInput(isTTY: boolean): ForwardedInput {
  const chunks: string[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const iterable: AsyncIterable<string> & { isTTY: boolean } = {
    isTTY,
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (chunks.length > 0) yield chunks.shift() as string;
        else if (ended) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
  const poke = (): void => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  return { input: iterable, push: (data) => (chunks.push(data), poke()), end: () => ((ended = true), poke()) };
}

type RunMessage = ShellMessage & { kind: 'run' };

const remoteStream = (socket: Socket, kind: 'out' | 'err', isTTY: boolean, columns: number | undefined): CliStream => ({
  write: (data: string) => send(socket, { kind, data }),
  isTTY,
  ...(columns === undefined ? {} : { columns }),
});

/** The command of a forwarded run: a verb that uses the session's server, with no server of its own. */
function forwardedCommand(argv: readonly string[], session: string): Command {
  const command = parseCommand(argv.length === 0 ? ['info'] : argv);
  if (command.target.kind !== 'none') throw new SessionUsageError(`@${session} names the server already: leave out the target (and anything after --)`);
  if (command.verb === 'servers') throw new SessionUsageError('servers reads configuration files and needs no session: run rxmcp servers');
  return command;
}

/** Runs one shell's command on the session's connection; resolves with its exit code, which was sent too. */
export async function runForwarded(socket: Socket, message: RunMessage, input: ForwardedInput, signal: AbortSignal, session: { name: string; connection: Connection; runner: VerbRunner }): Promise<number> {
  const env = message.env;
  const stdout = remoteStream(socket, 'out', message.stdoutTTY, message.columns);
  const stderr = remoteStream(socket, 'err', message.stderrTTY, message.columns);
  const io: CliIo = { env, cwd: message.cwd, home: homeOf(env), stdin: input.input, stdout, stderr, signal, interactive: false };
  let out: Output = createOutput(stdout, stderr, env, message.argv.includes('--json'));
  let code: number;
  try {
    const command = forwardedCommand(message.argv, session.name);
    out = createOutput(stdout, stderr, env, command.options.json);
    if (command.help || command.version) {
      out.line(command.help ? USAGE.trimEnd() : DEFAULT_CLIENT_INFO.version);
      code = EXIT.ok;
    } else {
      const run = createRun(io, command, { env, cwd: message.cwd, home: homeOf(env), platform: process.platform }, out);
      code = await session.runner.runOnConnection(run, session.connection);
    }
  } catch (error) {
    const failure = describeFailure(error, { phase: 'setup' });
    out.fail(SessionUsageError.is(error) ? { exitCode: EXIT.usage, step: 'session', message: (error as Error).message } : failure);
    code = SessionUsageError.is(error) ? EXIT.usage : failure.exitCode;
  }
  send(socket, { kind: 'exit', code });
  socket.end();
  return code;
}
