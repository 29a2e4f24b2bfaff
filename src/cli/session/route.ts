// The words of sessions and completion, taken before the command line is parsed as a server's verb:
// `rxmcp @name …`, `rxmcp connect|disconnect|sessions|completion …`, and the daemon's hidden word.
import { parseCommand, type TargetRequest } from '../command.js';
import { describeFailure } from '../failure.js';
import type { CliIo, CliStream } from '../io.js';
import { createOutput } from '../output.js';
import { attach } from './attach.js';
import { completionVerb } from './completion.js';
import { connectVerb } from './connect.js';
import { runDaemon } from './daemon.js';
import { sessionFailure } from './errors.js';
import type { VerbRunner } from './forwarded.js';
import { disconnectVerb, sessionsVerb } from './manage.js';
import { DAEMON_WORD } from './spawn.js';

const WORDS = ['connect', 'disconnect', 'sessions', 'completion', DAEMON_WORD];

/** The session a command line names as its target (`rxmcp @name tools`, `rxmcp --json tools @name`), if any. */
export function sessionTarget(argv: readonly string[]): string | undefined {
  let target: TargetRequest;
  try {
    target = parseCommand(argv).target;
  } catch {
    return undefined;
  }
  return target.kind === 'config' && target.file === undefined && target.server?.startsWith('@') === true ? target.server : undefined;
}

/** The Inspector's `--completion <shell>` (with or without `--cli`) as `completion <shell>`; else `argv` itself. */
function completionSpelling(argv: readonly string[]): readonly string[] {
  const at = argv.indexOf('--completion');
  return at < 0 || WORDS.includes(argv[0] ?? '') ? argv : ['completion', ...argv.slice(at + 1, at + 2)];
}

/**
 * True when the command line is one of sessions or completion: its first word, the Inspector's `--completion`, or
 * a target `@name`.
 */
export function isSessionCommand(argv: readonly string[]): boolean {
  return WORDS.includes(argv[0] ?? '') || argv.includes('--completion') || sessionTarget(argv) !== undefined;
}

const withoutFirst = (argv: readonly string[], word: string): string[] => {
  const at = argv.indexOf(word);
  return [...argv.slice(0, at), ...argv.slice(at + 1)];
};

async function dispatch(argv: readonly string[], io: CliIo, stdout: CliStream, stderr: CliStream, runner: VerbRunner): Promise<number> {
  const session = WORDS.includes(argv[0] ?? '') ? undefined : sessionTarget(argv);
  if (session !== undefined) return attach(session.slice(1), withoutFirst(argv, session), io, stdout, stderr);
  const [first = '', ...rest] = argv;
  const out = createOutput(stdout, stderr, io.env ?? {}, rest.includes('--json'));
  if (first === DAEMON_WORD) return runDaemon(rest, { ...io, stderr }, runner);
  if (first === 'connect') return connectVerb(rest.filter((arg) => arg !== '--json'), io, out);
  if (first === 'disconnect') return disconnectVerb(rest.filter((arg) => arg !== '--json'), io, out);
  if (first === 'sessions') return sessionsVerb(io, out);
  return completionVerb(rest, io, out);
}

/**
 * Runs a command of sessions or completion (see `isSessionCommand`); resolves with its exit code. Errors are
 * reported on `stderr` like any other run's. `runner` is how the daemon runs a shell's verb (from `run.ts`).
 */
export async function runSessionCommand(argv: readonly string[], io: CliIo, stdout: CliStream, stderr: CliStream, runner: VerbRunner): Promise<number> {
  try {
    return await dispatch(completionSpelling(argv), io, stdout, stderr, runner);
  } catch (error) {
    const failure = sessionFailure(error) ?? describeFailure(error, { phase: 'setup' });
    createOutput(stdout, stderr, io.env ?? {}, argv.includes('--json')).fail(failure);
    return failure.exitCode;
  }
}
