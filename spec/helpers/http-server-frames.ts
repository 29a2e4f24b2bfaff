// Raw JSON-RPC frames for the Streamable HTTP specs (there is no client layer under them).
import { lastValueFrom, type Observable, timeout, toArray } from 'rxjs';
import type { JsonRpcMessage, JsonRpcRequest } from '../../src/protocol/jsonrpc.js';
import { type HeaderAnnotatedTool, routingHeaders } from '../../src/protocol/routing-headers.js';
import type { InboundFrame, OutboundFrame } from '../../src/transport/types.js';

export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';

/** The `_meta` every 2026-07-28 request carries. */
export const modernMeta = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'rxmcp-spec', version: '0.0.0' },
  ...extra,
});

/** Options of `modernFrame`. */
export interface ModernFrameOptions {
  /** The called tool, for its `Mcp-Param-*` headers. */
  readonly tool?: HeaderAnnotatedTool;
  /** Extra `_meta` keys (`progressToken`, ...). */
  readonly meta?: Record<string, unknown>;
  /** The protocol version claimed in `_meta` and in `MCP-Protocol-Version` (default 2026-07-28). */
  readonly version?: string;
}

/** A 2026-07-28 request frame with its routing headers. */
export function modernFrame(
  id: number | string,
  method: string,
  params: Record<string, unknown> = {},
  options: ModernFrameOptions = {},
): OutboundFrame {
  const version = options.version ?? MODERN;
  const _meta = modernMeta({ ...options.meta, 'io.modelcontextprotocol/protocolVersion': version });
  const message: JsonRpcRequest = { jsonrpc: '2.0', id, method, params: { ...params, _meta } };
  return { message, headers: { 'MCP-Protocol-Version': version, ...routingHeaders(message, options.tool) } };
}

/** A 2025 `initialize` request. */
export const initializeFrame = (id: number | string = 0): OutboundFrame => ({
  message: {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'rxmcp-spec', version: '0.0.0' } },
  },
});

/** A 2025 frame sent after `initialize` (with the negotiated `MCP-Protocol-Version`). */
export const legacyFrame = (message: JsonRpcMessage): OutboundFrame => ({
  message,
  headers: { 'MCP-Protocol-Version': LEGACY },
});

/** The `notifications/initialized` frame. */
export const initializedFrame = (): OutboundFrame =>
  legacyFrame({ jsonrpc: '2.0', method: 'notifications/initialized' });

/** A 2025 `tools/call` request frame. */
export const legacyCall = (id: number | string, name: string, args: Record<string, unknown>): OutboundFrame =>
  legacyFrame({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** Every frame `frames$` emits until it completes (fails after `ms`). */
export function collect(frames$: Observable<InboundFrame>, ms = 5000): Promise<InboundFrame[]> {
  return lastValueFrom(frames$.pipe(toArray(), timeout(ms)));
}

/** The JSON-RPC messages of some frames. */
export const messagesOf = (frames: readonly InboundFrame[]): unknown[] => frames.map((frame) => frame.message);

/** The text of the first content block of a tool result message. */
export function toolText(message: unknown): string | undefined {
  const result = (message as { result?: { content?: { text?: string }[] } }).result;
  return result?.content?.[0]?.text;
}
