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
  readonly taskId: string;
  readonly status: TaskStatus;
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
  readonly type: 'task-created';
  readonly task: TaskSnapshot;
}

/** The task's status or status message changed. */
export interface TaskStatusEvent {
  readonly type: 'task-status';
  readonly task: TaskSnapshot;
}

/**
 * The task asks the client for input, which the client's handlers are answering: 2026-07-28 an entry of the
 * task's `inputRequests` (answered with `tasks/update`; each key once, however often polls repeat it); 2025-11-25 a
 * request the server sent tagged with the task (`_meta["io.modelcontextprotocol/related-task"]`), keyed by its
 * JSON-RPC id.
 */
export interface TaskInputEvent {
  readonly type: 'task-input';
  readonly key: string;
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
   * for), `ConnectionClosedError` (the client was closed first). **Teardown:** stops watching and sends nothing;
   * the task goes on (cancel it with `cancelTask`). A lost connection does not end the watch: it carries on over
   * the next one.
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
   * **Teardown:** stops watching and sends nothing; requests in flight are not cancelled on the wire. A lost
   * connection does not end the watch: it carries on over the next one.
   */
  watchTask(taskId: string, options?: TaskWatchOptions & CallOptions): Observable<TaskEvent>;
  /** `tasks/get`: the task's state now. */
  getTask(taskId: string, options?: CallOptions): Observable<TaskDetails>;
  /** `tasks/list` (2025-11-25 only), every page walked (the page cap and cursor-loop guard apply). */
  listTasks(options?: CallOptions): Observable<readonly TaskSnapshot[]>;
  /**
   * `tasks/result` (2025-11-25 only): waits until the task is terminal and emits its result (a failed task errors
   * with `TaskFailedError`). No time limit unless `options.timeout` sets one.
   */
  taskResult(taskId: string, options?: CallOptions): Observable<CallToolResult>;
  /**
   * `tasks/cancel`. Emits nothing; completes when the server acknowledged (2026-07-28 cancellation is cooperative:
   * the task may still finish otherwise). Cancelling a finished task errors with `RpcError` `-32602` (2025-11-25).
   */
  cancelTask(taskId: string, options?: CallOptions): Observable<never>;
  /**
   * `tasks/update` (2026-07-28 extension only): answers input requests of a task by key. Emits nothing; completes
   * when acknowledged. Watches answer input by themselves; this is for code that fulfils requests on its own.
   */
  updateTask(taskId: string, inputResponses: InputResponses, options?: CallOptions): Observable<never>;
}
