import { isClientNotificationSpec, isClientRequestSpec, isServerRequestSpec } from './method-spec.js';
import { methodSpec } from './methods.js';
import type { ClientNotificationParamsOf, ClientRequestParamsOf, ServerRequestResultOf } from './model/maps.js';
import { schemasFor, type SchemaTable } from './revision-schemas.js';
import { parseOrThrow, unsupportedMethod } from './schema-errors.js';
import type { ProtocolVersion } from './versions.js';

/**
 * Shapes the params of a request the client sends for a server of `version`: fields the revision does not
 * define are dropped (e.g. `clientInfo.icons` before 2025-11-25, `inputResponses` before 2026-07-28); a field
 * of the wrong type or a missing required one (2026-07-28: `_meta` with version and capabilities) fails.
 * `undefined` stays `undefined` where the revision lets params be omitted.
 *
 * @throws UnsupportedMethodError when `version` has no such client request (nothing should be sent).
 * @throws SchemaError when the params cannot be shaped for the revision.
 */
export function encodeRequestParams<M extends string>(
  version: ProtocolVersion,
  method: M,
  params: ClientRequestParamsOf<M>,
): ClientRequestParamsOf<M> {
  if (!isClientRequestSpec(methodSpec(version, method))) throw unsupportedMethod(version, method, 'client request');
  return encodeWith(schemasFor(version).clientRequests, version, method, params, 'client request', 'params');
}

/**
 * Shapes the client's answer to a server request for `version`: a legacy JSON-RPC result, or a 2026-07-28
 * input response (the bare result placed in `inputResponses`). Same rules as `encodeRequestParams`.
 *
 * @throws UnsupportedMethodError when `version` has no such server request.
 * @throws SchemaError when the result cannot be shaped for the revision (e.g. audio content before 2025-03-26).
 */
export function encodeResult<M extends string>(
  version: ProtocolVersion,
  method: M,
  result: ServerRequestResultOf<M>,
): ServerRequestResultOf<M> {
  if (!isServerRequestSpec(methodSpec(version, method))) throw unsupportedMethod(version, method, 'server request');
  return encodeWith(schemasFor(version).clientResults, version, method, result, 'server request', 'result');
}

/**
 * Shapes the params of a notification the client sends for `version`. Same rules as `encodeRequestParams`.
 *
 * @throws UnsupportedMethodError when `version` has no such client notification.
 * @throws SchemaError when the params cannot be shaped for the revision.
 */
export function encodeNotificationParams<M extends string>(
  version: ProtocolVersion,
  method: M,
  params: ClientNotificationParamsOf<M>,
): ClientNotificationParamsOf<M> {
  if (!isClientNotificationSpec(methodSpec(version, method))) throw unsupportedMethod(version, method, 'client notification');
  return encodeWith(schemasFor(version).clientNotifications, version, method, params, 'client notification', 'params');
}

function encodeWith<T>(table: SchemaTable, version: ProtocolVersion, method: string, value: T, role: string, part: string): T {
  const schema = table[method];
  if (!schema) throw unsupportedMethod(version, method, role);
  return parseOrThrow<T>(schema, value, `outbound ${method} ${part} for ${version}`);
}
