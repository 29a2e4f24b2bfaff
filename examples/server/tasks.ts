// The 2026-07-28 tasks extension (io.modelcontextprotocol/tasks) for the example server's HTTP entry. The official
// SDK has no tasks extension yet, so this layer serves it in front of the SDK's per-request handler: it lists the
// extension in `server/discover`, adds the task tool `research` to `tools/list`, answers `tools/call` of `research`
// with a task, and answers `tasks/get`, `tasks/update` and `tasks/cancel`. Everything else goes to the SDK. It
// acknowledges no task ids on listen streams (the SDK owns those), so clients poll.
import { randomUUID } from 'node:crypto';

/** The extension's identifier. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

type Json = Record<string, unknown>;
type Handler = (request: Request) => Promise<Response>;
type Status = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** The task tool, as `tools/list` lists it. */
export const RESEARCH_TOOL = {
  name: 'research',
  title: 'Research',
  description: 'Researches a topic as a task (tasks extension): asks which angle to take, then writes a short report.',
  inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
} as const;

const STEP_MS = 300;
const POLL_MS = 200;
const TTL_MS = 60_000;

interface ExampleTask {
  readonly taskId: string;
  readonly topic: string;
  readonly createdAt: string;
  lastUpdatedAt: string;
  status: Status;
  statusMessage: string;
  result?: Json;
  asking?: Json;
  timer?: NodeJS.Timeout;
}

const reply = (id: unknown, payload: Json, status = 200): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', id, ...payload }), { status, headers: { 'content-type': 'application/json' } });
const failure = (id: unknown, code: number, message: string, data?: unknown, status = 200): Response =>
  reply(id, { error: data === undefined ? { code, message } : { code, message, data } }, status);
const missingExtension = (id: unknown): Response =>
  failure(id, -32021, 'Missing required client capability', { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } }, 400);

function declaresTasks(params: Json): boolean {
  const capabilities = (params['_meta'] as Json | undefined)?.['io.modelcontextprotocol/clientCapabilities'] as Json | undefined;
  return (capabilities?.['extensions'] as Json | undefined)?.[TASKS_EXTENSION] !== undefined;
}

/** The tasks of the `research` tool: each gathers, asks which angle to take, then writes its report. */
class TaskBoard {
  private readonly tasks = new Map<string, ExampleTask>();

  start(topic: string): ExampleTask {
    const now = new Date().toISOString();
    const task: ExampleTask = { taskId: randomUUID(), topic, createdAt: now, lastUpdatedAt: now, status: 'working', statusMessage: 'Gathering sources' };
    this.tasks.set(task.taskId, task);
    this.after(task, () => {
      this.move(task, 'input_required', 'Waiting for the angle to take');
      task.asking = {
        angle: {
          method: 'elicitation/create',
          params: { mode: 'form', message: `Which angle on ${topic}?`, requestedSchema: { type: 'object', properties: { angle: { type: 'string' } }, required: ['angle'] } },
        },
      };
    });
    return task;
  }

  get(taskId: string): ExampleTask | undefined {
    return this.tasks.get(taskId);
  }

  /** `tasks/update`: an answer to the outstanding question moves the task on; anything else is ignored. */
  answer(task: ExampleTask, responses: Json): void {
    const answer = responses['angle'] as { action?: string; content?: Json } | undefined;
    if (task.asking === undefined || answer === undefined) return;
    task.asking = undefined;
    const angle = answer.action === 'accept' ? String(answer.content?.['angle'] ?? 'general') : 'general';
    this.move(task, 'working', `Writing the report (${angle})`);
    this.after(task, () => {
      task.result = { content: [{ type: 'text', text: `Report on ${task.topic}, from the ${angle} angle.` }] };
      this.move(task, 'completed', 'Report ready');
    });
  }

  cancel(task: ExampleTask): void {
    if (['completed', 'failed', 'cancelled'].includes(task.status)) return;
    clearTimeout(task.timer);
    task.asking = undefined;
    this.move(task, 'cancelled', 'Cancelled by the client');
  }

  close(): void {
    for (const task of this.tasks.values()) clearTimeout(task.timer);
  }

  /** The task as `tasks/get` (and `CreateTaskResult`) carries it. */
  wire(task: ExampleTask): Json {
    const inline = task.status === 'input_required' ? { inputRequests: task.asking } : task.status === 'completed' ? { result: task.result } : {};
    const { taskId, status, statusMessage, createdAt, lastUpdatedAt } = task;
    return { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttlMs: TTL_MS, pollIntervalMs: POLL_MS, ...inline };
  }

  private after(task: ExampleTask, step: () => void): void {
    task.timer = setTimeout(step, STEP_MS);
  }

  private move(task: ExampleTask, status: Status, statusMessage: string): void {
    task.status = status;
    task.statusMessage = statusMessage;
    task.lastUpdatedAt = new Date().toISOString();
  }
}

/** Adds the extension to `server/discover` and the task tool to the last page of `tools/list`. */
async function amend(response: Response, method: string): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const message = (await response.json()) as { result?: Json };
  const result = message.result;
  if (result !== undefined && method === 'server/discover') {
    const capabilities = (result['capabilities'] ?? {}) as Json;
    result['capabilities'] = { ...capabilities, extensions: { ...(capabilities['extensions'] as Json | undefined), [TASKS_EXTENSION]: {} } };
  }
  if (result !== undefined && method === 'tools/list' && result['nextCursor'] === undefined) {
    result['tools'] = [...((result['tools'] as unknown[] | undefined) ?? []), RESEARCH_TOOL];
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(message), { status: response.status, headers });
}

function taskRequest(board: TaskBoard, request: Request, message: { id: unknown; method: string; params: Json }): Response {
  const { id, method, params } = message;
  if (!declaresTasks(params)) return missingExtension(id);
  const taskId = String(params['taskId']);
  if (request.headers.get('mcp-name') !== taskId) return failure(id, -32020, 'Header mismatch: Mcp-Name must be the taskId', undefined, 400);
  const task = board.get(taskId);
  if (task === undefined) return failure(id, -32602, 'Failed to retrieve task: Task not found');
  if (method === 'tasks/update') board.answer(task, (params['inputResponses'] ?? {}) as Json);
  if (method === 'tasks/cancel') board.cancel(task);
  return reply(id, { result: method === 'tasks/get' ? { resultType: 'complete', ...board.wire(task) } : { resultType: 'complete' } });
}

/**
 * Serves the tasks extension in front of `next` (the SDK's 2026-07-28 handler). Returns the wrapped handler and a
 * `close` that stops the tasks' timers.
 */
export function withTasks(next: Handler): { fetch: Handler; close(): void } {
  const board = new TaskBoard();
  const fetch: Handler = async (request) => {
    const message = (await request.clone().json().catch(() => undefined)) as { id?: unknown; method?: unknown; params?: Json } | undefined;
    const method = typeof message?.method === 'string' ? message.method : '';
    const params = message?.params ?? {};
    if (method === 'tools/call' && params['name'] === RESEARCH_TOOL.name) {
      if (!declaresTasks(params)) return missingExtension(message?.id);
      const topic = String((params['arguments'] as Json | undefined)?.['topic'] ?? 'everything');
      return reply(message?.id, { result: { resultType: 'task', ...board.wire(board.start(topic)) } });
    }
    if (method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel') return taskRequest(board, request, { id: message?.id, method, params });
    const response = await next(request);
    return method === 'server/discover' || method === 'tools/list' ? amend(response, method) : response;
  };
  return { fetch, close: () => board.close() };
}
