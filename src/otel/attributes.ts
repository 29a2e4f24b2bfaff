import type { Attributes } from '@opentelemetry/api';
import { McpError } from '../errors/mcp-error.js';
import { RpcError } from '../errors/errors.js';
import type { CallConnection, McpCall } from '../client/links/types.js';

/** `error.type` of a tool result with `isError: true`, as the MCP semantic conventions name it. */
export const TOOL_ERROR = 'tool_error';

/** `error.type` of a call whose caller stopped waiting before the result (unsubscribed). */
export const CANCELLED = 'cancelled';

/** Where a call goes: `server.address` and `server.port` come from its URL. */
export type ServerAddress = string | URL;

const RESOURCE_METHODS = new Set(['resources/read', 'resources/subscribe', 'resources/unsubscribe']);

const stringParam = (call: McpCall, name: string): string | undefined => {
  const value = call.params?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** The tool a `tools/call` calls, or the prompt a `prompts/get` gets. */
function targetOf(call: McpCall): { readonly tool?: string; readonly prompt?: string } {
  if (call.method === 'tools/call') {
    const tool = stringParam(call, 'name');
    return tool === undefined ? {} : { tool };
  }
  if (call.method === 'prompts/get') {
    const prompt = stringParam(call, 'name');
    return prompt === undefined ? {} : { prompt };
  }
  return {};
}

/** The span name of the conventions: `{mcp.method.name} {target}`, the target a tool or prompt name (or the URI when asked). */
export function spanNameOf(call: McpCall, uriInName: boolean): string {
  const { tool, prompt } = targetOf(call);
  const uri = uriInName && RESOURCE_METHODS.has(call.method) ? stringParam(call, 'uri') : undefined;
  const target = tool ?? prompt ?? uri;
  return target === undefined ? call.method : `${call.method} ${target}`;
}

/** `network.*` of a transport kind: stdio and Docker run over pipes, the HTTP transports and WebSocket over TCP. */
function networkOf(transport: string): Attributes {
  if (transport === 'stdio' || transport === 'docker') return { 'network.transport': 'pipe' };
  if (transport === 'websocket') return { 'network.transport': 'tcp', 'network.protocol.name': 'websocket' };
  if (transport === 'streamable-http' || transport === 'http' || transport === 'legacy-sse') return { 'network.transport': 'tcp', 'network.protocol.name': 'http' };
  return {};
}

/** `server.address` and `server.port` of a server URL (the scheme's default port when it names none). */
export function serverAttributes(server: ServerAddress | undefined): Attributes {
  if (server === undefined) return {};
  const url = typeof server === 'string' ? new URL(server) : server;
  const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80;
  return { 'server.address': url.hostname.replace(/^\[|\]$/g, ''), 'server.port': port };
}

/** The protocol revision of a call: the negotiated one, or the one `initialize` asks for. */
function protocolVersionOf(call: McpCall): string | undefined {
  return call.connection.server?.protocolVersion ?? (call.method === 'initialize' ? stringParam(call, 'protocolVersion') : undefined);
}

/** What describes a connection, for its calls and its session: revision, network, server. */
export function connectionAttributes(connection: CallConnection, protocolVersion: string | undefined, server: Attributes): Attributes {
  return {
    ...(protocolVersion === undefined ? {} : { 'mcp.protocol.version': protocolVersion }),
    ...networkOf(connection.transport),
    ...server,
  };
}

/** The attributes of a call that are known before it is sent, for its span and its duration. */
export function callAttributes(call: McpCall, server: Attributes): Attributes {
  const { tool, prompt } = targetOf(call);
  const uri = RESOURCE_METHODS.has(call.method) ? stringParam(call, 'uri') : undefined;
  return {
    'mcp.method.name': call.method,
    ...(tool === undefined ? {} : { 'gen_ai.tool.name': tool, 'gen_ai.operation.name': 'execute_tool' }),
    ...(prompt === undefined ? {} : { 'gen_ai.prompt.name': prompt }),
    ...(uri === undefined ? {} : { 'mcp.resource.uri': uri }),
    ...connectionAttributes(call.connection, protocolVersionOf(call), server),
  };
}

/**
 * `error.type` of a failed call: the JSON-RPC error code of an answer that was an error (`-32602`, as a string),
 * else the rxmcp error's class name (`RequestTimeoutError`, `TransportError`, ...), else the error's name.
 */
export function errorTypeOf(error: unknown): string {
  if (RpcError.is(error)) return String(error.rpcCode);
  if (McpError.is(error)) return error.name;
  return error instanceof Error ? error.name : '_OTHER';
}

/** True for a tool result that reports a failure of the tool (`isError: true`). */
export function isToolError(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
}
