import type { Tool } from '../protocol/model/tools.js';
import type { ClientCapabilities } from '../protocol/model/capabilities.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { Implementation } from '../protocol/model/metadata.js';
import { routingHeaders } from '../protocol/routing-headers.js';
import { isModernVersion, isVersionAtLeast, type ProtocolVersion } from '../protocol/versions.js';
import type { Params, RequestOptions, TimeoutOptions } from '../session/types.js';

/** W3C trace context carried in a 2026-07-28 request's `_meta`. */
export interface TraceContext {
  readonly traceparent?: string;
  readonly tracestate?: string;
  readonly baggage?: string;
}

/** What every request of one negotiated connection carries. */
export interface Envelope {
  readonly version: ProtocolVersion;
  readonly capabilities: ClientCapabilities;
  readonly clientInfo: Implementation;
  /** 2026-07-28: the per-request log level. */
  readonly logLevel: LoggingLevel | undefined;
}

/** Per-call options the client turns into session request options. */
export interface CallOptions {
  readonly timeout?: TimeoutOptions | false;
  readonly progress?: boolean;
  readonly trace?: TraceContext;
  /** The called tool, for its `x-mcp-header` parameters (2026-07-28 HTTP). */
  readonly tool?: Tool;
}

const sharedMeta = new WeakMap<Envelope, Params>();

/** The 2026-07-28 `_meta` keys of a request (without trace context: one frozen object per envelope). */
export function modernMeta(envelope: Envelope, trace?: TraceContext): Params {
  if (trace) return buildModernMeta(envelope, trace);
  let meta = sharedMeta.get(envelope);
  if (meta === undefined) {
    meta = Object.freeze(buildModernMeta(envelope));
    sharedMeta.set(envelope, meta);
  }
  return meta;
}

function buildModernMeta(envelope: Envelope, trace?: TraceContext): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    'io.modelcontextprotocol/protocolVersion': envelope.version,
    'io.modelcontextprotocol/clientCapabilities': envelope.capabilities,
    'io.modelcontextprotocol/clientInfo': envelope.clientInfo,
  };
  if (envelope.logLevel !== undefined) meta['io.modelcontextprotocol/logLevel'] = envelope.logLevel;
  if (trace) Object.assign(meta, trace);
  return meta;
}

/** The HTTP headers of a request or notification (transports without headers ignore them). */
export function headersFor(envelope: Envelope, method: string, params: Params | undefined, tool?: Tool): Readonly<Record<string, string>> | undefined {
  if (isModernVersion(envelope.version)) {
    const message = params === undefined ? { jsonrpc: '2.0' as const, method } : { jsonrpc: '2.0' as const, method, params };
    return { 'MCP-Protocol-Version': envelope.version, ...routingHeaders(message, tool as never) };
  }
  return isVersionAtLeast(envelope.version, '2025-06-18') ? versionHeader(envelope.version) : undefined;
}

const versionHeaders = new Map<ProtocolVersion, Readonly<Record<string, string>>>();

/** The `MCP-Protocol-Version` header of a revision, one frozen object per revision (frames never change headers). */
function versionHeader(version: ProtocolVersion): Readonly<Record<string, string>> {
  let headers = versionHeaders.get(version);
  if (headers === undefined) {
    headers = Object.freeze({ 'MCP-Protocol-Version': version });
    versionHeaders.set(version, headers);
  }
  return headers;
}

/** The session options of one request of the negotiated connection. */
export function requestOptionsFor(envelope: Envelope, method: string, params: Params | undefined, options: CallOptions = {}): RequestOptions {
  const headers = headersFor(envelope, method, params, options.tool);
  const meta: Params | undefined = isModernVersion(envelope.version) ? modernMeta(envelope, options.trace) : (options.trace as Params | undefined);
  return {
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(options.progress ? { progress: true } : {}),
    ...(meta ? { meta } : {}),
    ...(headers ? { headers } : {}),
  };
}
