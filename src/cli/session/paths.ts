// Where sessions live: one Unix socket and one small description file per session, in a folder private to the user.
import { lstat, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { homeOf, type Place } from '../target.js';
import { SessionDirError, SessionUsageError } from './errors.js';

/** What a daemon writes beside its socket when it starts. */
export interface SessionFile {
  readonly name: string;
  readonly pid: number;
  /** The target as the user named it (for messages and for `connect` reusing a session). */
  readonly target: string;
  /** The command line of `connect` after the name, which the daemon was started with. */
  readonly argv: readonly string[];
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Checks a session name (letters, digits, `.`, `_`, `-`; it becomes a file name). */
export function sessionName(name: string | undefined): string {
  if (name === undefined || name === '') throw new SessionUsageError('Name the session: rxmcp connect <name> <target>');
  if (!NAME.test(name)) throw new SessionUsageError(`"${name}" cannot name a session: use letters, digits, ".", "_" and "-" (up to 64, not starting with a sign)`);
  return name;
}

/** The folder of the sockets: `RXMCP_SESSIONS_DIR`, else `$XDG_RUNTIME_DIR/rxmcp`, else `~/.rxmcp/sessions`. */
export function sessionsDirOf(place: Place): string {
  const env = place.env;
  if (env['RXMCP_SESSIONS_DIR']) return env['RXMCP_SESSIONS_DIR'];
  if (env['XDG_RUNTIME_DIR']) return join(env['XDG_RUNTIME_DIR'], 'rxmcp');
  return join(homeOf(env), '.rxmcp', 'sessions');
}

/** Refuses a folder that is a link, not ours, or open to others. */
async function checkPrivate(dir: string): Promise<void> {
  const stat = await lstat(dir);
  if (stat.isSymbolicLink()) throw new SessionDirError(dir, 'is a symbolic link');
  if (!stat.isDirectory()) throw new SessionDirError(dir, 'is not a folder');
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) throw new SessionDirError(dir, `belongs to another user (uid ${stat.uid})`);
  const mode = stat.mode & 0o777;
  if ((mode & 0o077) !== 0) throw new SessionDirError(dir, `is open to others (mode ${mode.toString(8).padStart(4, '0')})`);
}

/** The sessions folder, made (mode 0700) when missing and checked to be private. Errors with `SessionDirError`. */
export async function sessionsDir(place: Place, create: boolean): Promise<string | undefined> {
  const dir = sessionsDirOf(place);
  if (create) await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await checkPrivate(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return dir;
}

/** The socket of a session. */
export const socketPath = (dir: string, name: string): string => join(dir, `${name}.sock`);
/** The description file of a session. */
export const filePath = (dir: string, name: string): string => join(dir, `${name}.json`);
/** The log of a session's daemon (what its server wrote to stderr, its own failures). */
export const logPath = (dir: string, name: string): string => join(dir, `${name}.log`);

/** The names of the sessions that have a socket in `dir`. */
export async function socketNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries.filter((entry) => entry.endsWith('.sock')).map((entry) => entry.slice(0, -'.sock'.length)).sort();
}

/** The description file of a session, when it can be read. */
export async function readSessionFile(dir: string, name: string): Promise<SessionFile | undefined> {
  try {
    return JSON.parse(await readFile(filePath(dir, name), 'utf8')) as SessionFile;
  } catch {
    return undefined;
  }
}

/** Removes what a session left behind (socket and description file; the log stays for reading). */
export async function removeSession(dir: string, name: string): Promise<void> {
  await rm(socketPath(dir, name), { force: true });
  await rm(filePath(dir, name), { force: true });
}
