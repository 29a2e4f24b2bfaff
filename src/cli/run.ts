import { asyncScheduler, Subscription } from 'rxjs';
import { DEFAULT_CLIENT_INFO } from '../client/client.js';
import type { ClientHandlers } from '../index.js';
import { parseCommand, type Command } from './command.js';
import { openConnection, type Connection } from './connection.js';
import { describeFailure, EXIT } from './failure.js';
import { cliHandlers } from './handlers.js';
import { collectingStream, type CliIo, type CliResult, type CliStream } from './io.js';
import { createOutput, type OutputMode } from './output.js';
import { NO_PROGRESS_BAR, type ProgressBar } from './progress-bar.js';
import { createRun, type Run } from './run-context.js';
import { homeOf, resolveTarget, type Place } from './target.js';
import { USAGE } from './usage.js';
import { callVerb } from './verbs/call.js';
import { infoVerb, listVerb, pingVerb, setLevelVerb } from './verbs/catalog.js';
import { completeVerb, promptVerb, readVerb } from './verbs/content.js';
import { serversVerb } from './verbs/servers.js';
import { isSessionCommand, runSessionCommand } from './session/route.js';
import { isUiCommand, runUiCommand } from './ui/verb.js';
import { cardVerb } from './verbs/card.js';
import { skillsVerb } from './verbs/skills.js';
import { eventsVerb } from './verbs/events.js';
import { tasksVerb, withTaskTarget } from './verbs/tasks.js';
import { openRecording, recordVerb } from './verbs/record.js';
import { typesVerb } from './verbs/types.js';
import { watchVerb } from './verbs/watch.js';
import { connectionEvents, watchStream, type WatchStream } from './verbs/watch-events.js';

function placeOf(io: CliIo): Place {
  const env = io.env ?? {};
  return { env, cwd: io.cwd ?? process.cwd(), home: io.home ?? homeOf(env), platform: io.platform ?? process.platform };
}

const now = (): number => asyncScheduler.now();

/**
 * Server log messages (and, with `--verbose`, stderr lines and frames) on stderr while a verb runs; none with `--json`.
 * The frame tap is subscribed first: subscribing to the logs opens the connection, and its first frame goes out then.
 */
function chatter(run: Run, connection: Connection): Subscription {
  const watching = new Subscription();
  if (run.out.json) return watching;
  const { errStyle } = run.out;
  if (run.command.options.verbose) {
    const stream = watchStream({ line: run.out.note, style: errStyle }, false, now);
    const events = connectionEvents(connection, { frames: true, state: false });
    watching.add(events.subscribe((event) => (event.kind === 'stderr' || event.kind === 'frame' ? stream.emit(event) : undefined)));
  }
  watching.add(
    connection.client.notifications.logs$().subscribe((log) => {
      const data = typeof log.data === 'string' ? log.data : JSON.stringify(log.data);
      run.out.note(errStyle('dim', `[${log.level}]${log.logger === undefined ? '' : ` ${log.logger}`} ${data}`));
    }),
  );
  return watching;
}

/** `call --watch`: the NDJSON stream on stdout, fed from the connection's events. */
function callStream(run: Run, connection: Connection): { stream: WatchStream | undefined; watching: Subscription } {
  if (run.command.verb !== 'call' || !run.command.options.watch) return { stream: undefined, watching: chatter(run, connection) };
  const stream = watchStream({ line: run.out.line, style: run.out.style }, true, now);
  const events = connectionEvents(connection, { frames: run.command.options.frames, state: false });
  return { stream, watching: events.subscribe((event) => stream.emit(event)) };
}

async function verbOf(run: Run, connection: Connection, bar: { current: ProgressBar }, stream: WatchStream | undefined): Promise<number> {
  const server = await connection.connect();
  switch (run.command.verb) {
    case 'info':
      return infoVerb(run, connection, server);
    case 'tools':
    case 'resources':
    case 'templates':
    case 'prompts':
      return listVerb(run, connection, run.command.verb);
    case 'call': {
      const drawBar = stream === undefined && !run.out.json && run.out.errIsTerminal;
      return callVerb(run, connection, { stream, bar: drawBar, barInUse: (current) => (bar.current = current) });
    }
    case 'read':
      return readVerb(run, connection);
    case 'prompt':
      return promptVerb(run, connection);
    case 'complete':
      return completeVerb(run, connection);
    case 'ping':
      return pingVerb(run, connection, server);
    case 'set-level':
      return setLevelVerb(run, connection, server, run.command.options.logLevel ?? run.command.operands[0]);
    case 'skills':
      return skillsVerb(run, connection);
    case 'events':
      return eventsVerb(run, connection);
    case 'types':
      return typesVerb(run, connection);
    case 'tasks':
      return tasksVerb(run, connection, run.taskReference, run.taskSession === undefined
        ? undefined
        : () => openConnection(connection.target, run.command, { ...run, taskSession: undefined }, runHandlers(run, bar)));
    default:
      return EXIT.usage;
  }
}

/** The handlers of a run's client (elicitation, sampling, roots), prompting around the progress bar in `bar`. */
export function runHandlers(run: Run, bar: { current: ProgressBar }): ClientHandlers {
  return cliHandlers({
    options: run.command.options, out: run.out, cwd: run.place.cwd, env: run.place.env, interactive: run.interactive,
    lines: run.lines, prompting: (active) => bar.current.hold(active),
  });
}

/** Runs the verb of `run` on `connection`, which stays open (a session's daemon keeps it for the next run). */
export async function runOnConnection(run: Run, connection: Connection, bar: { current: ProgressBar } = { current: NO_PROGRESS_BAR }): Promise<number> {
  const { stream, watching } = run.command.verb === 'watch' ? { stream: undefined, watching: new Subscription() } : callStream(run, connection);
  try {
    return await dispatch(run, connection, bar, stream);
  } catch (error) {
    return run.out.fail(describeFailure(error, connection.context(connection.server() === undefined ? 'connect' : 'request')));
  } finally {
    watching.unsubscribe();
  }
}

/** The verb of a run over its connection: `watch` and `record` are verbs of their own. */
function dispatch(run: Run, connection: Connection, bar: { current: ProgressBar }, stream: WatchStream | undefined): Promise<number> {
  if (run.command.verb === 'watch') return watchVerb(run, connection);
  if (run.command.verb === 'record') return recordVerb(run, connection, (step) => verbOf(step, connection, bar, undefined));
  return verbOf(run, connection, bar, stream);
}

/** Runs a verb that talks to a server: one connection, closed (and a spawned server gone) before it returns. */
async function connected(run: Run): Promise<number> {
  const target = await resolveTarget(run.command, run.place);
  const recording = run.command.verb === 'record' ? await openRecording(run) : undefined;
  const bar = { current: NO_PROGRESS_BAR };
  let connection: Connection;
  try {
    connection = openConnection(target, run.command, run, runHandlers(run, bar), recording?.wrap);
  } catch (error) {
    await recording?.close();
    throw error;
  }
  try {
    return await runOnConnection(run, connection, bar);
  } finally {
    await connection.close();
    await recording?.close();
  }
}

async function execute(argv: readonly string[], io: CliIo, stdout: CliStream, stderr: CliStream): Promise<number> {
  const env = io.env ?? {};
  if (isUiCommand(argv)) return runUiCommand(argv, io, stdout, stderr);
  if (isSessionCommand(argv)) return runSessionCommand(argv, io, stdout, stderr, { runOnConnection, runHandlers });
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    return createOutput(stdout, stderr, env, argv.includes('--json'), inspectorMode(argv)).fail(describeFailure(error, { phase: 'setup' }));
  }
  const { options } = command;
  const out = createOutput(stdout, stderr, env, options.json, { inspector: options.inspector, quiet: options.quiet, output: options.output });
  if (command.help || command.version) {
    out.line(command.help ? USAGE.trimEnd() : DEFAULT_CLIENT_INFO.version);
    return EXIT.ok;
  }
  const run = createRun(io, command, placeOf(io), out);
  try {
    if (command.verb === 'card') return await cardVerb(run);
    if (command.verb === 'tasks') {
      const { command: resolved, reference, session } = await withTaskTarget(command, run.place.cwd);
      return await connected({ ...run, command: resolved, taskReference: reference, ...(session === undefined ? {} : { taskSession: session }) });
    }
    return command.verb === 'servers' ? await serversVerb(run) : await connected(run);
  } catch (error) {
    return out.fail(describeFailure(error, { phase: 'setup' }));
  }
}

/** The Inspector's output for a command line that could not be understood, when it asked for it. */
function inspectorMode(argv: readonly string[]): OutputMode {
  if (argv.some((arg) => arg === '--format=json') || argv.join(' ').includes('--format json')) return { inspector: 'json' };
  return argv.includes('--cli') || argv.includes('--format') ? { inspector: 'text' } : {};
}

/**
 * Runs the `rxmcp` command line tool once, in this process: `argv` without the node and script names. Everything it
 * touches comes from `io` (environment, folders, standard streams, Ctrl-C as an `AbortSignal`); what it wrote to
 * standard output and standard error comes back in the result unless `io` gave streams for them. Never rejects:
 * every failure is reported on standard error and in `exitCode` (0 ok, 1 usage, 3 authorization, 4 unreachable,
 * 5 tool error or not found, 130 interrupted).
 */
export async function runCli(argv: readonly string[], io: CliIo = {}): Promise<CliResult> {
  const stdout = io.stdout ?? collectingStream();
  const stderr = io.stderr ?? collectingStream();
  const exitCode = await execute(argv, io, stdout, stderr);
  const text = (stream: CliStream): string => ('text' in stream && typeof stream.text === 'function' ? (stream.text as () => string)() : '');
  return { exitCode, stdout: io.stdout === undefined ? text(stdout) : '', stderr: io.stderr === undefined ? text(stderr) : '' };
}
