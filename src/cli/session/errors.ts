import { McpError, type McpErrorOptions } from '../../index.js';
import { EXIT, type Failure } from '../failure.js';

/** `@name` names no running session (never connected, disconnected, ended after its idle time, or its daemon died). */
export class UnknownSessionError extends McpError {
  static override readonly kind: string = 'UnknownSessionError';
  /** The name that was asked for. */
  readonly session: string;
  /** The sessions that are running. */
  readonly running: readonly string[];

  constructor(session: string, running: readonly string[], stale = false, options: McpErrorOptions = {}) {
    const gone = stale ? ` (its daemon had died; its socket is removed)` : '';
    const list = running.length === 0 ? 'no session is running' : `running: ${running.join(', ')}`;
    super('unknown-session', `No session "${session}"${gone}: ${list}`, options);
    this.session = session;
    this.running = running;
  }
}

/** The folder of the session sockets is not private to the user (others may read it, or someone else owns it). */
export class SessionDirError extends McpError {
  static override readonly kind: string = 'SessionDirError';
  /** The folder. */
  readonly dir: string;

  constructor(dir: string, why: string, options: McpErrorOptions = {}) {
    super('session-dir', `The session folder ${dir} ${why}: sessions are kept only in a folder of your own that nobody else can read`, options);
    this.dir = dir;
  }
}

/** A session name that cannot be a socket's file name, or a session that holds another server than the one named. */
export class SessionUsageError extends McpError {
  static override readonly kind: string = 'SessionUsageError';

  constructor(message: string, options: McpErrorOptions = {}) {
    super('session-usage', message, options);
  }
}

/** What the user is told about a session error (undefined for any other error). */
export function sessionFailure(error: unknown): Failure | undefined {
  if (UnknownSessionError.is(error)) {
    const unknown = error as UnknownSessionError;
    return {
      exitCode: EXIT.usage, step: 'session', message: unknown.message,
      hint: `rxmcp connect ${unknown.session} <target> starts it; rxmcp sessions lists the running ones`,
      details: { session: unknown.session, running: unknown.running },
    };
  }
  if (SessionDirError.is(error)) {
    const dir = (error as SessionDirError).dir;
    return { exitCode: EXIT.usage, step: 'session-dir', message: (error as Error).message, hint: `chmod 700 ${dir} (or set RXMCP_SESSIONS_DIR to a private folder)`, details: { dir } };
  }
  if (SessionUsageError.is(error)) return { exitCode: EXIT.usage, step: 'session', message: (error as Error).message };
  return undefined;
}
