import type { Observable } from 'rxjs';
import type { JsonRpcErrorObject } from '../../protocol/jsonrpc.js';
import type { JsonObject } from '../../protocol/model/common.js';
import type { InputRequest, InputRequests, InputResponses } from '../../protocol/model/mrtr.js';
import type { TaskStatus } from '../../protocol/model/tasks.js';
import type { CallToolResult } from '../../protocol/model/tools.js';
import type { Params } from '../../session/types.js';
import type { CallOptions } from '../envelope.js';
import type { CallEvent } from '../input-rounds.js';

/**
 * A task's state, the same for both shapes of tasks: the 2025-11-25 core `Task` (whose `ttl` and `pollInterval`
 * become `ttlMs` and `pollIntervalMs`) and the 2026-07-28 tasks extension's.
 */
export interface TaskSnapshot {
  /** The task's id, chosen by the server: persist it to follow the task later (`watchTask`, `getTask`). */
  readonly taskId: string;
  /** Where the task is; `completed`, `failed` and `cancelled` end it. */
  readonly status: TaskStatus;
  /** What is happening, for people, when the server says. */
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  /** Milliseconds from creation the server keeps the task, `null` for unlimited. */
  readonly ttlMs: number | null;
  /** The polling interval the server suggests, in milliseconds. */
  readonly pollIntervalMs?: number;
}

/** What `getTask` returns: the state, plus what the 2026-07-28 extension carries inline for some statuses. */
export interface TaskDetails extends TaskSnapshot {
  /** 2026-07-28, `input_required`: the server's outstanding requests, by key (answer them with `updateTask`). */
  readonly inputRequests?: InputRequests;
  /** 2026-07-28, `completed`: the original request's result. */
  readonly result?: JsonObject;
  /** 2026-07-28, `failed`: the JSON-RPC error the request failed with. */
  readonly error?: JsonRpcErrorObject;
}

/** The server took the call as a task: persist `task.taskId` to resume watching it later (`watchTask`). */
export interface TaskCreatedEvent {
  /** Always `'task-created'`. */
  readonly type: 'task-created';
  /** The task as the server's answer to the call describes it. */
  readonly task: TaskSnapshot;
}

/** The task's status or status message changed. */
export interface TaskStatusEvent {
  /** Always `'task-status'`. */
  readonly type: 'task-status';
  /**
   * The task's state with the new status or message: the state fields only (what a 2026-07-28 state carries inline
   * comes as `task-input` events, the `result` event or the watch's error).
   */
  readonly task: TaskSnapshot;
}

/**
 * The task asks the client for input, which the client's handlers are answering: 2026-07-28 an entry of the
 * task's `inputRequests` (answered with `tasks/update`; each key once, however often polls repeat it); 2025-11-25 a
 * request the server sent tagged with the task (`_meta["io.modelcontextprotocol/related-task"]`), keyed by its
 * JSON-RPC id.
 */
export interface TaskInputEvent {
  /** Always `'task-input'`. */
  readonly type: 'task-input';
  /** 2026-07-28: the key in the task's `inputRequests`; 2025-11-25: the server request's JSON-RPC id, as a string. */
  readonly key: string;
  /** What the server asks (`elicitation/create`, `sampling/createMessage` or `roots/list`, with its params). */
  readonly request: InputRequest;
}

/**
 * What a task watch emits: progress and 2026-07-28 input rounds of the call that creates the task, then the
 * task's creation, status changes and input requests, then the `result` event. A call the server answers without
 * a task emits its `result` at once.
 */
export type TaskEvent = CallEvent<CallToolResult> | TaskCreatedEvent | TaskStatusEvent | TaskInputEvent;

/** How a watch polls `tasks/get`. */
export interface TaskWatchOptions {
  /** Interval between polls when the server suggests none (default 1000 ms). */
  readonly pollIntervalMs?: number;
  /** Shortest interval between polls, whatever the server suggests (default 250 ms). */
  readonly minPollIntervalMs?: number;
  /**
   * Interval between polls while the server pushes the task's status (2026-07-28: a listen stream acknowledged the
   * task; 2025-11-25: a `notifications/tasks/status` for it arrived). Default 30 000 ms: a safety net, since
   * notifications may stop without notice.
   */
  readonly pushedPollIntervalMs?: number;
}

/** Options of `callToolAsTask`. */
export interface TaskCallOptions extends CallOptions, TaskWatchOptions {
  /** 2025-11-25: how long the server should keep the task (`params.task.ttl`); the server may keep it less. */
  readonly ttlMs?: number;
  /**
   * Starting the task is safe to repeat: with `reissue: 'safe-only'`, a start whose response stream broke is sent
   * again (as for `ToolCallOptions.idempotent`); trusted read-only or idempotent hints count the same.
   */
  readonly idempotent?: boolean;
}

/**
 * The task verbs of a client. Tasks exist in MCP 2025-11-25 (the experimental core tasks) and in 2026-07-28 with
 * the tasks extension `io.modelcontextprotocol/tasks`; every verb fails with `UnsupportedMethodError`, sending
 * nothing, when the negotiated revision, extension or server capabilities lack it.
 *
 * Except for the watches (`callToolAsTask`, `watchTask`, whose contracts follow): **Temperature:** cold, each
 * subscription one request. **Emits:** the answer once (`cancelTask` and `updateTask` nothing). **Completes:** after
 * it. **Errors:** as the client's other verbs (`UnsupportedMethodError`, `RpcError`, `SchemaError`, ...).
 * **Teardown:** cancels the request on the wire (never the task).
 */
export interface TaskVerbs {
  /**
   * Calls a tool as a task and follows the task to its end. 2025-11-25: the call carries `params.task` (only for a
   * server with `capabilities.tasks.requests.tools.call` and a tool whose `execution.taskSupport` is `optional` or
   * `required`). 2026-07-28: the call declares the tasks extension, and the server decides whether to create one.
   * Input the task asks for goes through the client's handlers.
   *
   * **Temperature:** cold; each subscription is one call. **Emits:** progress and input rounds of the call, then
   * `task-created`, `task-status` on each change, `task-input` per request for input, then the `result` event.
   * **Completes:** after the result. **Errors:** as `callTool`, plus `TaskFailedError` (the task failed),
   * `TaskCancelledError` (it was cancelled), `InputRequiredError` (it asked for input the client has no handler
   * for), `ConnectionClosedError` (the client was closed first). 2025-11-25: `UnsupportedMethodError` before the call
   * is sent when the tool does not support tasks (the client lists the tools first when it knows none).
   * **Teardown:** before the server answered the call, cancels the call on the wire. Once the task exists, stops
   * watching and sends nothing about the task: no `tasks/cancel`, and the watch's requests in flight are not
   * cancelled; the task goes on (cancel it with `cancelTask`). 2026-07-28: the client's listen stream is re-opened
   * without the task, or closed when nothing else needs it. A lost connection does not end the watch: it carries
   * on over the next one.
   */
  callToolAsTask(name: string, args?: Params, options?: TaskCallOptions): Observable<TaskEvent>;
  /**
   * Follows a task by id (one created earlier, by this client or before a restart) to its end: polls `tasks/get`
   * at the server's `pollInterval`/`pollIntervalMs` (with a default and a floor), switches to the server's status
   * notifications where it sends them (2025-11-25 `notifications/tasks/status`; 2026-07-28 `notifications/tasks`
   * on the client's listen stream, asked with `taskIds`), answers input requests through the handlers, then fetches
   * or reads the result (2025-11-25 `tasks/result`).
   *
   * **Temperature:** cold; each subscription is one watch. **Emits:** `task-status` on each change (the first
   * at once), `task-input` per request for input, then the `result` event. **Completes:** after the result.
   * **Errors:** `TaskFailedError`, `TaskCancelledError`, `InputRequiredError`, `RpcError` (an unknown task:
   * `-32602`), `SchemaError`, `UnsupportedMethodError`, `ConnectionClosedError` (the client was closed first).
   * **Teardown:** stops watching and sends nothing about the task: no `tasks/cancel`, and requests in flight are
   * not cancelled on the wire. 2026-07-28: the client's listen stream is re-opened without the task, or closed when
   * nothing else needs it. A lost connection does not end the watch: it carries on over the next one.
   */
  watchTask(taskId: string, options?: TaskWatchOptions & CallOptions): Observable<TaskEvent>;
  /**
   * `tasks/get` `{ taskId }`: the task's state now. 2025-11-25 (the server declares `capabilities.tasks`): the state
   * alone. 2026-07-28 (the server lists the tasks extension; the request declares it): with the task's
   * `inputRequests`, `result` or `error` inline, by status.
   *
   * - **Temperature:** cold; each subscription is one request, on the open connection (or a new one).
   * - **Emits:** the `TaskDetails`, once. **Completes:** after it.
   * - **Errors:** `UnsupportedMethodError` (sent nothing: a revision without tasks, or a server that does not declare
   *   them), `RpcError` (an unknown task: `-32602`), and the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire (never the task).
   */
  getTask(taskId: string, options?: CallOptions): Observable<TaskDetails>;
  /**
   * `tasks/list` (2025-11-25 only, for a server that declares `capabilities.tasks.list`), every page walked (the page
   * cap and cursor-loop guard apply: `PaginationError`).
   *
   * - **Temperature:** cold; each subscription walks every page.
   * - **Emits:** the whole list, once (the state of each task). **Completes:** after it.
   * - **Errors:** `UnsupportedMethodError` (sent nothing: 2026-07-28 has no `tasks/list`, or the server does not
   *   declare it), `PaginationError`, and the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listTasks(options?: CallOptions): Observable<readonly TaskSnapshot[]>;
  /**
   * `tasks/result` `{ taskId }` (2025-11-25 only, for a server that declares `capabilities.tasks`): waits until the
   * task is terminal and emits its result. No time limit unless `options.timeout` sets one. Requests the server
   * sends for the task meanwhile reach the client's handlers as any request does.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the task's `CallToolResult`, once (a result with `isError` is a result). **Completes:** after it.
   * - **Errors:** `UnsupportedMethodError` (sent nothing: 2026-07-28 has no `tasks/result`, or the server declares no
   *   tasks); a failed task errors with the `RpcError` the server answered with (a plain `RpcError`: only the
   *   watches raise `TaskFailedError`); an unknown task with `RpcError` `-32602`; and the errors of every verb (see
   *   `Client`).
   * - **Teardown:** before the answer, cancels the `tasks/result` request on the wire (`notifications/cancelled`); the
   *   task goes on.
   */
  taskResult(taskId: string, options?: CallOptions): Observable<CallToolResult>;
  /**
   * `tasks/cancel` `{ taskId }` (2025-11-25 for a server that declares `capabilities.tasks.cancel`; 2026-07-28 with the
   * tasks extension, declared on the request). A watch of the task then ends with `TaskCancelledError` once it sees
   * the task `cancelled`.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** nothing. **Completes:** when the server acknowledged (2026-07-28 cancellation is cooperative: the
   *   task may still finish otherwise).
   * - **Errors:** `UnsupportedMethodError` (sent nothing: a revision without tasks, or a server that does not declare
   *   the cancelling of tasks), `RpcError` (an unknown task: `-32602`; 2025-11-25 also a task that has ended), and the
   *   errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the `tasks/cancel` request on the wire (whether the task is cancelled
   *   is then unknown).
   */
  cancelTask(taskId: string, options?: CallOptions): Observable<never>;
  /**
   * `tasks/update` `{ taskId, inputResponses }` (2026-07-28 tasks extension only, declared on the request): answers
   * input requests of a task by key. Watches answer input by themselves; this is for code that fulfils requests on
   * its own.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** nothing. **Completes:** when the server acknowledged.
   * - **Errors:** `UnsupportedMethodError` (sent nothing: 2025-11-25 has no `tasks/update`, or the server does not
   *   list the extension), `RpcError` (an unknown task: `-32602`), and the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire (the answers may or may not have arrived).
   */
  updateTask(taskId: string, inputResponses: InputResponses, options?: CallOptions): Observable<never>;
}
