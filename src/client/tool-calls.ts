import { catchError, defaultIfEmpty, defer, map, mergeMap, take, tap, throwError, type Observable } from 'rxjs';
import { RpcError, ToolCallDeniedError } from '../errors/errors.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import { outputChecked } from '../protocol/output-schema.js';
import type { Params } from '../session/types.js';
import type { ToolCallOptions } from './client-types.js';
import type { ClientCore } from './core.js';
import { NOTHING_IN_FLIGHT } from './human-wait.js';
import type { CallEvent } from './input-rounds.js';
import { callToolRunningTasks } from './tasks/plain-call.js';
import type { StartDeps } from './tasks/start.js';
import { approvalOf } from './tool-hints.js';
import type { ToolRegistry } from './tool-registry.js';
import { listAll, surviveSessionLoss } from './verbs.js';

const HEADER_MISMATCH = -32020;

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
    defer(() => approvalOf(approve(request, tools.hintsFor(name)))).pipe(take(1), defaultIfEmpty(false)),
  );
  return decision$.pipe(mergeMap((yes) => (yes ? call$ : throwError(() => new ToolCallDeniedError(name)))));
}

/**
 * One tool call: approved first (when the client has an approval step), sent with the tool's `x-mcp-header`
 * parameters, sent again once after a refreshed listing when the server says the headers do not match (`-32020`),
 * repeated on a new connection after a session loss only when it is safe to repeat, and its `structuredContent`
 * checked against the tool's `outputSchema` (per `validateOutput`).
 */
export function callToolEvents(core: ClientCore, tools: ToolRegistry, tasks: StartDeps, name: string, args: Params | undefined, options: ToolCallOptions): Observable<CallEvent<CallToolResult>> {
  const params: Params = args === undefined ? { name } : { name, arguments: args };
  const safe = options.idempotent === true || tools.isSafeToRepeat(name, core.options.trustToolAnnotations === true);
  const plain = () => defer(() => core.call('tools/call', params, { ...options, tool: options.tool ?? tools.get(name) }, safe)) as Observable<CallEvent<CallToolResult>>;
  // Run as a task where the protocol says the call must be one; otherwise the plain call.
  const attempt = () => callToolRunningTasks(tasks, name, args, options, plain);
  const call$ = attempt().pipe(
    catchError((error: unknown) => {
      if (!RpcError.is(error) || (error as RpcError).rpcCode !== HEADER_MISMATCH || options.tool) return throwError(() => error);
      return listAll<Tool>(core, 'tools/list', 'tools').pipe(tap((list) => tools.replace(list)), mergeMap(() => attempt()));
    }),
  );
  const checked$ = surviveSessionLoss('tools/call', safe, call$).pipe(map(outputChecked(core, () => options.tool ?? tools.get(name))));
  return approved(core, tools, name, args ?? {}, checked$);
}
