// Reaching a session's daemon from a shell: is it there, what is its state, and cleaning up after a dead one.
import { catchError, filter, firstValueFrom, map, of, timeout, type Observable } from 'rxjs';
import { removeSession, socketNames, socketPath } from './paths.js';
import { exchange, type SessionStatus } from './wire.js';

/** How long a daemon may take to answer a status query. */
export const STATUS_WAIT_MS = 5000;

/** What a shell finds of a session. */
export type Probe =
  | { readonly kind: 'running'; readonly status: SessionStatus }
  /** No socket. */
  | { readonly kind: 'absent' }
  /** A socket nobody listens on: its daemon died. The socket is removed. */
  | { readonly kind: 'stale' }
  /** A daemon that does not answer in time. */
  | { readonly kind: 'silent' };

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * The status of session `name`, with a dead daemon's socket cleaned away.
 *
 * - **Temperature:** cold. **Emits:** one `Probe`. **Completes:** after it. **Errors:** never (a socket error other
 *   than a missing or refused socket is `silent`). **Teardown:** closes the connection.
 */
export function probe$(dir: string, name: string, ms = STATUS_WAIT_MS): Observable<Probe> {
  return exchange(socketPath(dir, name), { kind: 'status' }).pipe(
    filter((message) => message.kind === 'status'),
    map((message): Probe => ({ kind: 'running', status: (message as { status: SessionStatus }).status })),
    timeout(ms),
    catchError((error: unknown) => of<Probe>(codeOf(error) === 'ENOENT' ? { kind: 'absent' } : codeOf(error) === 'ECONNREFUSED' ? { kind: 'stale' } : { kind: 'silent' })),
  );
}

/** `probe$`, with the socket of a dead daemon removed. */
export async function probe(dir: string, name: string, ms = STATUS_WAIT_MS): Promise<Probe> {
  const found = await firstValueFrom(probe$(dir, name, ms), { defaultValue: { kind: 'absent' } as Probe });
  if (found.kind === 'stale') await removeSession(dir, name);
  return found;
}

/** The sessions in `dir` and what each is; dead ones are cleaned away (and reported as `stale`). */
export async function probeAll(dir: string): Promise<{ readonly name: string; readonly probe: Probe }[]> {
  const names = await socketNames(dir);
  return Promise.all(names.map(async (name) => ({ name, probe: await probe(dir, name) })));
}

/** The names of the sessions whose daemons answer. */
export async function runningNames(dir: string | undefined): Promise<string[]> {
  if (dir === undefined) return [];
  return (await probeAll(dir)).filter((entry) => entry.probe.kind === 'running').map((entry) => entry.name);
}
