// `rxmcp connect <name> <target>`: starts a session's daemon, or reuses the one running for that target.
import { concatMap, filter, firstValueFrom, from, map, race, take, timeout, timer } from 'rxjs';
import { EXIT, type Failure } from '../failure.js';
import type { CliIo } from '../io.js';
import type { Output } from '../output.js';
import { resolveTarget } from '../target.js';
import { connectArgs } from './connect-args.js';
import { SessionUsageError } from './errors.js';
import { sessionsDir } from './paths.js';
import { placeOf } from './place.js';
import { probe, type Probe } from './probe.js';
import { logTail, startDaemon } from './spawn.js';
import type { SessionStatus } from './wire.js';

/** How often `connect` asks a new daemon how far it got. */
const POLL_MS = 100;
/** How long `connect` waits for a new daemon's first connection (beyond the connection's own bound). */
const START_WAIT_MS = 60_000;

/** One line about a session, as `connect` prints it. */
export function sessionLine(status: SessionStatus): string {
  const server = status.server === undefined ? status.target : `${status.server.name} ${status.server.version}`;
  return `session ${status.name}: ${status.state} to ${server}${status.revision === undefined ? '' : ` (${status.revision})`}; use it as rxmcp @${status.name} <verb>`;
}

/** Waits until a new daemon is past connecting (or ended). */
async function settled(dir: string, name: string, exited: Promise<number | null>): Promise<Probe | 'ended'> {
  const polls = timer(0, POLL_MS).pipe(
    concatMap(() => from(probe(dir, name, POLL_MS * 20))),
    filter((found) => found.kind === 'running' && found.status.state !== 'connecting'),
    take(1),
  );
  return firstValueFrom(race(polls, from(exited).pipe(map(() => 'ended' as const))).pipe(timeout(START_WAIT_MS)));
}

function report(out: Output, status: SessionStatus, reused: boolean): number {
  if (out.json) out.value({ session: status, reused });
  else out.line(`${sessionLine(status)}${reused ? ' (already running)' : ''}`);
  return EXIT.ok;
}

/** Runs `rxmcp connect <args…>`; resolves with the exit code. */
export async function connectVerb(argv: readonly string[], io: CliIo, out: Output): Promise<number> {
  const args = connectArgs(argv);
  const place = placeOf(io);
  const dir = (await sessionsDir(place, true)) as string;
  const target = await resolveTarget(args.command, place);
  const found = await probe(dir, args.name);
  if (found.kind === 'running') {
    if (found.status.target !== target.label) throw new SessionUsageError(`Session "${args.name}" holds ${found.status.target}, not ${target.label}: rxmcp disconnect ${args.name} first`);
    return report(out, found.status, true);
  }
  if (found.kind === 'silent') throw new SessionUsageError(`Session "${args.name}" exists but its daemon does not answer: rxmcp disconnect ${args.name}`);
  const daemon = await startDaemon(dir, args.name, argv, place);
  const outcome = await settled(dir, args.name, daemon.exited);
  if (outcome !== 'ended' && outcome.kind === 'running' && outcome.status.failure === undefined) return report(out, outcome.status, false);
  const failure: Failure = outcome !== 'ended' && outcome.kind === 'running' && outcome.status.failure !== undefined
    ? outcome.status.failure
    : { exitCode: EXIT.unreachable, step: 'session', message: `The daemon of session "${args.name}" ended before it connected`, details: { stderr: await logTail(dir, args.name) } };
  out.fail(failure);
  return failure.exitCode;
}
