import type { Observable } from 'rxjs';
import { UnsupportedMethodError } from '../errors/errors.js';
import { hasCapability } from '../protocol/model/capabilities.js';
import { isClientRequestSpec, knownMethodSpec } from '../protocol/methods.js';
import type { Params } from '../session/types.js';
import type { ClientConnection } from './client-connection.js';
import type { CallOptions } from './envelope.js';
import type { CallEvent } from './input-rounds.js';

/** Throws when `method` cannot be sent on `ready`: not part of its revision or extensions, or a capability missing. */
function checkSupported(ready: ClientConnection, method: string): void {
  const { protocolVersion, capabilities } = ready.server;
  const spec = knownMethodSpec(protocolVersion, method);
  if (!isClientRequestSpec(spec)) {
    throw new UnsupportedMethodError(`${method} is not part of MCP ${protocolVersion}`, { method });
  }
  if (spec.serverCapability && !hasCapability(capabilities, spec.serverCapability)) {
    throw new UnsupportedMethodError(`The server does not declare the ${spec.serverCapability.join('.')} capability needed for ${method}`, { method });
  }
}

/**
 * One request of `method` on the negotiated connection `ready`, and on no other, through its chain of links (the
 * client's own, then cache, input rounds, re-issue and the wire: see `connectionChain`). `safe` (may it be sent
 * again?) defaults to true for every method but `tools/call`: a tool call is safe to repeat only when its caller
 * says so. Throws `UnsupportedMethodError` at once for a method the connection cannot send.
 */
export function callOn(ready: ClientConnection, method: string, params: Params | undefined, options: CallOptions, safe = method !== 'tools/call'): Observable<CallEvent<unknown>> {
  checkSupported(ready, method);
  return ready.send({ method, params, options, connection: ready, safe });
}
