import type { Observable } from 'rxjs';
import type { CallToolResult } from '../protocol/model/tools.js';
import type { Params } from '../session/types.js';
import type { CallEvent } from './call-event.js';
import type { ToolCallOptions } from './client-types.js';
import type { ClientCore } from './core.js';
import type { StartDeps } from './tasks/start.js';

/**
 * One tool call through the client's chain: approved first (when the client has an approval step), sent with the
 * tool's `x-mcp-header` parameters, sent again once after a fresh listing when the server says the headers do not
 * match (`-32020`), run as a task where the protocol says it must, repeated on a new connection after a session
 * loss only when it is safe to repeat, and its `structuredContent` checked against the tool's `outputSchema`. Each
 * of these is a built-in link (`verbChain`).
 */
export function callToolEvents(core: ClientCore, tasks: StartDeps, name: string, args: Params | undefined, options: ToolCallOptions): Observable<CallEvent<CallToolResult>> {
  return core.call('tools/call', toolCallParams(name, args), options, tasks.safeToRepeat(name, options)) as Observable<CallEvent<CallToolResult>>;
}

/** The params of a call of the tool `name` with `args`. */
export function toolCallParams(name: string, args: Params | undefined): Params {
  return args === undefined ? { name } : { name, arguments: args };
}
