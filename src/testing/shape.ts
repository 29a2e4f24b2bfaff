// Shapes what the scripted server sends for its revision, with the protocol layer's own schemas: results are
// stripped of what the revision does not define (a tool's `icons` before 2025-11-25, ...), completed with what it
// requires (2026-07-28 `resultType`, cache hints) and then checked the way the client will read them, so a test
// that scripts something the revision cannot carry fails at the line that scripted it.
import { decodeNotification, decodeResult, decodeServerRequest } from '../protocol/codec.js';
import { hasCapability, type Capabilities } from '../protocol/model/capabilities.js';
import { isClientRequestSpec, isServerNotificationSpec, isServerRequestSpec, knownMethodSpec, methodSpec } from '../protocol/methods.js';
import { schemasFor, type SchemaTable } from '../protocol/revision-schemas.js';
import { parseOrThrow } from '../protocol/schema-errors.js';
import { memoizeBy } from '../protocol/shapes/context.js';
import { buildSharedResults } from '../protocol/shapes/results.js';
import { isModernVersion, isVersionAtLeast, type ProtocolVersion } from '../protocol/versions.js';
import type { Params } from '../session/types.js';
import { TestScriptError } from './errors.js';

/** Result schemas built from the revision's exact (sending) shapes: nested items keep only the revision's fields. */
const exactResults = memoizeBy((version: ProtocolVersion): SchemaTable => {
  const { send } = schemasFor(version).kits;
  return buildSharedResults(send.base, send.content, send.listing);
});

/** Cache hints that keep nothing. */
const NO_CACHE: Params = { ttlMs: 0, cacheScope: 'public' };

const MODERN_ONLY = ['resultType', 'ttlMs', 'cacheScope'] as const;

function withoutModernFields(version: ProtocolVersion, method: string, result: Record<string, unknown>): Record<string, unknown> {
  const shaped = { ...result };
  for (const key of MODERN_ONLY) delete shaped[key];
  if (method === 'tools/call' && !isVersionAtLeast(version, '2025-06-18')) delete shaped['structuredContent'];
  return shaped;
}

/** True for a task handle in place of a `tools/call` result: 2025-11-25 `{ task }`, 2026-07-28 `resultType: "task"`. */
export function isTaskResult(version: ProtocolVersion, method: string, result: Params): boolean {
  if (method !== 'tools/call') return false;
  return isModernVersion(version) ? result['resultType'] === 'task' : isVersionAtLeast(version, '2025-11-25') && typeof result['task'] === 'object' && result['task'] !== null;
}

/**
 * The result of client request `method` as a server of `version` sends it. A task handle answering `tools/call`
 * (2025-11-25 core tasks, 2026-07-28 tasks extension) is checked as such. Methods of extensions rxmcp knows for the
 * revision (the tasks extension's `tasks/get`, ...) get `resultType` and are checked against the extension's
 * schema; methods of other extensions pass through, with `resultType` added on 2026-07-28.
 *
 * @throws SchemaError when the result cannot be carried by the revision (a missing `tools` array, audio content
 * before 2025-03-26, ...).
 */
export function shapeResult(version: ProtocolVersion, method: string, result: Params, hints: Params = NO_CACHE): Params {
  const modern = isModernVersion(version);
  if (isTaskResult(version, method, result)) {
    decodeResult(version, method, result, { allowedResultTypes: ['task'] });
    return result;
  }
  const spec = methodSpec(version, method);
  if (!isClientRequestSpec(spec)) {
    const shaped = modern ? { resultType: 'complete', ...result } : result;
    if (isClientRequestSpec(knownMethodSpec(version, method))) decodeResult(version, method, shaped);
    return shaped;
  }
  const schema = exactResults(version)[method];
  const stripped = schema ? parseOrThrow<Record<string, unknown>>(schema, result, `${method} result for ${version}`) : { ...result };
  const shaped = modern
    ? { resultType: 'complete', ...(spec.cacheable ? hints : {}), ...stripped }
    : withoutModernFields(version, method, stripped);
  decodeResult(version, method, shaped);
  return shaped;
}

/** Server capabilities and server info shaped for `version` (fields it does not define are left out). */
export function shapeServerIdentity(version: ProtocolVersion, capabilities: Params, serverInfo: Params): { capabilities: Params; serverInfo: Params } {
  const { send } = schemasFor(version).kits;
  return {
    capabilities: parseOrThrow<Params>(send.capabilities.ServerCapabilitiesSchema, capabilities, `server capabilities for ${version}`),
    serverInfo: parseOrThrow<Params>(send.base.ImplementationSchema, serverInfo, `serverInfo for ${version}`),
  };
}

const pathOf = (path: readonly string[]): string => path.join('.');

/**
 * Checks a notification the server is about to send: the revision has it, the server declared the capability it
 * depends on, and the params fit.
 *
 * @throws TestScriptError for a notification the revision or the capabilities rule out. @throws SchemaError for bad params.
 */
export function checkServerNotification(version: ProtocolVersion, method: string, params: Params | undefined, capabilities: Capabilities): void {
  const spec = knownMethodSpec(version, method);
  if (!isServerNotificationSpec(spec)) throw new TestScriptError(`${method} is not a notification a server sends in MCP ${version}`);
  if (spec.serverCapability && !hasCapability(capabilities, spec.serverCapability)) {
    throw new TestScriptError(`${method} needs the server capability ${pathOf(spec.serverCapability)}, which this server does not declare (see the capabilities option)`);
  }
  decodeNotification(version, method, params);
}

/**
 * Checks a request the server is about to make of the client (a legacy JSON-RPC request or a 2026-07-28 input
 * request): the revision has it, the client declared the capability it needs, and the params fit.
 *
 * @throws TestScriptError when the revision has no such request or the client did not declare the capability.
 * @throws SchemaError for bad params.
 */
export function checkServerRequest(version: ProtocolVersion, method: string, params: object | undefined, client: Capabilities | undefined): void {
  const spec = methodSpec(version, method);
  if (!isServerRequestSpec(spec)) throw new TestScriptError(`${method} is not a request a server makes in MCP ${version}`);
  if (spec.clientCapability && !hasCapability(client, spec.clientCapability)) {
    throw new TestScriptError(`The client did not declare the ${pathOf(spec.clientCapability)} capability, so a server must not ask it for ${method} (give the client a handler for it)`);
  }
  decodeServerRequest(version, method, params);
}
