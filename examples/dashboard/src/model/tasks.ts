import { Subject, type Subscription } from 'rxjs';
import { TaskCancelledError, type CallToolResult, type Client, type Params, type TaskEvent, type Tool } from 'rxmcp';

/** The tasks extension of 2026-07-28. */
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** One status the task was seen in, with its message and when. */
export interface TaskStep {
  readonly at: number;
  readonly status: string;
  readonly message?: string;
}

/** A tool call run as a task, as the page shows it. */
export interface TaskRecord {
  readonly id: number;
  readonly tool: string;
  readonly args: Params;
  /** The server's id, once it created the task. */
  taskId?: string;
  /** `starting` until the server answers the call, then the task's status (`completed`, `failed`, `cancelled` end it). */
  status: string;
  /** Every status and status message seen, oldest first. */
  readonly steps: TaskStep[];
  result?: CallToolResult;
  error?: string;
  /** A cancellation asked and not yet seen by the watch. */
  cancelling?: boolean;
}

/** Whether the server runs `tool` as a task: the 2026-07-28 extension, or 2025-11-25 task support for `tools/call`. */
export function runsAsTask(client: Client | undefined, tool: Tool): boolean {
  const server = client?.server;
  if (server === undefined) return false;
  if (server.era === 'modern') return (server.capabilities as { extensions?: Record<string, unknown> }).extensions?.[TASKS_EXTENSION] !== undefined;
  const tasks = (server.capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } }).tasks;
  const support = (tool as { execution?: { taskSupport?: string } }).execution?.taskSupport;
  return tasks?.requests?.tools?.call !== undefined && (support === 'optional' || support === 'required');
}

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

let nextId = 1;

/** The page's tasks: started with `callToolAsTask`, followed to their end, cancelled with `cancelTask`. */
export class Tasks {
  readonly list: TaskRecord[] = [];
  readonly changed$ = new Subject<void>();
  private readonly watches = new Map<number, Subscription>();

  /** Calls `tool` as a task on `client` and follows it. */
  start(client: Client, tool: Tool, args: Params): TaskRecord {
    const record: TaskRecord = { id: nextId++, tool: tool.name, args, status: 'starting', steps: [] };
    this.list.push(record);
    const watch = client.callToolAsTask(tool.name, args).subscribe({
      next: (event) => this.apply(record, event),
      error: (error: unknown) => {
        if (TaskCancelledError.is(error)) this.step(record, 'cancelled', (error as TaskCancelledError).statusMessage);
        else record.error = describe(error);
        if (!['cancelled', 'failed'].includes(record.status)) this.step(record, 'failed');
        this.end(record);
      },
      complete: () => this.end(record),
    });
    if (record.status !== 'completed' && record.error === undefined) this.watches.set(record.id, watch);
    this.changed$.next();
    return record;
  }

  /** Asks the server to cancel the task (`tasks/cancel`); the watch sees it end. */
  cancel(client: Client, id: number): void {
    const record = this.list.find((task) => task.id === id);
    if (record?.taskId === undefined || this.watches.get(id) === undefined) return;
    record.cancelling = true;
    this.changed$.next();
    client.cancelTask(record.taskId).subscribe({
      error: (error: unknown) => {
        record.cancelling = false;
        record.error = `Cancel failed: ${describe(error)}`;
        this.changed$.next();
      },
    });
  }

  /** Whether the task is still followed. */
  isRunning(id: number): boolean {
    return this.watches.has(id);
  }

  private apply(record: TaskRecord, event: TaskEvent): void {
    if (event.type === 'task-created' || event.type === 'task-status') {
      record.taskId = event.task.taskId;
      this.step(record, event.task.status, event.task.statusMessage);
    } else if (event.type === 'result') {
      record.result = event.result;
      if (record.status !== 'completed') this.step(record, 'completed');
    }
    this.changed$.next();
  }

  private step(record: TaskRecord, status: string, message?: string): void {
    const last = record.steps.at(-1);
    if (last?.status === status && last.message === message) return;
    record.status = status;
    record.steps.push({ at: Date.now(), status, ...(message === undefined ? {} : { message }) });
  }

  private end(record: TaskRecord): void {
    record.cancelling = false;
    this.watches.delete(record.id);
    this.changed$.next();
  }
}
