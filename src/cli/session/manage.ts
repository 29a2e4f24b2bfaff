// `rxmcp sessions` and `rxmcp disconnect <name>`.
import { filter, firstValueFrom, lastValueFrom, takeWhile, timeout, timer } from 'rxjs';
import { existsSync } from 'node:fs';
import { EXIT } from '../failure.js';
import type { CliIo } from '../io.js';
import type { Output } from '../output.js';
import { UnknownSessionError } from './errors.js';
import { sessionName, sessionsDir, socketPath } from './paths.js';
import { placeOf } from './place.js';
import { probe, probeAll, runningNames } from './probe.js';
import { exchange, type SessionStatus } from './wire.js';

/** How long `disconnect` waits for the daemon to remove its socket. */
const STOP_WAIT_MS = 5000;

const seconds = (ms: number): string => (ms < 60_000 ? `${Math.round(ms / 1000)}s` : `${Math.round(ms / 60_000)}m`);

function row(status: SessionStatus): string[] {
  const server = status.server === undefined ? '-' : `${status.server.name} ${status.server.version}`;
  const healed = status.reconnections === 0 ? '' : ` (reconnected ${status.reconnections}×)`;
  return [status.name, `${status.state}${healed}`, server, status.revision ?? '-', `${seconds(status.idleMs)}/${seconds(status.idleLimitMs)}`, status.target];
}

function table(rows: readonly string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((cells) => (cells[column] ?? '').length))) ?? [];
  return rows.map((cells) => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ')).join('\n');
}

/** Runs `rxmcp sessions`: every running session with its state; sockets of dead daemons are removed. */
export async function sessionsVerb(io: CliIo, out: Output): Promise<number> {
  const dir = await sessionsDir(placeOf(io), false);
  const found = dir === undefined ? [] : await probeAll(dir);
  const running = found.flatMap((entry) => (entry.probe.kind === 'running' ? [entry.probe.status] : []));
  for (const entry of found) {
    if (entry.probe.kind === 'stale') out.note(`removed the socket of session "${entry.name}": its daemon is gone`);
    if (entry.probe.kind === 'silent') out.note(`session "${entry.name}" does not answer`);
  }
  if (out.json) out.value({ sessions: running });
  else if (running.length === 0) out.line('no session is running (rxmcp connect <name> <target> starts one)');
  else out.line(table([['NAME', 'STATE', 'SERVER', 'REVISION', 'IDLE', 'TARGET'], ...running.map(row)]));
  return EXIT.ok;
}

/** Runs `rxmcp disconnect <name>`: the daemon closes the connection (a spawned server ends) and removes its socket. */
export async function disconnectVerb(argv: readonly string[], io: CliIo, out: Output): Promise<number> {
  const name = sessionName(argv[0]);
  const dir = await sessionsDir(placeOf(io), false);
  const found = dir === undefined ? ({ kind: 'absent' } as const) : await probe(dir, name);
  if (dir === undefined || found.kind === 'absent' || found.kind === 'stale') throw new UnknownSessionError(name, await runningNames(dir), found.kind === 'stale');
  const path = socketPath(dir, name);
  await lastValueFrom(exchange(path, { kind: 'stop' }), { defaultValue: undefined }).catch(() => undefined);
  await firstValueFrom(timer(0, 50).pipe(takeWhile(() => existsSync(path), true), filter(() => !existsSync(path)), timeout(STOP_WAIT_MS))).catch(() => undefined);
  if (out.json) out.value({ disconnected: name });
  else out.line(`session ${name}: disconnected`);
  return EXIT.ok;
}
