import * as z from 'zod/mini';

/** JSON-RPC request id: a string or an integer, never null. */
export const RequestIdSchema = z.union([z.string(), z.int()]);
/** JSON-RPC request id: a string or an integer, never null. */
export type RequestId = string | number;

/** A JSON-RPC 2.0 request (expects a response). */
export const JsonRpcRequestSchema = z.looseObject({
  /** Always `'2.0'`. */
  jsonrpc: z.literal('2.0'),
  /** The request's id; its response carries the same one. */
  id: RequestIdSchema,
  /** The method, e.g. `tools/call`. */
  method: z.string(),
  /** The method's parameters (an object), if any. */
  params: z.optional(z.record(z.string(), z.unknown())),
});
/** A JSON-RPC 2.0 request (expects a response). */
export interface JsonRpcRequest {
  /** Always `'2.0'`. */
  readonly jsonrpc: '2.0';
  /** The request's id; its response carries the same one. */
  readonly id: RequestId;
  /** The method, e.g. `tools/call`. */
  readonly method: string;
  /** The method's parameters (an object), if any. */
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A JSON-RPC 2.0 notification (no id, no response). */
export const JsonRpcNotificationSchema = z.looseObject({
  /** Always `'2.0'`. */
  jsonrpc: z.literal('2.0'),
  /** The method, e.g. `notifications/progress`. */
  method: z.string(),
  /** The method's parameters (an object), if any. */
  params: z.optional(z.record(z.string(), z.unknown())),
});
/** A JSON-RPC 2.0 notification (no id, no response). */
export interface JsonRpcNotification {
  /** Always `'2.0'`. */
  readonly jsonrpc: '2.0';
  /** The method, e.g. `notifications/progress`. */
  readonly method: string;
  /** The method's parameters (an object), if any. */
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A JSON-RPC 2.0 success response. */
export const JsonRpcSuccessSchema = z.looseObject({
  /** Always `'2.0'`. */
  jsonrpc: z.literal('2.0'),
  /** The id of the request this answers. */
  id: RequestIdSchema,
  /** The method's result (an object). */
  result: z.record(z.string(), z.unknown()),
});
/** A JSON-RPC 2.0 success response. */
export interface JsonRpcSuccess {
  /** Always `'2.0'`. */
  readonly jsonrpc: '2.0';
  /** The id of the request this answers. */
  readonly id: RequestId;
  /** The method's result (an object). */
  readonly result: Readonly<Record<string, unknown>>;
}

/** The error member of a JSON-RPC error response. */
export const JsonRpcErrorObjectSchema = z.looseObject({
  /** The JSON-RPC error code, an integer. */
  code: z.int(),
  /** A short description of the error. */
  message: z.string(),
  /** More about the error, if the peer gave anything. */
  data: z.optional(z.unknown()),
});
/** The error member of a JSON-RPC error response. */
export interface JsonRpcErrorObject {
  /** The JSON-RPC error code, an integer. */
  readonly code: number;
  /** A short description of the error. */
  readonly message: string;
  /** More about the error, if the peer gave anything. */
  readonly data?: unknown;
}

/** A JSON-RPC 2.0 error response; `id` may be absent only when the request id could not be read. */
export const JsonRpcErrorResponseSchema = z.looseObject({
  /** Always `'2.0'`. */
  jsonrpc: z.literal('2.0'),
  /** The id of the request this answers; absent or `null` when the request id could not be read. */
  id: z.optional(z.nullable(RequestIdSchema)),
  /** What went wrong. */
  error: JsonRpcErrorObjectSchema,
});
/** A JSON-RPC 2.0 error response; `id` may be absent only when the request id could not be read. */
export interface JsonRpcErrorResponse {
  /** Always `'2.0'`. */
  readonly jsonrpc: '2.0';
  /** The id of the request this answers; absent or `null` when the request id could not be read. */
  readonly id?: RequestId | null;
  /** What went wrong. */
  readonly error: JsonRpcErrorObject;
}

/** Any single JSON-RPC 2.0 message. */
export const JsonRpcMessageSchema = z.union([
  JsonRpcRequestSchema,
  JsonRpcNotificationSchema,
  JsonRpcSuccessSchema,
  JsonRpcErrorResponseSchema,
]);
/** Any single JSON-RPC 2.0 message. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcSuccess | JsonRpcErrorResponse;
/** A response of either kind. */
export type JsonRpcResponse = JsonRpcSuccess | JsonRpcErrorResponse;

/** Standard JSON-RPC error codes. */
export const JSONRPC_ERROR_CODES = {
  /** The bytes were not JSON. */
  PARSE_ERROR: -32700,
  /** The JSON was not a valid JSON-RPC request. */
  INVALID_REQUEST: -32600,
  /** The method does not exist or is not available. */
  METHOD_NOT_FOUND: -32601,
  /** The parameters are not what the method takes. */
  INVALID_PARAMS: -32602,
  /** The peer failed while handling the request. */
  INTERNAL_ERROR: -32603,
} as const;
