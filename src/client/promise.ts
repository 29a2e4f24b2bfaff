import { filter, map, tap, type Observable } from 'rxjs';
import { McpAbortError } from '../errors/errors.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { CallToolResult } from '../protocol/model/tools.js';
import type { Params, ProgressEvent } from '../session/types.js';
import type { Client, ToolCallOptions } from './client-types.js';
import type { CallOptions } from './envelope.js';
import { asyncTaskVerbs, type AsyncTaskVerbs } from './tasks/promise.js';
import type { CloseOptions, ServerSession } from './types.js';
import type { NotificationCallback } from './callbacks.js';
import type { HealthCheckOptions, HealthReport } from './health.js';
import type { ToolHintsMap } from './tool-hints.js';
import { isAsyncKind } from './verb-line.js';
import { VERB_TABLE, type AsyncTableVerbs } from './verb-table.js';

/** Options of every async verb. */
export interface AsyncCallOptions extends CallOptions {
  /** Aborting rejects the call with an `AbortError` (`McpAbortError`) and cancels it on the wire. */
  readonly signal?: AbortSignal;
}

/** Options of `callTool` in the async facade. */
export interface AsyncToolCallOptions extends AsyncCallOptions, ToolCallOptions {
  /** Receives the server's progress reports. */
  readonly onProgress?: (progress: ProgressEvent) => void;
}

/**
 * The client's verbs as async functions, for code that does not use RxJS. Each verb settles the `Client` verb of
 * the same name: it resolves with what that verb emits (`void` for one that emits nothing) and rejects with its
 * error; the verbs made from the verb table carry the `Client` verb's documentation.
 */
export interface AsyncClient extends AsyncTableVerbs<AsyncCallOptions>, AsyncTaskVerbs {
  /** Negotiates now (if not yet done on this connection); resolves with the negotiated server. Only `signal` is read. */
  connect(options?: AsyncCallOptions): Promise<ServerSession>;
  /** Calls a tool; `onProgress` receives its progress reports. A result with `isError` resolves: it is a result. */
  callTool(name: string, args?: Params, options?: AsyncToolCallOptions): Promise<CallToolResult>;
  /** Sets the server's log level (`logging/setLevel` in the legacy revisions; on 2026-07-28 it travels with later requests). */
  setLoggingLevel(level: LoggingLevel, options?: AsyncCallOptions): Promise<void>;
  /** An extension's request (see `Client.request`). */
  request<R = Readonly<Record<string, unknown>>>(method: string, params?: Params, options?: AsyncCallOptions): Promise<R>;
  /** The server's health (see `Client.checkHealth`); never rejects. */
  checkHealth(options?: HealthCheckOptions): Promise<HealthReport>;
  /** Notification callbacks (see `Client.on`); returns what stops them. */
  on(method: string, callback: NotificationCallback): () => void;
  /** The trusted tool hints as of the last listing (see `Client.toolHints$`). */
  toolHints(): ToolHintsMap;
  /** Closes the client for good (`Client.close`; `keepSession` leaves the server's session for another client). */
  close(options?: CloseOptions): void;
}

/**
 * Resolves with the last value of `source$` (or `undefined` when it emits none), rejects with its error, and on
 * `signal` abort unsubscribes (which cancels the request on the wire) and rejects with `McpAbortError`.
 */
export function settle<T>(source$: Observable<T>, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new McpAbortError('The operation was aborted', { cause: signal.reason }));
      return;
    }
    let last: T | undefined;
    const subscription = source$.subscribe({
      next: (value) => (last = value),
      error: (error: unknown) => reject(error),
      complete: () => resolve(last as T),
    });
    if (!signal || subscription.closed) return;
    const onAbort = () => {
      subscription.unsubscribe();
      reject(new McpAbortError('The operation was aborted', { cause: signal.reason }));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    subscription.add(() => signal.removeEventListener('abort', onAbort));
  });
}

type Verbs = Readonly<Record<string, (...args: unknown[]) => Observable<unknown>>>;
type AsyncVerb = (...args: never[]) => Promise<unknown>;

/** The async verb `name` of `client`, its options after `arity` positional arguments (the verb is looked up per call). */
function asyncVerb(client: Verbs, name: string, arity: number): AsyncVerb {
  switch (arity) {
    case 0:
      return ({ signal, ...o }: AsyncCallOptions = {}) => settle(client[name]!(o), signal);
    case 1:
      return (a: unknown, { signal, ...o }: AsyncCallOptions = {}) => settle(client[name]!(a, o), signal);
    case 2:
      return (a: unknown, b: unknown, { signal, ...o }: AsyncCallOptions = {}) => settle(client[name]!(a, b, o), signal);
    default:
      return (a: unknown, b: unknown, c: unknown, { signal, ...o }: AsyncCallOptions = {}) => settle(client[name]!(a, b, c, o), signal);
  }
}

/** The async verbs of the verb table's lines of an async kind. */
function asyncTableVerbs(client: Client): AsyncTableVerbs<AsyncCallOptions> {
  const verbs: Record<string, AsyncVerb> = {};
  for (const [name, line] of Object.entries(VERB_TABLE)) {
    if (isAsyncKind(line.kind)) verbs[name] = asyncVerb(client as unknown as Verbs, name, line.params.length);
  }
  return verbs as unknown as AsyncTableVerbs<AsyncCallOptions>;
}

function callTool(client: Client, name: string, args: Params | undefined, options: AsyncToolCallOptions): Promise<CallToolResult> {
  const { signal, onProgress, ...rest } = options;
  if (!onProgress) return settle(client.callTool(name, args, rest), signal);
  const result$ = client.callToolEvents(name, args, rest).pipe(
    tap((event) => {
      if (event.type === 'progress') onProgress(event);
    }),
    filter((event): event is Extract<typeof event, { type: 'result' }> => event.type === 'result'),
    map((event) => event.result),
  );
  return settle(result$, signal);
}

/**
 * Wraps a client in async functions mirroring its verbs (each call is one subscription to the cold verb; the
 * Promise resolves with its result, rejects with its typed error). Each takes an `AbortSignal`: aborting cancels the
 * request on the wire and rejects with `McpAbortError` (`name` is `AbortError`). Progress is delivered through
 * `onProgress` (a progress token is attached only then).
 * @example
 * ```ts
 * import { createClient, toAsyncClient } from 'rxmcp';
 *
 * const client = toAsyncClient(createClient(transport));
 * const tools = await client.listTools();
 * const result = await client.callTool(tools[0]!.name, {}, { signal: AbortSignal.timeout(10_000) });
 * console.log(result.content);
 * client.close();
 * ```
 */
export function toAsyncClient(client: Client): AsyncClient {
  return {
    ...asyncTableVerbs(client),
    connect: (o = {}) => settle(client.connect(), o.signal),
    callTool: (name, args, options = {}) => callTool(client, name, args, options),
    setLoggingLevel: (level, { signal, ...o } = {}) => settle(client.setLoggingLevel(level, o), signal).then(() => undefined),
    request: <R>(method: string, params?: Params, { signal, ...o }: AsyncCallOptions = {}) => settle(client.request<R>(method, params, o), signal),
    checkHealth: (o) => settle(client.checkHealth(o)),
    on: (method, callback) => client.on(method, callback),
    toolHints: () => client.toolHints(),
    ...asyncTaskVerbs(client, settle),
    close: (options) => client.close(options),
  };
}
