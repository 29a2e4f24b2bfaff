// The tasks extension (examples/server/tasks.ts) for the example server over stdio: a transport in front of the
// SDK's `StdioServerTransport` that hands the task messages (`tools/call` of `research`, `tasks/get`, `tasks/update`,
// `tasks/cancel`) and `server/discover` / `tools/list` to the same handler as the HTTP entry, as requests of their own
// (`Mcp-Name` from `params.taskId`, as an HTTP client would send it), and everything else straight to the SDK.
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { withTasks } from './tasks.js';

type Json = Record<string, unknown>;

/** The methods the tasks layer answers or amends (`tools/call` only of `research`). */
const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel', 'server/discover', 'tools/list']);

const forTasks = (method: unknown, message: Json): boolean =>
  typeof method === 'string' && message['id'] !== undefined &&
  (TASK_METHODS.has(method) || (method === 'tools/call' && (message['params'] as Json | undefined)?.['name'] === 'research'));

const requestOf = (message: Json): Request => {
  const taskId = (message['params'] as Json | undefined)?.['taskId'];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (typeof taskId === 'string') headers['mcp-name'] = taskId;
  return new Request('http://stdio.invalid/mcp', { method: 'POST', headers, body: JSON.stringify(message) });
};

/** A stdio transport that serves the tasks extension of the 2026-07-28 era in front of the SDK. */
export class TasksStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  private readonly inner = new StdioServerTransport();
  /** Requests forwarded to the SDK through the tasks layer, by id: resolved with the SDK's answer. */
  private readonly waiting = new Map<unknown, (answer: JSONRPCMessage) => void>();
  private readonly tasks = withTasks((request) => this.forward(request));
  /** Whether the connection opened with `server/discover` (2026-07-28); a 2025-era connection is left alone. */
  private modern = false;

  start(): Promise<void> {
    this.inner.onmessage = (message) => this.inbound(message as unknown as Json);
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    return this.inner.start();
  }

  send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    const id = (message as Json)['id'];
    const waiter = 'method' in message ? undefined : this.waiting.get(id);
    if (waiter === undefined) return this.inner.send(message);
    this.waiting.delete(id);
    waiter(message);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.tasks.close();
    return this.inner.close();
  }

  private inbound(message: Json): void {
    const method = message['method'];
    if (method === 'server/discover') this.modern = true;
    if (!this.modern || !forTasks(method, message)) return this.onmessage?.(message as unknown as JSONRPCMessage);
    this.tasks.fetch(requestOf(message))
      .then(async (response) => this.inner.send((await response.json()) as JSONRPCMessage))
      .catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
  }

  /** The tasks layer's `next`: the request goes to the SDK, its answer comes back as a JSON response. */
  private forward(request: Request): Promise<Response> {
    return request.json().then((message: Json) => new Promise<Response>((resolve) => {
      this.waiting.set(message['id'], (answer) => resolve(new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })));
      this.onmessage?.(message as unknown as JSONRPCMessage);
    }));
  }
}
