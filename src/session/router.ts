import { ParseError, SchemaError } from '../errors/errors.js';
import { classifyMessage, messageKind } from '../protocol/classify.js';
import type { JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest, JsonRpcSuccess } from '../protocol/jsonrpc.js';
import type { InboundFrame } from '../transport/types.js';
import { dispatchRequest } from './handlers.js';
import type { ConnectionRuntime, SessionRuntime } from './runtime.js';
import type { Params } from './types.js';

function deliverResponse(runtime: SessionRuntime, message: JsonRpcSuccess | JsonRpcErrorResponse): void {
  const id = message.id;
  const pending = id === undefined || id === null ? undefined : runtime.pending.get(id);
  if (pending) {
    pending.respond(message);
    return;
  }
  const ours = typeof id === 'number' && id >= 0 && id < runtime.nextId;
  runtime.diagnose({
    kind: ours ? 'late-response' : 'unknown-response',
    message: ours
      ? `Response to request ${id}, which is no longer pending (answered or cancelled): dropped`
      : `Response to an id this session never sent (${JSON.stringify(id ?? null)}): dropped`,
    value: message,
  });
}

function deliverNotification(runtime: SessionRuntime, connection: ConnectionRuntime, message: JsonRpcNotification): void {
  const params = message.params;
  if (message.method === 'notifications/progress' && params) {
    const token = params['progressToken'];
    if (typeof token === 'string' || typeof token === 'number') runtime.progressTokens.get(token)?.progress(params as Params);
  } else if (message.method === 'notifications/cancelled' && params) {
    const requestId = params['requestId'];
    if (typeof requestId === 'string' || typeof requestId === 'number') connection.running.get(requestId)?.cancel();
  }
  runtime.publishNotification(message);
}

function routeMessage(runtime: SessionRuntime, connection: ConnectionRuntime, value: unknown): void {
  switch (messageKind(value)) {
    case 'success':
    case 'error':
      deliverResponse(runtime, value as JsonRpcSuccess | JsonRpcErrorResponse);
      return;
    case 'notification':
      deliverNotification(runtime, connection, value as JsonRpcNotification);
      return;
    case 'request':
      dispatchRequest(runtime, connection, value as JsonRpcRequest);
      return;
    default: {
      const classified = classifyMessage(value);
      const reason = classified.kind === 'invalid' ? classified.reason : 'unknown';
      runtime.diagnose({
        kind: 'invalid-message',
        message: `Inbound value is not a JSON-RPC message: ${reason}`,
        error: new SchemaError(`Not a JSON-RPC message: ${reason}`, { value }),
        value,
      });
    }
  }
}

/**
 * Routes one inbound frame: responses to their pending request by id, progress to its request by token,
 * server requests to their handler, notifications to the hot stream. Batches are split. Never throws: bad input
 * becomes a diagnostic.
 */
export function routeFrame(runtime: SessionRuntime, connection: ConnectionRuntime, frame: InboundFrame): void {
  if (frame.malformed) {
    runtime.diagnose({
      kind: 'malformed-frame',
      message: `Inbound frame is not JSON (${frame.malformed.reason}): dropped`,
      error: new ParseError(frame.malformed.raw),
      value: frame.malformed.raw,
    });
    return;
  }
  const value = frame.message;
  if (!Array.isArray(value)) {
    routeMessage(runtime, connection, value);
    return;
  }
  if (value.length === 0) runtime.diagnose({ kind: 'empty-batch', message: 'Inbound batch is empty: dropped', value });
  for (const item of value) routeMessage(runtime, connection, item);
}
