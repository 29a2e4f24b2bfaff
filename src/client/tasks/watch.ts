import {
  EMPTY, Observable, catchError, concat, concatWith, defer, filter, finalize, ignoreElements, map, merge, mergeMap, of, repeat, startWith, switchMap,
  takeUntil, takeWhile, tap, throwError, timer,
} from 'rxjs';
import { ConnectionClosedError } from '../../errors/errors.js';
import { McpError } from '../../errors/mcp-error.js';
import { decodeNotification } from '../../protocol/codec.js';
import type { JsonRpcNotification } from '../../protocol/jsonrpc.js';
import type { InputRequest } from '../../protocol/model/mrtr.js';
import type { ClientConnection } from '../client-connection.js';
import type { ClientCore } from '../core.js';
import type { ListenManager } from '../live/listen.js';
import { isFatal, fetchTask, followTask, type WatchContext } from './follow.js';
import { InputDesk } from './input-desk.js';
import { taskRequest, taskShapeFor } from './requests.js';
import { isTerminal, taskOf } from './snapshot.js';
import type { TaskDetails, TaskEvent, TaskInputEvent, TaskSnapshot, TaskWatchOptions } from './types.js';
import { WatchState } from './watch-state.js';
import type { CallOptions } from '../envelope.js';

/** What task watches need from the client. */
export interface TaskDeps {
  readonly core: ClientCore;
  /** The client's listen stream (2026-07-28 `notifications/tasks` come on it). */
  readonly listen: ListenManager;
}

const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const INPUT_METHODS: ReadonlySet<string> = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);
const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A poll that failed without ending the watch (a lost connection, a timeout): reported, and polled again later. */
function pollFailed(context: WatchContext, error: unknown): Observable<never> {
  if (isFatal(error)) return throwError(() => error);
  if (context.ready.connection.end === undefined) {
    const message = `Polling task ${context.state.taskId} failed (${reason(error)}): polling again`;
    context.core.diagnose({ kind: 'task-poll-failed', message, value: context.state.taskId, ...(McpError.is(error) ? { error } : {}) });
  }
  return EMPTY;
}

/**
 * `tasks/get` now (or after the first interval, when the watch already knows a fresh state), then again after each
 * interval the state asks for, until the task is terminal; each `now$` emission polls at once and starts over.
 * **Temperature:** cold. **Emits:** each polled state. **Completes:** when `now$` does and the task is terminal.
 * **Errors:** with a server's answer (`RpcError`, `SchemaError`); other failures are reported and polled again.
 * **Teardown:** stops polling (a poll in flight is not cancelled on the wire).
 */
function polls(context: WatchContext, now$: Observable<unknown>): Observable<TaskDetails> {
  const { state, options } = context;
  const get$ = defer(() => fetchTask(context)).pipe(catchError((error: unknown) => pollFailed(context, error)));
  const loop$ = get$.pipe(repeat({ delay: () => (state.latest !== undefined && isTerminal(state.latest.status) ? EMPTY : timer(state.pollDelay(options))) }));
  const immediate = state.latest === undefined || state.connections > 1 || isTerminal(state.latest.status);
  return now$.pipe(
    map(() => 0),
    startWith(immediate ? 0 : state.pollDelay(options)),
    switchMap((wait) => concat(timer(wait).pipe(ignoreElements()), loop$)),
  );
}

function decoded(context: WatchContext, notification: JsonRpcNotification): unknown {
  try {
    return decodeNotification(context.ready.server.protocolVersion, notification.method, notification.params);
  } catch (error) {
    context.core.diagnose({ kind: 'invalid-message', message: `Dropped ${notification.method}: ${reason(error)}`, value: notification, ...(McpError.is(error) ? { error } : {}) });
    return undefined;
  }
}

/**
 * The task's status notifications on the connection (2025-11-25 `notifications/tasks/status`, 2026-07-28
 * `notifications/tasks`); malformed ones are dropped with a diagnostic. **Temperature:** hot. **Emits:** each state.
 * **Completes:** when the connection ends. **Errors:** never. **Teardown:** stops listening.
 */
function pushes(context: WatchContext): Observable<TaskDetails> {
  const method = context.shape === 'core' ? 'notifications/tasks/status' : 'notifications/tasks';
  return context.ready.connection.notifications$.pipe(
    filter((n) => n.method === method && n.params?.['taskId'] === context.state.taskId),
    map((n) => decoded(context, n)),
    filter((task) => task !== undefined),
    map((task) => taskOf(context.shape, task)),
    // 2025-11-25 has no agreement on notifications: one that came shows the server sends them.
    tap(() => {
      if (context.shape === 'core') context.state.pushed = true;
    }),
  );
}

/**
 * 2026-07-28: each listen acknowledgement on the connection says whether the server pushes the task; one that
 * does is followed by a poll (what changed while the stream was being opened is not pushed). **Temperature:** hot.
 * **Emits:** each acknowledgement that covers the task. **Completes:** when the connection ends. **Errors:** never.
 * **Teardown:** stops listening.
 */
function listenAcks(context: WatchContext): Observable<unknown> {
  const { state } = context;
  return context.ready.connection.notifications$.pipe(
    filter((n) => n.method === 'notifications/subscriptions/acknowledged'),
    tap((n) => {
      const ids = (n.params?.['notifications'] as { taskIds?: unknown } | undefined)?.taskIds;
      state.pushed = Array.isArray(ids) && ids.includes(state.taskId);
    }),
    filter(() => state.pushed),
  );
}

/**
 * 2025-11-25: the server's requests tagged with the task, as the handlers receive them. **Temperature:** hot.
 * **Emits:** a `task-input` event per request. **Completes:** after `close()`. **Errors:** never. **Teardown:** stops
 * looking (the handlers answer regardless).
 */
function relatedRequests(core: ClientCore, taskId: string): Observable<TaskInputEvent> {
  return core.session.frames$.pipe(
    mergeMap((event) => {
      const message = event.direction === 'in' ? (event.frame.message as { id?: unknown; method?: unknown; params?: Record<string, unknown> } | undefined) : undefined;
      const related = (message?.params?.['_meta'] as Record<string, { taskId?: unknown } | undefined> | undefined)?.[RELATED_TASK];
      if (message?.id === undefined || typeof message.method !== 'string' || !INPUT_METHODS.has(message.method) || related?.taskId !== taskId) return EMPTY;
      const request = { method: message.method, params: message.params ?? {} } as unknown as InputRequest;
      return of<TaskInputEvent>({ type: 'task-input', key: String(message.id), request });
    }),
  );
}

/**
 * The watch on one connection: polls, pushes, input, and (2026-07-28) the listen demand and deliveries.
 * **Temperature:** cold. **Emits:** the watch's events. **Completes:** when the connection ends. **Errors:** as
 * `watchTask`. **Teardown:** stops everything on the connection; sends nothing about the task (on 2026-07-28 the
 * listen stream drops the task's id).
 */
function watchOn(deps: TaskDeps, ready: ClientConnection, state: WatchState, desk: InputDesk, options: TaskWatchOptions & CallOptions, seed: TaskSnapshot | undefined): Observable<TaskEvent> {
  return defer(() => {
    const shape = taskShapeFor(ready, 'tasks/get');
    state.connections += 1;
    state.pushed = false;
    const context: WatchContext = { core: deps.core, ready, shape, state, desk, options, resulting: false };
    const modern = shape === 'extension';
    const initial$ = state.connections === 1 && seed !== undefined ? of(seed) : EMPTY;
    const tasks$ = merge(initial$, polls(context, modern ? merge(listenAcks(context), desk.delivered$) : EMPTY), pushes(context));
    const followed$ = tasks$.pipe(mergeMap((task) => followTask(context, task)));
    const side$ = modern
      ? merge(
        deps.listen.need({ taskIds: [state.taskId] }),
        desk.deliver((inputResponses) => taskRequest(ready, 'tasks/update', { taskId: state.taskId, inputResponses }, { cancellable: false })),
      )
      : relatedRequests(deps.core, state.taskId);
    return merge(desk.errors$, side$, followed$).pipe(takeUntil(ready.ended$));
  });
}

/**
 * Follows task `taskId` until it ends: on each connection the client has (it reconnects by itself while the watch
 * is subscribed), with what the watch learnt kept across connections. `seed` is the state the task was created
 * with, when the watch starts right after creating it.
 *
 * **Temperature:** cold. **Emits:** `task-status` and `task-input` events, then the `result` event.
 * **Completes:** after the result. **Errors:** `TaskFailedError`, `TaskCancelledError`, `InputRequiredError`,
 * `RpcError`, `SchemaError`, `UnsupportedMethodError`, `ConnectionClosedError` (the client was closed first).
 * **Teardown:** stops polling and listening (on 2026-07-28 the listen stream drops the task's id), aborts handlers
 * still running; sends nothing about the task (no `tasks/cancel`, no cancellation of its requests).
 */
export function watchTask(deps: TaskDeps, taskId: string, options: TaskWatchOptions & CallOptions = {}, seed?: TaskSnapshot): Observable<TaskEvent> {
  return defer(() => {
    const state = new WatchState(taskId, seed);
    const desk = new InputDesk(deps.core.run);
    const unfinished = defer(() => (state.finished ? EMPTY : throwError(() => new ConnectionClosedError(`The client was closed while task ${taskId} was watched`))));
    return deps.core.live$.pipe(
      switchMap((ready) => watchOn(deps, ready, state, desk, options, seed)),
      tap((event) => {
        if (event.type === 'result') state.finished = true;
      }),
      takeWhile((event) => event.type !== 'result', true),
      concatWith(unfinished),
      finalize(() => desk.close()),
    );
  });
}
