import type {
  JsonRpcErrorResponse,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcSuccess,
} from './jsonrpc.js';

/** One inbound value, sorted by the cheap envelope checks of the hot path. */
export type Classified =
  | { readonly kind: 'request'; readonly message: JsonRpcRequest }
  | { readonly kind: 'notification'; readonly message: JsonRpcNotification }
  | { readonly kind: 'success'; readonly message: JsonRpcSuccess }
  | { readonly kind: 'error'; readonly message: JsonRpcErrorResponse }
  | { readonly kind: 'invalid'; readonly reason: string; readonly value: unknown };

const isId = (id: unknown): id is string | number =>
  typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (reason: string, value: unknown): Classified => ({ kind: 'invalid', reason, value });

function classifyResponse(value: Record<string, unknown>): Classified {
  const hasResult = 'result' in value;
  const error = value['error'];
  if (hasResult === (error !== undefined)) return invalid('a response needs exactly one of result and error', value);
  if (hasResult) {
    if (!isId(value['id'])) return invalid('response id must be a string or an integer', value);
    if (!isObject(value['result'])) return invalid('result must be an object', value);
    return { kind: 'success', message: value as unknown as JsonRpcSuccess };
  }
  const id = value['id'];
  if (id !== undefined && id !== null && !isId(id)) return invalid('response id must be a string or an integer', value);
  if (!isObject(error) || !Number.isInteger(error['code']) || typeof error['message'] !== 'string') {
    return invalid('error must be an object with an integer code and a string message', value);
  }
  return { kind: 'error', message: value as unknown as JsonRpcErrorResponse };
}

/**
 * Sorts one parsed JSON value into a JSON-RPC message kind without throwing.
 * Envelope checks only (jsonrpc, id, method, params, result, error): method-specific shapes are checked by
 * the client layer. Arrays are not messages: split batches with `splitBatch` first.
 */
export function classifyMessage(value: unknown): Classified {
  if (!isObject(value)) return invalid('a JSON-RPC message must be an object', value);
  if (value['jsonrpc'] !== '2.0') return invalid('jsonrpc must be "2.0"', value);
  const method = value['method'];
  if (method === undefined) return classifyResponse(value);
  if (typeof method !== 'string') return invalid('method must be a string', value);
  const params = value['params'];
  if (params !== undefined && !isObject(params)) return invalid('params must be an object', value);
  if (!('id' in value)) return { kind: 'notification', message: value as unknown as JsonRpcNotification };
  if (!isId(value['id'])) return invalid('request id must be a string or an integer', value);
  return { kind: 'request', message: value as unknown as JsonRpcRequest };
}

/** Splits an inbound JSON-RPC batch (legal in 2025-03-26) into its messages; any other value is one message. */
export function splitBatch(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value];
}
