import { from, isObservable, of, take, type Observable } from 'rxjs';
import { McpError } from '../errors/mcp-error.js';
import { RpcError } from '../errors/errors.js';
import { JSONRPC_ERROR_CODES, type JsonRpcErrorObject, type JsonRpcRequest } from '../protocol/jsonrpc.js';
import type { ConnectionRuntime } from './connection.js';
import type { RequestOrigin, SessionRuntime } from './runtime.js';
import type { HandlerContext, Params, ResultPayload } from './types.js';

/** Turns whatever a handler threw into the JSON-RPC error object to send. */
export function toErrorObject(error: unknown): JsonRpcErrorObject {
  if (RpcError.is(error)) {
    const rpc = error as RpcError;
    return rpc.data === undefined
      ? { code: rpc.rpcCode, message: rpc.message }
      : { code: rpc.rpcCode, message: rpc.message, data: rpc.data };
  }
  const candidate = error as { code?: unknown; message?: unknown; data?: unknown } | null;
  const message = typeof candidate?.message === 'string' ? candidate.message : String(error);
  if (!McpError.is(error) && typeof candidate?.code === 'number' && Number.isInteger(candidate.code)) {
    return candidate.data === undefined ? { code: candidate.code, message } : { code: candidate.code, message, data: candidate.data };
  }
  return { code: JSONRPC_ERROR_CODES.INTERNAL_ERROR, message };
}

function toObservable(output: unknown): Observable<ResultPayload> {
  if (isObservable(output)) return output as Observable<ResultPayload>;
  if (typeof (output as PromiseLike<unknown> | null)?.then === 'function') return from(output as PromiseLike<ResultPayload>);
  return of(output as ResultPayload);
}

function contextFor(runtime: SessionRuntime, connection: ConnectionRuntime, request: JsonRpcRequest, signal: AbortSignal, origin: RequestOrigin | undefined): HandlerContext {
  const meta = request.params?.['_meta'] as Params | undefined;
  const token = meta?.['progressToken'];
  return {
    requestId: request.id,
    method: request.method,
    signal,
    meta,
    ...(origin === undefined ? {} : { relatedRequestId: origin.id }),
    pauseRelated: () => origin?.holdClock(),
    failRelated: (error) => origin?.abandon(error),
    progress(progress, total, message) {
      if (typeof token !== 'string' && typeof token !== 'number') return;
      const params: Record<string, unknown> = { progressToken: token, progress };
      if (total !== undefined) params['total'] = total;
      if (message !== undefined) params['message'] = message;
      runtime.write(connection, { message: { jsonrpc: '2.0', method: 'notifications/progress', params }, relatedRequestId: request.id });
    },
  };
}

function reply(runtime: SessionRuntime, connection: ConnectionRuntime, id: JsonRpcRequest['id'], outcome: { result: ResultPayload } | { error: JsonRpcErrorObject }): void {
  runtime.write(connection, { message: { jsonrpc: '2.0', id, ...outcome }, relatedRequestId: id });
}

/** Answers a request whose handler failed with the error, and reports the failure on `diagnostics$`. */
function handlerFailed(runtime: SessionRuntime, connection: ConnectionRuntime, request: JsonRpcRequest, error: unknown): void {
  const answer = toErrorObject(error);
  reply(runtime, connection, request.id, { error: answer });
  runtime.diagnose({
    kind: 'handler-error',
    message: `The handler for ${request.method} (request ${JSON.stringify(request.id)}) failed; the server was answered with error ${answer.code}: ${answer.message}`,
    ...(McpError.is(error) ? { error } : {}),
    value: request,
  });
}

function isResultObject(value: unknown): value is ResultPayload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Why a request must not reach its handler: its connection ended (nothing could answer it, and a handler started
 * there would never be cancelled), or its id is that of a request still being handled. JSON-RPC ids are unique
 * among requests in flight; a duplicate is the server's error. Answering it is not an option: the answer would
 * carry the same id as the first request's, and the server would take it for that one's. Handling it would lose
 * the first's entry, and with it the first's cancellation. So the first stays, and the duplicate is dropped
 * unanswered, with a diagnostic.
 */
function refusal(connection: ConnectionRuntime, request: JsonRpcRequest): string | undefined {
  const what = `Server request ${JSON.stringify(request.id)} (${request.method})`;
  if (connection.end !== undefined) return `${what} came after its connection ended: not handled`;
  if (connection.running.has(request.id)) return `${what} reuses the id of a request still being handled: the duplicate is dropped unanswered`;
  return undefined;
}

/**
 * Runs the handler registered for a server→client request and answers it: result → JSON-RPC result; a thrown
 * error with a JSON-RPC code → that error; any other throw → -32603; no handler → -32601. A
 * `notifications/cancelled` for the request unsubscribes the handler (and aborts its signal): nothing is sent.
 * A request whose connection has ended, or whose id is already being handled, reaches no handler (see `refusal`);
 * a handler whose start ends the connection is cancelled at once.
 */
export function dispatchRequest(runtime: SessionRuntime, connection: ConnectionRuntime, request: JsonRpcRequest, origin?: RequestOrigin): void {
  const refused = refusal(connection, request);
  if (refused !== undefined) {
    runtime.diagnose({ kind: 'invalid-message', message: refused, value: request });
    return;
  }
  const handler = Object.hasOwn(runtime.handlers, request.method) ? runtime.handlers[request.method] : undefined;
  if (!handler) {
    reply(runtime, connection, request.id, { error: { code: JSONRPC_ERROR_CODES.METHOD_NOT_FOUND, message: `Method not found: ${request.method}` } });
    return;
  }
  const controller = new AbortController();
  let output$: Observable<ResultPayload>;
  try {
    output$ = toObservable(handler(request.params ?? {}, contextFor(runtime, connection, request, controller.signal, origin)));
  } catch (error) {
    handlerFailed(runtime, connection, request, error);
    return;
  }
  run(runtime, connection, request, controller, output$);
}

/** Subscribes to a handler's answer, registered on its connection (which cancels it when it ends) until it settles. */
function run(runtime: SessionRuntime, connection: ConnectionRuntime, request: JsonRpcRequest, controller: AbortController, output$: Observable<ResultPayload>): void {
  let settled = false;
  const finish = () => {
    settled = true;
    connection.running.delete(request.id);
  };
  const subscription = output$.pipe(take(1)).subscribe({
    next: (result) => {
      finish();
      if (isResultObject(result)) reply(runtime, connection, request.id, { result });
      else reply(runtime, connection, request.id, { error: { code: JSONRPC_ERROR_CODES.INTERNAL_ERROR, message: `Handler for ${request.method} returned a non-object result` } });
    },
    error: (error: unknown) => {
      finish();
      handlerFailed(runtime, connection, request, error);
    },
    complete: () => {
      if (settled) return;
      finish();
      reply(runtime, connection, request.id, { error: { code: JSONRPC_ERROR_CODES.INTERNAL_ERROR, message: `Handler for ${request.method} completed without a result` } });
    },
  });
  if (settled) return;
  const running = {
    cancel() {
      settled = true;
      controller.abort();
      subscription.unsubscribe();
    },
  };
  // The connection may have ended while the handler started (its start ended it, or the user closed the client):
  // it has cancelled what it held already, so this one is cancelled here rather than left running for nobody.
  if (connection.end !== undefined) running.cancel();
  else connection.running.set(request.id, running);
}
