import * as z from 'zod/mini';
import { opt } from '../shapes/context.js';
import type { Kit } from '../shapes/kit.js';

/**
 * Builds the `_meta` every 2026-07-28 request carries (sent): the protocol version and this request's client
 * capabilities are required; client info, log level and progress token are optional; other keys (trace
 * context, extensions) pass through.
 */
export function buildRequestMeta(send: Kit) {
  return z.looseObject({
    'io.modelcontextprotocol/protocolVersion': z.string(),
    'io.modelcontextprotocol/clientCapabilities': send.capabilities.ClientCapabilitiesSchema,
    'io.modelcontextprotocol/clientInfo': opt(send.base.ImplementationSchema),
    'io.modelcontextprotocol/logLevel': opt(send.base.LoggingLevelSchema),
    progressToken: opt(send.base.ProgressTokenSchema),
  });
}
