// The background process of a session: one client kept connected (it re-opens a lost connection by itself), a Unix
// socket private to the user, and the commands of every shell that reaches it run on that one connection.
import { chmod, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { take, timer } from 'rxjs';
import { openConnection, type Connection } from '../connection.js';
import { describeFailure, type Failure } from '../failure.js';
import { collectingStream, type CliIo } from '../io.js';
import { createOutput } from '../output.js';
import { NO_PROGRESS_BAR } from '../progress-bar.js';
import { createRun } from '../run-context.js';
import { resolveTarget } from '../target.js';
import { connectArgs, type ConnectArgs } from './connect-args.js';
import { forwardedInput, runForwarded, type VerbRunner } from './forwarded.js';
import { placeOf } from './place.js';
import { filePath, removeSession, sessionsDir, socketPath, type SessionFile } from './paths.js';
import { activity, trackClient, type Activity, type Tracker } from './tracker.js';
import { onMessages, send, type SessionStatus, type ShellMessage } from './wire.js';

/** How long a daemon whose first connection failed waits for `connect` to ask why. */
const FAILED_GRACE_MS = 10_000;

/** Everything a running daemon holds. */
interface Daemon {
  readonly args: ConnectArgs;
  readonly dir: string;
  readonly connection: Connection;
  readonly tracker: Tracker;
  readonly activity: Activity;
  readonly runner: VerbRunner;
  failure: Failure | undefined;
  stop(): void;
}

function statusOf(daemon: Daemon): SessionStatus {
  return {
    name: daemon.args.name, pid: process.pid, target: daemon.connection.target.label, ...daemon.tracker.status(),
    ...(daemon.failure === undefined ? {} : { state: 'failed' as const, failure: daemon.failure }),
    idleMs: daemon.activity.idleMs(), idleLimitMs: daemon.args.idleMs,
  };
}

/** One shell's connection to the socket: a status query, a stop, or a command with its input and Ctrl-C. */
function serveShell(daemon: Daemon, socket: Socket): void {
  const interrupt = new AbortController();
  const input = forwardedInput(false);
  socket.on('close', () => {
    interrupt.abort();
    input.end();
  });
  socket.on('error', () => undefined);
  onMessages<ShellMessage>(socket, (message) => {
    if (message.kind === 'status') {
      send(socket, { kind: 'status', status: statusOf(daemon) });
      socket.end();
      if (daemon.failure !== undefined) daemon.stop();
    } else if (message.kind === 'stop') {
      send(socket, { kind: 'stopping' });
      socket.end();
      daemon.stop();
    } else if (message.kind === 'stdin') input.push(message.data);
    else if (message.kind === 'stdin-end') input.end();
    else if (message.kind === 'interrupt') interrupt.abort();
    else if (message.kind === 'run') {
      daemon.activity.begin();
      void runForwarded(socket, message, input, interrupt.signal, { name: daemon.args.name, connection: daemon.connection, runner: daemon.runner })
        .finally(() => daemon.activity.end());
    }
  });
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function firstConnect(daemon: Daemon): Promise<void> {
  try {
    await daemon.connection.connect();
    daemon.tracker.keepAlive();
  } catch (error) {
    daemon.failure = describeFailure(error, daemon.connection.context('connect'));
    // `connect` asks for the status and so learns the failure; nobody asking, the daemon ends all the same.
    timer(FAILED_GRACE_MS).subscribe(() => daemon.stop());
  }
}

/** Runs the daemon of `rxmcp connect <args…>` until it is stopped or idle; resolves with its exit code. */
export async function runDaemon(argv: readonly string[], io: CliIo, runner: VerbRunner): Promise<number> {
  const place = placeOf(io);
  const dir = (await sessionsDir(place, true)) as string;
  const args = connectArgs(argv);
  const log = io.stderr ?? collectingStream();
  const out = createOutput(log, log, place.env, false);
  const run = createRun({ ...io, interactive: false }, args.command, place, out);
  const target = await resolveTarget(args.command, place);
  const connection = openConnection(target, args.command, run, runner.runHandlers(run, { current: NO_PROGRESS_BAR }));
  const server = createServer();
  return new Promise<number>((resolve, reject) => {
    let stopped = false;
    const daemon: Daemon = {
      args, dir, connection, runner, tracker: trackClient(connection.client), activity: activity(args.idleMs), failure: undefined,
      stop: () => {
        if (stopped) return;
        stopped = true;
        server.close();
        daemon.tracker.stop();
        void removeSession(dir, args.name).then(() => connection.close()).then(() => resolve(daemon.failure?.exitCode ?? 0));
      },
    };
    server.on('connection', (socket) => serveShell(daemon, socket));
    // `kill <pid>` ends the daemon as disconnect does: the server closed, the socket removed.
    process.once('SIGTERM', () => daemon.stop());
    daemon.activity.idle$.pipe(take(1)).subscribe(() => daemon.stop());
    void start(daemon, server).catch(reject);
  });
}

async function start(daemon: Daemon, server: Server): Promise<void> {
  const { dir, args } = daemon;
  const path = socketPath(dir, args.name);
  await rm(path, { force: true });
  await listen(server, path);
  await chmod(path, 0o600);
  const file: SessionFile = { name: args.name, pid: process.pid, target: daemon.connection.target.label, argv: args.rest };
  await writeFile(filePath(dir, args.name), `${JSON.stringify(file)}\n`, { mode: 0o600 });
  await firstConnect(daemon);
}
