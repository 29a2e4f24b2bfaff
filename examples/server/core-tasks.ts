// The core tasks of MCP 2025-11-25 for the example server's 2025-era HTTP sessions. The official SDK serves no tasks
// on that side, so this layer answers in front of it: it adds `capabilities.tasks` to the `initialize` answer of a
// 2025-11-25 session and the task tool `research` (`execution.taskSupport: "required"`) to `tools/list`, answers a
// `tools/call` of `research` with `params.task` with a task, and answers `tasks/get`, `tasks/result` (which waits
// for the end), `tasks/list` and `tasks/cancel`. The tasks are kept across sessions (a client in another process,
// with a session of its own, finds them), and they ask nothing: gathering, then writing, then the report.
import { randomUUID } from 'node:crypto';

type Json = Record<string, unknown>;
type Handler = (request: Request) => Promise<Response>;
type Status = 'working' | 'completed' | 'cancelled';

const CORE_REVISION = '2025-11-25';
const STEP_MS = 300;
const POLL_MS = 200;
const TTL_MS = 60_000;
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** The task tool of the 2025-11-25 side, as `tools/list` lists it. */
export const CORE_RESEARCH_TOOL = {
  name: 'research',
  title: 'Research',
  description: 'Researches a topic as a task (MCP 2025-11-25 core tasks): gathers sources, then writes a short report.',
  inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
  execution: { taskSupport: 'required' },
} as const;

interface CoreTask {
  readonly taskId: string;
  readonly createdAt: string;
  lastUpdatedAt: string;
  status: Status;
  statusMessage: string;
  result?: Json;
  timer?: NodeJS.Timeout;
  readonly ended: Array<() => void>;
}

const reply = (id: unknown, payload: Json): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', id, ...payload }), { status: 200, headers: { 'content-type': 'application/json' } });
const failure = (id: unknown, code: number, message: string): Response => reply(id, { error: { code, message } });

/** The tasks of `research` on the 2025-11-25 side. */
class CoreTaskBoard {
  private readonly tasks = new Map<string, CoreTask>();

  start(topic: string): CoreTask {
    const now = new Date().toISOString();
    const task: CoreTask = { taskId: randomUUID(), createdAt: now, lastUpdatedAt: now, status: 'working', statusMessage: 'Gathering sources', ended: [] };
    this.tasks.set(task.taskId, task);
    task.timer = setTimeout(() => {
      this.move(task, 'working', 'Writing the report');
      task.timer = setTimeout(() => {
        task.result = { content: [{ type: 'text', text: `Report on ${topic}.` }] };
        this.move(task, 'completed', 'Report ready');
      }, STEP_MS);
    }, STEP_MS);
    return task;
  }

  get(taskId: unknown): CoreTask | undefined {
    return typeof taskId === 'string' ? this.tasks.get(taskId) : undefined;
  }

  list(): CoreTask[] {
    return [...this.tasks.values()];
  }

  cancel(task: CoreTask): void {
    clearTimeout(task.timer);
    this.move(task, 'cancelled', 'Cancelled by the client');
  }

  /** Resolves once the task has ended. */
  ended(task: CoreTask): Promise<void> {
    return task.status === 'working' ? new Promise((resolve) => task.ended.push(resolve)) : Promise.resolve();
  }

  close(): void {
    for (const task of this.tasks.values()) clearTimeout(task.timer);
  }

  private move(task: CoreTask, status: Status, statusMessage: string): void {
    Object.assign(task, { status, statusMessage, lastUpdatedAt: new Date().toISOString() });
    if (status !== 'working') task.ended.splice(0).forEach((resolve) => resolve());
  }
}

/** The task as a 2025-11-25 `Task`. */
function wire(task: CoreTask): Json {
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt } = task;
  return { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttl: TTL_MS, pollInterval: POLL_MS };
}

/** The JSON-RPC message of a response, JSON or one SSE event; `undefined` otherwise. */
async function messageOf(response: Response): Promise<{ message: Json; sse: boolean } | undefined> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return { message: (await response.json()) as Json, sse: false };
  if (!type.includes('text/event-stream')) return undefined;
  const data = (await response.text()).split('\n').find((line) => line.startsWith('data:'));
  return data === undefined ? undefined : { message: JSON.parse(data.slice(5)) as Json, sse: true };
}

/** Adds the tasks capability to a 2025-11-25 `initialize` answer and the task tool to the last page of `tools/list`. */
async function amend(response: Response, method: string): Promise<Response> {
  const read = await messageOf(response.clone());
  const result = read?.message['result'] as Json | undefined;
  if (read === undefined || result === undefined) return response;
  if (method === 'initialize') {
    if (result['protocolVersion'] !== CORE_REVISION) return response;
    result['capabilities'] = { ...(result['capabilities'] as Json | undefined), tasks: CAPABILITY };
  } else if (result['nextCursor'] === undefined) {
    result['tools'] = [...((result['tools'] as unknown[] | undefined) ?? []), CORE_RESEARCH_TOOL];
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const text = JSON.stringify(read.message);
  return new Response(read.sse ? `event: message\ndata: ${text}\n\n` : text, { status: response.status, headers });
}

async function taskRequest(board: CoreTaskBoard, id: unknown, method: string, params: Json): Promise<Response> {
  if (method === 'tasks/list') return reply(id, { result: { tasks: board.list().map(wire) } });
  const task = board.get(params['taskId']);
  if (task === undefined) return failure(id, -32602, 'Failed to retrieve task: Task not found');
  if (method === 'tasks/get') return reply(id, { result: wire(task) });
  if (method === 'tasks/cancel') {
    if (task.status !== 'working') return failure(id, -32602, `Cannot cancel task ${task.taskId}: it is ${task.status}`);
    board.cancel(task);
    return reply(id, { result: wire(task) });
  }
  await board.ended(task);
  if (task.status === 'cancelled') return failure(id, -32603, `Task ${task.taskId} was cancelled`);
  return reply(id, { result: { ...task.result, _meta: { [RELATED_TASK]: { taskId: task.taskId } } } });
}

const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel']);

/**
 * Serves 2025-11-25 core tasks in front of `next` (the 2025-era sessions). Returns the wrapped handler and a `close`
 * that stops the tasks' timers.
 */
export function withCoreTasks(next: Handler): { fetch: Handler; close(): void } {
  const board = new CoreTaskBoard();
  const fetch: Handler = async (request) => {
    const message = (await request.clone().json().catch(() => undefined)) as { id?: unknown; method?: unknown; params?: Json } | undefined;
    const method = typeof message?.method === 'string' ? message.method : '';
    const params = message?.params ?? {};
    if (method === 'tools/call' && params['name'] === CORE_RESEARCH_TOOL.name) {
      if (params['task'] === undefined) return failure(message?.id, -32601, 'research runs only as a task: call it with params.task');
      const topic = String((params['arguments'] as Json | undefined)?.['topic'] ?? 'everything');
      return reply(message?.id, { result: { task: wire(board.start(topic)) } });
    }
    if (TASK_METHODS.has(method)) return taskRequest(board, message?.id, method, params);
    const response = await next(request);
    return method === 'initialize' || method === 'tools/list' ? amend(response, method) : response;
  };
  return { fetch, close: () => board.close() };
}
