import * as z from 'zod/mini';
import { opt } from '../shapes/context.js';
import type { Kit } from '../shapes/kit.js';

/** Builds the legacy `_meta` of request params (sent): optional, with the progress opt-in. */
export function buildLegacyRequestMeta(send: Kit) {
  return opt(z.looseObject({ progressToken: opt(send.base.ProgressTokenSchema) }));
}

/** Builds `initialize` params (sent, exact for the revision). */
export function buildInitializeParams(send: Kit) {
  return send.ctx.object({
    _meta: buildLegacyRequestMeta(send),
    protocolVersion: z.string(),
    capabilities: send.capabilities.ClientCapabilitiesSchema,
    clientInfo: send.base.ImplementationSchema,
  });
}

/** Builds `InitializeResult` (received). */
export function buildInitializeResult(receive: Kit) {
  return z.looseObject({
    _meta: opt(receive.base.ResultMetaSchema),
    protocolVersion: z.string(),
    capabilities: receive.capabilities.ServerCapabilitiesSchema,
    serverInfo: receive.base.ImplementationSchema,
    instructions: opt(z.string()),
  });
}
