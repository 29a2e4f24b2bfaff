import { MessageTooLargeError, ParseError, SchemaError } from '../errors/errors.js';
import { classifyMessage, messageKind } from '../protocol/classify.js';
import type { JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest, JsonRpcSuccess, RequestId } from '../protocol/jsonrpc.js';
import type { FrameFailure, InboundFrame, MalformedInput } from '../transport/types.js';
import type { ConnectionRuntime } from './connection.js';
import { dispatchRequest } from './handlers.js';
import { leadingId } from './leading-id.js';
import type { RequestOrigin, SessionRuntime } from './runtime.js';
import type { Diagnostic, Params } from './types.js';

function deliverResponse(runtime: SessionRuntime, connection: ConnectionRuntime, message: JsonRpcSuccess | JsonRpcErrorResponse): void {
  const id = message.id;
  const pending = id === undefined || id === null ? undefined : connection.requests.get(id);
  if (pending) {
    pending.respond(message);
    return;
  }
  runtime.diagnose(undelivered(runtime, connection, id, message));
}

/** The connection other than `connection` on which our request `id` is waiting, if any. */
function sentElsewhere(runtime: SessionRuntime, connection: ConnectionRuntime, id: RequestId): ConnectionRuntime | undefined {
  for (const other of runtime.connections) if (other !== connection && other.requests.get(id) !== undefined) return other;
  return undefined;
}

/** Why a response reached no request: its id is no one's, no longer pending, or that of a request of another connection. */
function undelivered(runtime: SessionRuntime, connection: ConnectionRuntime, id: RequestId | null | undefined, value: unknown): Diagnostic {
  const ours = typeof id === 'number' && id >= 0 && id < runtime.nextId;
  const elsewhere = ours ? sentElsewhere(runtime, connection, id) : undefined;
  if (elsewhere !== undefined) {
    return { kind: 'unknown-response', message: `Response to request ${id}, which was sent on connection ${elsewhere.id}, arrived on connection ${connection.id}: dropped`, value };
  }
  return ours
    ? { kind: 'late-response', message: `Response to request ${id}, which is no longer pending (answered or cancelled): dropped`, value }
    : { kind: 'unknown-response', message: `Response to an id this session never sent (${JSON.stringify(id ?? null)}): dropped`, value };
}

function deliverNotification(runtime: SessionRuntime, connection: ConnectionRuntime, message: JsonRpcNotification): void {
  const params = message.params;
  if (message.method === 'notifications/progress' && params) {
    const token = params['progressToken'];
    const target = typeof token === 'string' || typeof token === 'number' ? connection.requests.forToken(token) : undefined;
    // Progress that is not a number means nothing to the caller (and must not restart its idle clock).
    if (target !== undefined && !Number.isFinite(params['progress'])) {
      runtime.diagnose({ kind: 'invalid-message', message: `A progress notification for ${target.method} has no numeric progress: ${JSON.stringify(params['progress'])}`, value: message });
    } else {
      target?.progress(params as Params);
    }
  } else if (message.method === 'notifications/cancelled' && params) {
    const requestId = params['requestId'];
    if (typeof requestId === 'string' || typeof requestId === 'number') connection.running.get(requestId)?.cancel();
  }
  runtime.publishNotification(connection, message);
}

/** The id of a value that looks like a response, however broken it is. */
function responseIdOf(value: unknown): RequestId | undefined {
  if (typeof value !== 'object' || value === null || 'method' in value) return undefined;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function rejectInvalid(runtime: SessionRuntime, connection: ConnectionRuntime, value: unknown): void {
  const classified = classifyMessage(value);
  const reason = classified.kind === 'invalid' ? classified.reason : 'unknown';
  const error = new SchemaError(`Not a JSON-RPC message: ${reason}`, { value });
  // A broken response still answers its request: fail that caller now rather than let it wait for its timeout.
  const id = responseIdOf(value);
  if (id !== undefined) {
    const pending = connection.requests.get(id);
    pending?.fail(new SchemaError(`The response to ${pending.method} (request ${id}) is not a valid JSON-RPC response: ${reason}`, { value }));
  }
  runtime.diagnose({ kind: 'invalid-message', message: `Inbound value is not a JSON-RPC message: ${reason}`, error, value });
}

function routeMessage(runtime: SessionRuntime, connection: ConnectionRuntime, value: unknown, origin: RequestOrigin | undefined): void {
  switch (messageKind(value)) {
    case 'success':
    case 'error':
      deliverResponse(runtime, connection, value as JsonRpcSuccess | JsonRpcErrorResponse);
      return;
    case 'notification':
      deliverNotification(runtime, connection, value as JsonRpcNotification);
      return;
    case 'request':
      dispatchRequest(runtime, connection, value as JsonRpcRequest, origin);
      return;
    default:
      rejectInvalid(runtime, connection, value);
  }
}

function rejectMalformed(runtime: SessionRuntime, connection: ConnectionRuntime, malformed: MalformedInput): void {
  const { tooLarge } = malformed;
  if (tooLarge === undefined) {
    runtime.diagnose({
      kind: 'malformed-frame',
      message: `Inbound frame is not JSON (${malformed.reason}): dropped`,
      error: new ParseError(malformed.raw),
      value: malformed.raw,
    });
    return;
  }
  const error = new MessageTooLargeError({ limit: tooLarge.limit, size: tooLarge.size });
  const id = leadingId(malformed.raw);
  const pending = id === undefined ? undefined : connection.requests.get(id);
  pending?.fail(error);
  const answered = pending === undefined ? 'no pending request could be told from its start' : `request ${String(id)} (${pending.method}) failed`;
  runtime.diagnose({ kind: 'oversized-message', message: `${error.message}: skipped; ${answered}`, error, value: malformed.raw });
}

function reportFailure(runtime: SessionRuntime, connection: ConnectionRuntime, failure: FrameFailure): void {
  const { error } = failure;
  const pending = failure.requestId === undefined ? undefined : connection.requests.get(failure.requestId);
  if (pending !== undefined) {
    pending.fail(error);
    return;
  }
  if (failure.stream !== undefined) {
    runtime.diagnose({ kind: 'stream-degraded', message: `The ${failure.stream} failed (${error.message}); everything else goes on without it, and it is retried`, error });
    return;
  }
  const what = failure.answering !== undefined
    ? `The answer to server request ${JSON.stringify(failure.answering)}`
    : failure.method === undefined ? 'A frame' : `A ${failure.method} frame`;
  runtime.diagnose({ kind: 'send-failed', message: `${what} could not be delivered and is lost: ${error.message}`, error });
}

/**
 * Routes one inbound frame of `connection`: responses to the request of that connection with their id, progress to
 * the request of that connection with its token (a request of another connection hears of neither),
 * server requests to their handler (with the request whose own stream carried them, `origin`), notifications to the
 * hot streams, frame failures to the request they concern.
 * Batches are split. Never throws: bad input becomes a diagnostic, and fails the request it answers when it
 * answers one.
 */
export function routeFrame(runtime: SessionRuntime, connection: ConnectionRuntime, frame: InboundFrame, origin?: RequestOrigin): void {
  if (frame.malformed) {
    rejectMalformed(runtime, connection, frame.malformed);
    return;
  }
  if (frame.failure) {
    reportFailure(runtime, connection, frame.failure);
    return;
  }
  const value = frame.message;
  if (!Array.isArray(value)) {
    routeMessage(runtime, connection, value, origin);
    return;
  }
  if (value.length === 0) runtime.diagnose({ kind: 'empty-batch', message: 'Inbound batch is empty: dropped', value });
  for (const item of value) routeMessage(runtime, connection, item, origin);
}
