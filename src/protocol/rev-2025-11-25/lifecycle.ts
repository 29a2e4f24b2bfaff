import * as z from 'zod/mini';
import { opt } from '../shapes/context.js';
import type { Kit } from '../shapes/kit.js';

/** Builds the legacy `_meta` of request params (sent): optional, with the progress opt-in. */
export function buildLegacyRequestMeta(send: Kit) {
  return opt(z.looseObject({ progressToken: opt(send.base.progressToken) }));
}

/** Builds `initialize` params (sent, exact for the revision). */
export function buildInitializeParams(send: Kit) {
  return send.ctx.object({
    _meta: buildLegacyRequestMeta(send),
    protocolVersion: z.string(),
    capabilities: send.capabilities.clientCapabilities,
    clientInfo: send.base.implementation,
  });
}

/** Builds `InitializeResult` (received). */
export function buildInitializeResult(receive: Kit) {
  return z.looseObject({
    _meta: opt(receive.base.resultMeta),
    protocolVersion: z.string(),
    capabilities: receive.capabilities.serverCapabilities,
    serverInfo: receive.base.implementation,
    instructions: opt(z.string()),
  });
}
