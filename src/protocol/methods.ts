import { extensionMethod } from './extensions.js';
import { isClientRequestSpec, type MethodSpec, type MethodTable } from './method-spec.js';
import { revisionOf } from './revisions.js';
import type { ProtocolVersion } from './versions.js';

export type { MethodDirection, MethodSpec, MethodTable } from './method-spec.js';
export { isClientNotificationSpec, isClientRequestSpec, isServerNotificationSpec, isServerRequestSpec } from './method-spec.js';

/**
 * The static method registry of a revision: every request and notification it defines, with direction and
 * the capability it depends on. A method missing from the table does not exist in that revision.
 */
export function methodsFor(version: ProtocolVersion): MethodTable {
  return revisionOf(version).methods;
}

/** What `version` says about `method`, or `undefined` when the revision has no such method. */
export function methodSpec(version: ProtocolVersion, method: string): MethodSpec | undefined {
  const table = methodsFor(version);
  return Object.hasOwn(table, method) ? table[method] : undefined;
}

/**
 * What `version` or one of its registered extensions (see `extensionsFor`) says about `method`, or `undefined`
 * when neither has it. An extension method's spec names its extension and requires the server to declare it.
 */
export function knownMethodSpec(version: ProtocolVersion, method: string): MethodSpec | undefined {
  return methodSpec(version, method) ?? extensionMethod(version, method)?.spec;
}

/** True when the client may send request `method` to a server of `version`. */
export function canClientRequest(version: ProtocolVersion, method: string): boolean {
  return isClientRequestSpec(methodSpec(version, method));
}
