import type { Params } from '../../src/index.js';
import type { JsonRpcMessage } from '../../src/protocol/index.js';
import { VERSION } from '../../src/client/version.js';

/** The `clientInfo` rxmcp sends by default. */
export const CLIENT_INFO = { name: 'rxmcp', version: VERSION };
export const SERVER_INFO = { name: 'fixture-server', version: '1.2.3' };

/** The `_meta` of a 2026-07-28 request with the given client capabilities. */
export function modernMeta(capabilities: Params = {}, extra: Params = {}): Params {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    ...extra,
  };
}

/** A `DiscoverResult`. */
export function discoverResult(capabilities: Params = { tools: {}, resources: {}, prompts: {} }, supportedVersions = ['2026-07-28']): Params {
  return {
    resultType: 'complete',
    supportedVersions,
    capabilities,
    instructions: 'Use the tools.',
    ttlMs: 0,
    cacheScope: 'public',
    _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
  };
}

/** An `InitializeResult`. */
export function initializeResult(protocolVersion = '2025-11-25', capabilities: Params = { tools: {}, resources: {}, prompts: {}, logging: {} }): Params {
  return { protocolVersion, capabilities, serverInfo: SERVER_INFO, instructions: 'Legacy server.' };
}

/** The params of the `initialize` rxmcp sends. */
export function initializeParams(protocolVersion = '2025-11-25', capabilities: Params = {}): Params {
  return { protocolVersion, capabilities, clientInfo: CLIENT_INFO };
}

/** The text of a tool result's `text` blocks, joined with newlines (`''` when it has none). */
export function textOf(result: unknown): string {
  const content = (result as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return '';
  return (content as { type?: unknown; text?: unknown }[])
    .filter((block) => block.type === 'text')
    .map((block) => String(block.text))
    .join('\n');
}

/** The method of a request or notification, or `response`. */
export function methodOf(message: JsonRpcMessage): string {
  return 'method' in message ? message.method : 'response';
}

/** The message itself when it is a `method` request or notification, else its method (or `response`). */
export function keepIf(method: string): (message: JsonRpcMessage) => JsonRpcMessage | string {
  return (message) => ('method' in message && message.method === method ? message : methodOf(message));
}
