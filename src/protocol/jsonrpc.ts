import * as z from 'zod/mini';

/** JSON-RPC request id: a string or an integer, never null. */
export const RequestIdSchema = z.union([z.string(), z.int()]);
/** JSON-RPC request id: a string or an integer, never null. */
export type RequestId = string | number;

/** A JSON-RPC 2.0 request (expects a response). */
export const JsonRpcRequestSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: RequestIdSchema,
  method: z.string(),
  params: z.optional(z.record(z.string(), z.unknown())),
});
/** A JSON-RPC 2.0 request (expects a response). */
export interface JsonRpcRequest {
  readonly jsonrpc: '2.0';
  readonly id: RequestId;
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A JSON-RPC 2.0 notification (no id, no response). */
export const JsonRpcNotificationSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  params: z.optional(z.record(z.string(), z.unknown())),
});
/** A JSON-RPC 2.0 notification (no id, no response). */
export interface JsonRpcNotification {
  readonly jsonrpc: '2.0';
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A JSON-RPC 2.0 success response. */
export const JsonRpcSuccessSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: RequestIdSchema,
  result: z.record(z.string(), z.unknown()),
});
/** A JSON-RPC 2.0 success response. */
export interface JsonRpcSuccess {
  readonly jsonrpc: '2.0';
  readonly id: RequestId;
  readonly result: Readonly<Record<string, unknown>>;
}

/** The error member of a JSON-RPC error response. */
export const JsonRpcErrorObjectSchema = z.looseObject({
  code: z.int(),
  message: z.string(),
  data: z.optional(z.unknown()),
});
/** The error member of a JSON-RPC error response. */
export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A JSON-RPC 2.0 error response; `id` may be absent only when the request id could not be read. */
export const JsonRpcErrorResponseSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.optional(z.nullable(RequestIdSchema)),
  error: JsonRpcErrorObjectSchema,
});
/** A JSON-RPC 2.0 error response; `id` may be absent only when the request id could not be read. */
export interface JsonRpcErrorResponse {
  readonly jsonrpc: '2.0';
  readonly id?: RequestId | null;
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
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
} as const;
