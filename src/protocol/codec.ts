import { plainResult } from './plain-results.js';
import { SchemaError } from '../errors/errors.js';
import { extensionMethod, extensionOfResultType } from './extensions.js';
import { isClientRequestSpec, isServerNotificationSpec, isServerRequestSpec, type MethodSpec } from './method-spec.js';
import { methodSpec } from './methods.js';
import type { ExtensionResult } from './model/common.js';
import type { DecodedResult, ServerNotificationParamsOf, ServerRequestParamsOf } from './model/maps.js';
import { schemasFor, type RevisionSchemas } from './revision-schemas.js';
import { isJsonObject, parseOrThrow, unsupportedMethod } from './schema-errors.js';
import { revisionOf } from './revisions.js';
import type { ProtocolVersion } from './versions.js';

/** Options of `decodeResult`. */
export interface DecodeOptions {
  /**
   * Extension result types the caller enabled for this request (for example `task` when the tasks extension
   * was negotiated for a `tools/call`). `complete` and `input_required` are always known.
   */
  readonly allowedResultTypes?: ReadonlySet<string> | readonly string[];
}

/**
 * Decodes the `result` of a client request into the revision-neutral model.
 *
 * 2026-07-28: a missing `resultType` means `complete`; `input_required` (only for `tools/call`,
 * `prompts/get` and `resources/read`) decodes to an `InputRequiredResult`; any other `resultType` is
 * returned as an `ExtensionResult` when `options.allowedResultTypes` has it (checked against the schema of the
 * registered extension that defines it, such as the tasks extension's `CreateTaskResult`). Legacy revisions: the
 * result is complete, except a 2025-11-25 `CreateTaskResult` when `task` is allowed. Requests of a registered
 * extension of `version` (`tasks/get` of the 2026-07-28 tasks extension, ...) decode with that extension's schemas.
 * Completed results carry `resultType: 'complete'` whatever the revision. Unknown fields are kept.
 *
 * @throws UnsupportedMethodError when `method` is not a client request of `version` or of a registered extension of it.
 * @throws SchemaError when the result does not match the revision's schema or its `resultType` is not allowed.
 */
export function decodeResult<M extends string>(version: ProtocolVersion, method: M, value: unknown): DecodedResult<M>;
export function decodeResult<M extends string>(
  version: ProtocolVersion,
  method: M,
  value: unknown,
  options: DecodeOptions,
): DecodedResult<M> | ExtensionResult;
export function decodeResult(version: ProtocolVersion, method: string, value: unknown, options: DecodeOptions = {}): unknown {
  const spec = methodSpec(version, method);
  if (!isClientRequestSpec(spec)) return decodeExtensionResult(version, method, value);
  if (!isJsonObject(value)) throw new SchemaError(`${method} result must be a JSON object`, { value });
  const schemas = schemasFor(version);
  return revisionOf(version).resultType
    ? decodeModern(schemas, spec, method, value, options)
    : decodeLegacy(schemas, method, value, options);
}

function decodeModern(
  schemas: RevisionSchemas,
  spec: MethodSpec,
  method: string,
  value: Record<string, unknown>,
  options: DecodeOptions,
): unknown {
  const resultType = value['resultType'] ?? 'complete';
  if (resultType === 'complete') return decodeComplete(schemas, method, value);
  if (resultType === 'input_required' && spec.mayRequireInput && schemas.InputRequiredResultSchema) {
    const decoded = parseOrThrow<object>(schemas.InputRequiredResultSchema, value, `${method} input_required result`);
    return { ...decoded, resultType: 'input_required' };
  }
  if (typeof resultType === 'string' && resultType !== 'input_required' && allows(options, resultType)) {
    const schema = extensionOfResultType(schemas.version, method, resultType)?.schemas(schemas.version).resultTypes[method]?.[resultType];
    return schema ? { ...parseOrThrow<object>(schema, value, `${method} ${resultType} result`), resultType } : value;
  }
  throw new SchemaError(`${method} result has a resultType this request did not enable: ${JSON.stringify(resultType)}`, {
    value,
  });
}

function decodeLegacy(schemas: RevisionSchemas, method: string, value: Record<string, unknown>, options: DecodeOptions): unknown {
  if (schemas.CreateTaskResultSchema && isJsonObject(value['task']) && allows(options, 'task')) {
    const decoded = parseOrThrow<object>(schemas.CreateTaskResultSchema, value, `${method} task result`);
    return { ...decoded, resultType: 'task' };
  }
  return decodeComplete(schemas, method, value);
}

function decodeComplete(schemas: RevisionSchemas, method: string, value: Record<string, unknown>): unknown {
  const schema = schemas.results[method];
  if (!schema) throw unsupportedMethod(schemas.version, method, 'client request');
  const decoded = plainResult(method, value) ?? parseOrThrow<Record<string, unknown>>(schema, value, method, 'result');
  decoded['resultType'] = 'complete';
  return decoded;
}

function decodeExtensionResult(version: ProtocolVersion, method: string, value: unknown): unknown {
  const known = extensionMethod(version, method);
  const schema = known !== undefined && isClientRequestSpec(known.spec) ? known.extension.schemas(version).results[method] : undefined;
  if (!schema) throw unsupportedMethod(version, method, 'client request');
  if (!isJsonObject(value)) throw new SchemaError(`${method} result must be a JSON object`, { value });
  return { ...parseOrThrow<object>(schema, value, method, 'result'), resultType: 'complete' };
}

function extensionNotificationSchema(version: ProtocolVersion, method: string) {
  const known = extensionMethod(version, method);
  return known !== undefined && isServerNotificationSpec(known.spec) ? known.extension.schemas(version).notifications[method] : undefined;
}

function allows(options: DecodeOptions, resultType: string): boolean {
  const allowed = options.allowedResultTypes;
  if (allowed === undefined) return false;
  return 'has' in allowed ? allowed.has(resultType) : allowed.includes(resultType);
}

/**
 * Decodes the params of a request the server sends: a legacy JSON-RPC request (`sampling/createMessage`,
 * `roots/list`, `elicitation/create`, `ping`, 2025-11-25 `tasks/*`) or a 2026-07-28 input request. Absent
 * params decode as `{}`.
 *
 * @throws UnsupportedMethodError when `method` is not a server request of `version` (answer `-32601`).
 * @throws SchemaError when the params do not match (answer `-32602`).
 */
export function decodeServerRequest<M extends string>(version: ProtocolVersion, method: M, params: unknown): ServerRequestParamsOf<M> {
  if (!isServerRequestSpec(methodSpec(version, method))) throw unsupportedMethod(version, method, 'server request');
  const schema = schemasFor(version).serverRequests[method];
  if (!schema) throw unsupportedMethod(version, method, 'server request');
  return parseOrThrow(schema, params ?? {}, `${method} params`);
}

/**
 * Decodes the params of a notification the server sends (of `version`, or of a registered extension of it, such as
 * `notifications/tasks`). Absent params decode as `{}`.
 *
 * @throws UnsupportedMethodError when `method` is not a server notification of `version` or its extensions.
 * @throws SchemaError when the params do not match.
 */
export function decodeNotification<M extends string>(
  version: ProtocolVersion,
  method: M,
  params: unknown,
): ServerNotificationParamsOf<M> {
  const schema = isServerNotificationSpec(methodSpec(version, method)) ? schemasFor(version).serverNotifications[method] : extensionNotificationSchema(version, method);
  if (!schema) throw unsupportedMethod(version, method, 'server notification');
  return parseOrThrow(schema, params ?? {}, `${method} params`);
}
