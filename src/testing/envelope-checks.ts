// What the scripted server checks in every request, as a real server of its revision would, so that code which
// talks to the server through its own wrappers learns about a broken envelope in its tests.
import type { JsonRpcRequest } from '../protocol/jsonrpc.js';
import type { ServerProfile } from './builtins.js';
import type { ServerConnection } from './server-connection.js';

/** The server's verdict on one request: an answer it gives instead of the test, and a problem `verify()` reports. */
export interface Verdict {
  readonly answer?: { readonly error: { readonly code: number; readonly message: string; readonly data?: unknown } };
  readonly problem?: string;
}

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

function header(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

const label = (message: JsonRpcRequest): string => `${message.method} #${String(message.id)}`;

/**
 * 2026-07-28: every request carries its protocol version and client capabilities in `_meta` (else `-32602`); a
 * version the server does not speak gets `-32022` with the one it does; per-request transports (HTTP) must send
 * `MCP-Protocol-Version` and `Mcp-Method` headers that agree (else `-32020`).
 */
export function checkModernRequest(profile: ServerProfile, message: JsonRpcRequest, headers: Readonly<Record<string, string>> | undefined, perRequest: boolean): Verdict {
  const meta = message.params?.['_meta'] as Record<string, unknown> | undefined;
  const version = meta?.[VERSION_KEY];
  const capabilities = meta?.[CAPABILITIES_KEY];
  const missing = [
    ...(typeof version === 'string' ? [] : [VERSION_KEY]),
    ...(typeof capabilities === 'object' && capabilities !== null ? [] : [CAPABILITIES_KEY]),
  ];
  if (missing.length > 0) {
    return {
      answer: { error: { code: -32602, message: `Missing required _meta: ${missing.join(', ')}` } },
      problem: `${label(message)} lacks ${missing.join(' and ')} in _meta, which every 2026-07-28 request carries`,
    };
  }
  if (version !== profile.version) {
    return { answer: { error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [profile.version], requested: version } } } };
  }
  if (!perRequest) return {};
  const sentVersion = header(headers, 'MCP-Protocol-Version');
  const sentMethod = header(headers, 'Mcp-Method');
  if (sentVersion === version && sentMethod === message.method) return {};
  return {
    answer: { error: { code: -32020, message: 'Header mismatch' } },
    problem: `${label(message)} came with MCP-Protocol-Version ${String(sentVersion)} and Mcp-Method ${String(sentMethod)}, which do not match its _meta and method`,
  };
}

/** Legacy: one `initialize` per connection, and no request but `ping` before `notifications/initialized`. */
export function checkLegacyRequest(link: ServerConnection, message: JsonRpcRequest): Verdict {
  const { method } = message;
  if (method === 'initialize') return link.initializeParams === undefined ? {} : { problem: `${label(message)}: a second initialize on connection ${link.index}` };
  if (method === 'ping' || method === 'server/discover' || link.initialized) return {};
  return { problem: `${label(message)} arrived on connection ${link.index} before notifications/initialized` };
}
