import type { Observable } from 'rxjs';
import { decodeResult } from '../protocol/codec.js';
import type { JsonRpcRequest, RequestId } from '../protocol/jsonrpc.js';
import type { ClientCapabilities, ServerCapabilities } from '../protocol/model/capabilities.js';
import type { InputRequests, InputResponses } from '../protocol/model/mrtr.js';
import { methodSpec } from '../protocol/methods.js';
import type { ProtocolVersion } from '../protocol/versions.js';
import type { ProgressToken } from '../protocol/model/primitives.js';
import type { Params } from '../session/types.js';
import { TestScriptError } from './errors.js';
import { show } from './matching.js';
import type { InFlightRequest, ServerConnection } from './server-connection.js';
import { TASKS_EXTENSION } from '../protocol/model/tasks-extension.js';
import { checkServerNotification, checkServerRequest, isTaskResult, shapeResult } from './shape.js';
import type { Answers, TestRequest } from './types.js';

/** What a request needs from its controller. */
export interface RequestHost {
  readonly version: ProtocolVersion;
  readonly modern: boolean;
  readonly capabilities: ServerCapabilities;
  /** 2026-07-28: the hints of cacheable results that do not give their own. */
  readonly cacheHints: { readonly ttlMs: number; readonly cacheScope: 'public' | 'private' };
  ask(request: TestRequestImpl, inputRequests: InputRequests): Observable<InputResponses>;
}

/** How a request ended, from the server's side. `waiting`: 2026-07-28 `ask` answered `input_required` and waits for the retry. */
export type Outcome = 'result' | 'error' | 'input_required' | 'never' | 'waiting';

type Payload = { readonly result: Params } | { readonly error: { code: number; message: string; data?: unknown } };

function split(params: Params | undefined): { params: Params; meta: Params | undefined } {
  if (params === undefined) return { params: {}, meta: undefined };
  const { _meta, ...rest } = params as Params & { _meta?: Params };
  return { params: rest, meta: _meta };
}

function tokenOf(meta: Params | undefined): ProgressToken | undefined {
  const token = meta?.['progressToken'];
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

/** One request of the client, held by the scripted server. */
export class TestRequestImpl implements TestRequest, InFlightRequest {
  id: RequestId;
  readonly method: string;
  params: Params;
  meta: Params | undefined;
  round = 1;
  outcome: Outcome | undefined;
  cancelledBy: 'notification' | 'abort' | undefined;
  lost = false;
  /** Who took it: `expectRequest`, a rule, ... */
  takenBy: string | undefined;
  private lastProgress: number | undefined;

  constructor(
    private readonly host: RequestHost,
    private link: ServerConnection,
    message: JsonRpcRequest,
    public headers: Readonly<Record<string, string>> | undefined,
  ) {
    this.id = message.id;
    this.method = message.method;
    ({ params: this.params, meta: this.meta } = split(message.params));
    link.inFlight.set(this.id, this);
  }

  get connection(): number {
    return this.link.index;
  }

  get arguments(): Params {
    const args = this.params['arguments'];
    return typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Params) : {};
  }

  get progressToken(): ProgressToken | undefined {
    return tokenOf(this.meta);
  }

  get cancelled(): boolean {
    return this.cancelledBy !== undefined;
  }

  get answered(): boolean {
    return this.outcome !== undefined && this.outcome !== 'waiting';
  }

  get open(): boolean {
    return !this.settled && this.outcome !== 'waiting' && this.link.open;
  }

  /** Nothing more is expected of it: answered, left unanswered on purpose, cancelled, or lost with its connection. */
  get settled(): boolean {
    return this.answered || this.cancelled || this.lost;
  }

  /** The client capabilities it declared (2026-07-28 `_meta`, legacy `initialize`). */
  get clientCapabilities(): ClientCapabilities | undefined {
    if (this.host.modern) return this.meta?.['io.modelcontextprotocol/clientCapabilities'] as ClientCapabilities | undefined;
    return this.link.initializeParams?.['capabilities'] as ClientCapabilities | undefined;
  }

  /** The connection state it came on. */
  get via(): ServerConnection {
    return this.link;
  }

  describe(): string {
    return `${this.method} #${String(this.id)} ${show(this.params)}`;
  }

  respond(result: Params): void {
    if (isTaskResult(this.host.version, this.method, result)) this.assertTaskAllowed();
    this.answer({ result: shapeResult(this.host.version, this.method, result, this.host.cacheHints) }, 'result');
  }

  error(code: number, message: string, data?: unknown): void {
    this.answer({ error: data === undefined ? { code, message } : { code, message, data } }, 'error');
  }

  progress(progress: number, total?: number, message?: string): void {
    this.assertOpen('send progress for');
    const token = this.progressToken;
    if (token === undefined) throw new TestScriptError(`${this.describe()} carries no progressToken: the client did not ask for progress`);
    if (this.lastProgress !== undefined && progress <= this.lastProgress) {
      throw new TestScriptError(`Progress of ${this.describe()} must grow: ${progress} after ${this.lastProgress}`);
    }
    this.lastProgress = progress;
    const params: Record<string, unknown> = { progressToken: token, progress };
    if (total !== undefined) params['total'] = total;
    if (message !== undefined) params['message'] = message;
    this.notify('notifications/progress', params);
  }

  notify(method: string, params?: Params): void {
    this.assertOpen(`send ${method} for`);
    checkServerNotification(this.host.version, method, params, this.host.capabilities);
    const message = params === undefined ? { jsonrpc: '2.0' as const, method } : { jsonrpc: '2.0' as const, method, params };
    this.link.send(message, this.id);
  }

  inputRequired(inputRequests: InputRequests, requestState?: string): void {
    this.answer({ result: this.inputRequiredResult(inputRequests, requestState) }, 'input_required');
  }

  /** @internal The `input_required` result of `ask` on 2026-07-28: the request then waits for the client's retry. */
  awaitRetry(inputRequests: InputRequests, requestState: string): void {
    this.answer({ result: this.inputRequiredResult(inputRequests, requestState) }, 'waiting');
  }

  ask<Q extends InputRequests>(inputRequests: Q): Observable<Answers<Q>> {
    this.assertOpen('ask the client about');
    return this.host.ask(this, inputRequests) as Observable<unknown> as Observable<Answers<Q>>;
  }

  never(): void {
    this.assertOpen('leave unanswered');
    this.outcome = 'never';
  }

  /** @internal The client's retry of a 2026-07-28 `ask`: this request now stands for it. */
  adopt(link: ServerConnection, message: JsonRpcRequest, headers: Readonly<Record<string, string>> | undefined): void {
    this.link = link;
    this.headers = headers;
    this.id = message.id;
    ({ params: this.params, meta: this.meta } = split(message.params));
    this.round += 1;
    this.outcome = undefined;
    this.lastProgress = undefined;
    link.inFlight.set(this.id, this);
  }

  /**
   * An answer went out. A request left unanswered on purpose (`never`) counts as answered for `verify()`, but it is
   * still in flight for the client, which may cancel it or lose its connection.
   */
  private get replied(): boolean {
    return this.answered && this.outcome !== 'never';
  }

  markCancelled(how: 'notification' | 'abort'): void {
    if (this.replied) return;
    this.cancelledBy = how;
    this.link.inFlight.delete(this.id);
  }

  markLost(): void {
    if (!this.replied) this.lost = true;
  }

  private inputRequiredResult(inputRequests: InputRequests, requestState: string | undefined): Params {
    const { version } = this.host;
    if (!this.host.modern) throw new TestScriptError(`input_required results exist only in MCP 2026-07-28, not ${version}: use ask(), which sends legacy requests`);
    if (!methodSpec(version, this.method)?.mayRequireInput) throw new TestScriptError(`${this.method} cannot answer input_required (only tools/call, prompts/get and resources/read can)`);
    for (const request of Object.values(inputRequests)) checkServerRequest(version, request.method, request.params, this.clientCapabilities);
    const result = { resultType: 'input_required', inputRequests, ...(requestState === undefined ? {} : { requestState }) };
    decodeResult(version, this.method, result);
    return result;
  }

  /** A task handle may answer only a request that opted in: 2025-11-25 `params.task`, 2026-07-28 the extension. */
  private assertTaskAllowed(): void {
    if (this.host.modern) {
      if (this.clientCapabilities?.extensions?.[TASKS_EXTENSION] !== undefined) return;
      throw new TestScriptError(`${this.describe()} did not declare the ${TASKS_EXTENSION} extension: a server must not answer it with a task`);
    }
    const task = this.params['task'];
    if (typeof task === 'object' && task !== null) return;
    throw new TestScriptError(`${this.describe()} carries no params.task: a server must not answer it with a task`);
  }

  private answer(payload: Payload, outcome: Outcome): void {
    this.assertOpen('answer');
    this.outcome = outcome;
    this.link.inFlight.delete(this.id);
    this.link.send({ jsonrpc: '2.0', id: this.id, ...payload }, this.id);
  }

  private assertOpen(action: string): void {
    if (this.outcome === 'waiting') throw new TestScriptError(`Cannot ${action} ${this.describe()}: it waits for the client's retry after ask()`);
    if (this.answered) throw new TestScriptError(`Cannot ${action} ${this.describe()}: it was already answered (${this.outcome ?? ''})`);
    if (this.lost) throw new TestScriptError(`Cannot ${action} ${this.describe()}: connection ${this.connection} it came on is closed`);
  }
}
