import type { JoinedSession } from '../types.js';
import type { TaskReference } from './reference.js';

/** How a client joins the session a task was started in: the transport's `sessionId`, the client's `joinSession`. */
export interface TaskSession {
  /** The session's id (`Mcp-Session-Id`): the `sessionId` option of `streamableHttp`. */
  readonly sessionId: string;
  /** What was negotiated in it: the `joinSession` option of `createClient`. */
  readonly joinSession: JoinedSession;
}

/**
 * The session a task was started in, for a client that joins it instead of opening its own: a 2025-11-25 core task
 * whose reference recorded a Streamable HTTP session (servers such as the official SDK's bind such tasks to their
 * session). The joined server is the reference's: its revision, its name, and the core tasks it offered
 * (`capabilities.tasks`, which `tasks/get` and `tasks/result` need). `undefined` for a reference without a session
 * (the 2026-07-28 extension, stdio, a server that issued no session id): resume it with a client of its own.
 * @param reference - the task's reference (see `taskReference`, `parseTaskReference`).
 */
export function taskSession(reference: TaskReference): TaskSession | undefined {
  if (reference.sessionId === undefined || reference.shape !== 'core') return undefined;
  return {
    sessionId: reference.sessionId,
    joinSession: {
      protocolVersion: reference.protocolVersion as JoinedSession['protocolVersion'],
      ...(reference.serverName === undefined ? {} : { serverInfo: { name: reference.serverName, version: '' } }),
      capabilities: { tasks: {} },
    },
  };
}
