import type { Tool } from '../protocol/model/tools.js';
import type { CapabilitySettings, ClientCapabilities } from '../protocol/model/capabilities.js';
import type { LoggingLevel, Meta } from '../protocol/model/common.js';
import type { Implementation } from '../protocol/model/metadata.js';
import type { ProtocolVersion } from '../protocol/versions.js';
import type { RequestId } from '../protocol/jsonrpc.js';
import type { TimeoutOptions } from '../session/types.js';

/** W3C trace context carried in a request's `_meta`. */
export interface TraceContext {
  /** The W3C `traceparent` of the caller's span. */
  readonly traceparent?: string;
  /** The W3C `tracestate`, vendor-specific trace data. */
  readonly tracestate?: string;
  /** W3C `baggage`: key-value pairs that travel with the trace. */
  readonly baggage?: string;
}

/** What every request of one negotiated connection identifies itself with. */
export interface Envelope {
  readonly version: ProtocolVersion;
  readonly capabilities: ClientCapabilities;
  readonly clientInfo: Implementation;
  /** Revisions that carry the log level per request: the level of the client's requests. */
  readonly logLevel: LoggingLevel | undefined;
}

/** Per-call options the client turns into session request options. */
export interface CallOptions {
  /** Time limits of this call (over the client's); `false` for none. */
  readonly timeout?: TimeoutOptions | false;
  /** Attach a progress token so the server may report progress (the events verbs always do). */
  readonly progress?: boolean;
  /** W3C trace context, carried in the request's `_meta`. */
  readonly trace?: TraceContext;
  /**
   * Extra `_meta` keys of this request (merged over what the revision puts there, never replacing the protocol's
   * own keys such as `io.modelcontextprotocol/protocolVersion` or `progressToken`).
   */
  readonly meta?: Meta;
  /** The called tool, for its `x-mcp-header` parameters (2026-07-28 HTTP). */
  readonly tool?: Tool;
  /**
   * Extensions this request declares in its client capabilities beside the client's own (2026-07-28: the
   * request enables them, e.g. `{ 'io.modelcontextprotocol/tasks': {} }`). Ignored by revisions without extensions.
   */
  readonly extensions?: Readonly<Record<string, CapabilitySettings>>;
  /** `resultType`s of enabled extensions this request accepts beside its own result (e.g. `task`). */
  readonly resultTypes?: readonly string[];
  /** `false`: never cancel the request on the wire; unsubscribing only stops waiting (default `true`). */
  readonly cancellable?: boolean;
  /**
   * `true`: never answered from the connection's cache of 2026-07-28 cacheable results, nor joined to an identical
   * request in flight; the new result is still kept for others (default `false`).
   */
  readonly fresh?: boolean;
  /** Called with the JSON-RPC id each time the request is sent (a re-issue or an input round sends a new id). */
  readonly onRequestId?: (id: RequestId) => void;
}

/** Options of `callTool`. */
export interface ToolCallOptions extends CallOptions {
  /**
   * The call is safe to repeat: when the server loses the session (HTTP 404) mid-call, it is repeated on the new
   * session instead of failing with `SessionLostError`. Read-only tools are repeated too when the client trusts
   * the server's annotations (`trustToolAnnotations`).
   */
  readonly idempotent?: boolean;
}
