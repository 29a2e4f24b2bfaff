import { defer, mergeMap, switchMap, tap, throwError, type Observable } from 'rxjs';
import { SessionLostError, ToolCallDeniedError } from '../errors/errors.js';
import { HeaderMismatchError } from '../errors/rpc-errors.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import type { Params } from '../session/types.js';
import type { ToolCallOptions } from './client-types.js';
import { callOn, isSessionExpired } from './call.js';
import type { ClientConnection } from './client-connection.js';
import type { ClientCore } from './core.js';
import { NOTHING_IN_FLIGHT } from './human-wait.js';
import type { CallEvent } from './input-rounds.js';
import { relay } from './relay.js';
import { asksForTask, runsAsTask, toolCallViaTask } from './tasks/plain-call.js';
import type { StartDeps } from './tasks/start.js';
import { approvalOf } from './tool-hints.js';
import type { ToolRegistry } from './tool-registry.js';
import { listAll } from './verbs.js';


/**
 * The approval step of a tool call, when the client has one: a wait on a person (bounded by `humanWaitMs`) before
 * anything is sent; a refusal fails the call with `ToolCallDeniedError`.
 */
function approved<T>(core: ClientCore, tools: ToolRegistry, name: string, args: Params, call$: Observable<T>): Observable<T> {
  const approve = core.options.approveToolCall;
  if (approve === undefined) return call$;
  const tool = tools.get(name);
  const request = tool === undefined ? { name, arguments: args } : { name, arguments: args, tool };
  const decision$ = core.human.track('tools/call approval', NOTHING_IN_FLIGHT, new AbortController().signal, () =>
    defer(() => approvalOf(approve(request, tools.hintsFor(name)))),
  );
  return decision$.pipe(mergeMap((yes) => (yes ? call$ : throwError(() => new ToolCallDeniedError(name)))));
}

const same = <T>(value: T): T => value;

/**
 * One tool call: approved first (when the client has an approval step), sent with the tool's `x-mcp-header`
 * parameters, sent again once after a refreshed listing when the server says the headers do not match (`-32020`),
 * run as a task where the protocol says it must (`tasks/plain-call.ts`), repeated on a new connection after a
 * session loss only when it is safe to repeat, and its `structuredContent` checked against the tool's
 * `outputSchema` (per `validateOutput`).
 *
 * Each of these recoveries is a branch of the error handler of one `relay`, not an operator of its own: with many
 * calls in flight, every subscriber a call keeps alive is work for the garbage collector.
 */
export function callToolEvents(core: ClientCore, tools: ToolRegistry, tasks: StartDeps, name: string, args: Params | undefined, options: ToolCallOptions): Observable<CallEvent<CallToolResult>> {
  const params: Params = args === undefined ? { name } : { name, arguments: args };
  const safe = tasks.safeToRepeat(name, options);
  const viaTask = () => toolCallViaTask(tasks, name, args, options);
  const afterRelisting = (error: unknown): Observable<CallEvent<CallToolResult>> => {
    if (!HeaderMismatchError.is(error) || options.tool) throw error;
    // Fresh from the server: a cached listing would carry the very headers the server just refused.
    return listAll<Tool>(core, 'tools/list', 'tools', { fresh: true }).pipe(tap((list) => tools.replace(list)), mergeMap(() => attempt(false)));
  };
  // On a connection: the task where it must be one, else the plain call (which a `-32021` still turns into one).
  const on = (ready: ClientConnection, relist: boolean, left: ToolCallOptions): Observable<CallEvent<CallToolResult>> => {
    const task = () => (relist ? relay(viaTask, same, afterRelisting) : viaTask());
    if (runsAsTask(tasks, ready, name)) return task();
    const plain = () => callOn(ready, 'tools/call', params, { ...left, tool: left.tool ?? tools.get(name) }, safe) as Observable<CallEvent<CallToolResult>>;
    return relay(plain, same, (error) => {
      if (asksForTask(tasks, error)) return task();
      if (relist) return afterRelisting(error);
      throw error;
    });
  };
  const attempt = (relist: boolean): Observable<CallEvent<CallToolResult>> => {
    const known = core.current();
    return known !== undefined ? on(known, relist, options) : core.readyFor('tools/call', options).pipe(switchMap((n) => on(n.ready, relist, n.options)));
  };
  const checked$ = relay(
    () => attempt(true),
    (event: CallEvent<CallToolResult>) => core.checkOutput(options.tool ?? tools.get(name), event),
    (error) => {
      if (!isSessionExpired(error)) throw error;
      if (!safe) throw new SessionLostError('tools/call', { cause: error });
      return attempt(true);
    },
  );
  return approved(core, tools, name, args ?? {}, checked$);
}
