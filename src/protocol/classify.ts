import type {
  JsonRpcErrorResponse,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcSuccess,
} from './jsonrpc.js';

/** One inbound value, sorted by the cheap envelope checks of the hot path. */
export type Classified =
  | {
      /** A request: it expects a response. */
      readonly kind: 'request';
      /** The message, as it came. */
      readonly message: JsonRpcRequest;
    }
  | {
      /** A notification: no id, no response. */
      readonly kind: 'notification';
      /** The message, as it came. */
      readonly message: JsonRpcNotification;
    }
  | {
      /** A success response. */
      readonly kind: 'success';
      /** The message, as it came. */
      readonly message: JsonRpcSuccess;
    }
  | {
      /** An error response. */
      readonly kind: 'error';
      /** The message, as it came. */
      readonly message: JsonRpcErrorResponse;
    }
  | {
      /** Not a JSON-RPC message. */
      readonly kind: 'invalid';
      /** Which envelope check failed, e.g. `jsonrpc must be "2.0"`. */
      readonly reason: string;
      /** The value, as it came. */
      readonly value: unknown;
    };

const isId = (id: unknown): id is string | number =>
  typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (reason: string, value: unknown): Classified => ({ kind: 'invalid', reason, value });

/** The kind of a JSON-RPC message, or `undefined` for a value that is not one (see `classifyMessage` for why). */
export type MessageKind = Exclude<Classified['kind'], 'invalid'>;

/**
 * The kind of one parsed JSON value, by the same envelope checks as `classifyMessage`, without allocating: the
 * per-frame check of the session. `undefined` means invalid; ask `classifyMessage` for the reason.
 */
export function messageKind(value: unknown): MessageKind | undefined {
  if (!isObject(value) || value['jsonrpc'] !== '2.0') return undefined;
  const method = value['method'];
  if (method === undefined) return responseKind(value);
  if (typeof method !== 'string') return undefined;
  const params = value['params'];
  if (params !== undefined && !isObject(params)) return undefined;
  if (!('id' in value)) return 'notification';
  return isId(value['id']) ? 'request' : undefined;
}

function responseKind(value: Record<string, unknown>): MessageKind | undefined {
  const hasResult = 'result' in value;
  const error = value['error'];
  if (hasResult === (error !== undefined)) return undefined;
  const id = value['id'];
  if (hasResult) return isId(id) && isObject(value['result']) ? 'success' : undefined;
  if (id !== undefined && id !== null && !isId(id)) return undefined;
  return isObject(error) && Number.isInteger(error['code']) && typeof error['message'] === 'string' ? 'error' : undefined;
}

/**
 * Sorts one parsed JSON value into a JSON-RPC message kind without throwing.
 * Envelope checks only (jsonrpc, id, method, params, result, error): method-specific shapes are checked by
 * the client layer. Arrays are not messages: classify each element of a batch.
 */
export function classifyMessage(value: unknown): Classified {
  const kind = messageKind(value);
  if (kind !== undefined) return { kind, message: value } as Classified;
  return invalid(invalidReason(value), value);
}

function invalidReason(value: unknown): string {
  if (!isObject(value)) return 'a JSON-RPC message must be an object';
  if (value['jsonrpc'] !== '2.0') return 'jsonrpc must be "2.0"';
  const method = value['method'];
  if (method === undefined) return responseReason(value);
  if (typeof method !== 'string') return 'method must be a string';
  const params = value['params'];
  if (params !== undefined && !isObject(params)) return 'params must be an object';
  return 'request id must be a string or an integer';
}

function responseReason(value: Record<string, unknown>): string {
  const hasResult = 'result' in value;
  if (hasResult === (value['error'] !== undefined)) return 'a response needs exactly one of result and error';
  const id = value['id'];
  if (hasResult ? !isId(id) : id !== undefined && id !== null && !isId(id)) return 'response id must be a string or an integer';
  return hasResult ? 'result must be an object' : 'error must be an object with an integer code and a string message';
}

/** Splits an inbound JSON-RPC batch (legal in 2025-03-26) into its messages; any other value is one message. */
export function splitBatch(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value];
}
