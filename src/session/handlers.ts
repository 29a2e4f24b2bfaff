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
 * Runs the handler registered for a server→client request and answers it: result → JSON-RPC result; a thrown
 * error with a JSON-RPC code → that error; any other throw → -32603; no handler → -32601. A
 * `notifications/cancelled` for the request unsubscribes the handler (and aborts its signal): nothing is sent.
 */
export function dispatchRequest(runtime: SessionRuntime, connection: ConnectionRuntime, request: JsonRpcRequest, origin?: RequestOrigin): void {
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
  connection.running.set(request.id, {
    cancel() {
      settled = true;
      controller.abort();
      subscription.unsubscribe();
    },
  });
}
