import { McpError, type McpErrorOptions } from './mcp-error.js';

/** Options of `RpcError`. */
export interface RpcErrorOptions extends McpErrorOptions {
  /** The `data` member of the JSON-RPC error object, as it came. */
  readonly data?: unknown;
  /** The method of the request that failed, when known. */
  readonly method?: string;
}

/** The peer answered with a JSON-RPC error object. `rpcCode` is the wire code, `data` its payload. */
export class RpcError extends McpError {
  static override readonly kind: string = 'RpcError';
  /** The JSON-RPC error code from the wire, e.g. `-32601` (method not found) or `-32002` (resource not found). */
  readonly rpcCode: number;
  /** The `data` member of the JSON-RPC error object, as it came (`undefined` when there was none). */
  readonly data: unknown;
  /** The method of the request that failed, when known. */
  readonly method: string | undefined;

  constructor(rpcCode: number, message: string, options: RpcErrorOptions = {}) {
    super('rpc', message, options);
    this.rpcCode = rpcCode;
    this.data = options.data;
    this.method = options.method;
  }
}

/** Options of `TransportError`. */
export interface TransportErrorOptions extends McpErrorOptions {
  /** HTTP status, for HTTP transports. */
  readonly status?: number;
}

/** The connection failed: network, HTTP status, process exit, framing overflow. */
export class TransportError extends McpError {
  static override readonly kind: string = 'TransportError';
  /** The HTTP status, when an HTTP transport failed on one; `undefined` otherwise. */
  readonly status: number | undefined;

  constructor(message: string, options: TransportErrorOptions = {}) {
    super('transport', message, options);
    this.status = options.status;
  }

  /** Wraps anything a transport threw into a `TransportError` (an `McpError` is returned as it is). */
  static from(error: unknown): McpError {
    if (McpError.is(error)) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new TransportError(message, { cause: error });
  }
}

/** Options of `MessageTooLargeError`. */
export interface MessageTooLargeErrorOptions extends TransportErrorOptions {
  /** The configured maximum, in bytes. */
  readonly limit: number;
  /** How many bytes of the message had arrived when the limit was crossed (at least `limit + 1`). */
  readonly size: number;
}

/** An inbound message grew past the configured maximum size (it is skipped; the request it answers fails with this). */
export class MessageTooLargeError extends TransportError {
  static override readonly kind: string = 'MessageTooLargeError';
  /** The configured maximum, in bytes. */
  readonly limit: number;
  /** How many bytes of the message had arrived when the limit was crossed. */
  readonly size: number;

  constructor(options: MessageTooLargeErrorOptions) {
    super(`Inbound message exceeds the maximum of ${options.limit} bytes (${options.size} bytes so far)`, options);
    this.limit = options.limit;
    this.size = options.size;
  }
}

/** The connection ended (cleanly or not) while something was still waiting on it. */
export class ConnectionClosedError extends McpError {
  static override readonly kind: string = 'ConnectionClosedError';

  constructor(message = 'Connection closed', options: McpErrorOptions = {}) {
    super('closed', message, options);
  }
}

/**
 * A request's own response stream (its HTTP exchange) ended before the response arrived. On 2026-07-28 Streamable
 * HTTP the request is lost and the client re-issues it once with a new id.
 */
export class ResponseStreamEndedError extends ConnectionClosedError {
  static override readonly kind: string = 'ResponseStreamEndedError';

  constructor(message = 'The response stream ended without a response', options: McpErrorOptions = {}) {
    super(message, options);
  }
}

/**
 * The response stream of a request broke before its result, and the request was not re-issued (the client's
 * `reissue: 'safe-only'` and the call is not known to be safe to repeat): it may or may not have run on the server.
 * Work that must survive a broken connection belongs in a task.
 */
export class OutcomeUnknownError extends ConnectionClosedError {
  static override readonly kind: string = 'OutcomeUnknownError';
  /** The method of the request whose outcome is unknown, e.g. `tools/call`. */
  readonly method: string;

  constructor(method: string, options: McpErrorOptions = {}) {
    super(`The response stream of ${method} broke before its result: it may or may not have run, and was not re-issued because it is not known to be safe to repeat`, options);
    this.method = method;
  }
}

/** Which clock ran out. */
export type TimeoutKind = 'first' | 'idle' | 'total' | 'probe' | 'human';

/** A timeout of ours (never the user's own cancellation, never a peer error). */
export class RequestTimeoutError extends McpError {
  static override readonly kind: string = 'RequestTimeoutError';
  /** The method of the request that timed out. */
  readonly method: string;
  /**
   * Which clock ran out: `first` (nothing arrived in time), `idle` (silence between two progress reports),
   * `total` (the cap on the whole call) or `probe` (the `server/discover` probe).
   */
  readonly timeoutKind: TimeoutKind;
  /** The limit that was reached, in milliseconds. */
  readonly ms: number;

  constructor(method: string, timeoutKind: TimeoutKind, ms: number, options: McpErrorOptions = {}) {
    super('timeout', `Request ${method} timed out (${timeoutKind}: ${ms} ms)`, options);
    this.method = method;
    this.timeoutKind = timeoutKind;
    this.ms = ms;
  }
}

/**
 * A person did not answer in time (an elicitation dialog left open, a sampling or tool call approval never given):
 * past `humanWaitMs` the handler's signal is aborted and the call the wait belongs to fails with this.
 */
export class HumanWaitTimeoutError extends RequestTimeoutError {
  static override readonly kind: string = 'HumanWaitTimeoutError';

  constructor(method: string, ms: number, options: McpErrorOptions = {}) {
    super(method, 'human', ms, options);
    this.message = `No answer from the user to ${method} within ${ms} ms`;
  }
}

/** The client's approval step (`approveToolCall`) refused a tool call: nothing was sent. */
export class ToolCallDeniedError extends McpError {
  static override readonly kind: string = 'ToolCallDeniedError';
  /** The name of the tool whose call was refused. */
  readonly tool: string;

  constructor(tool: string, options: McpErrorOptions = {}) {
    super('denied', `The call of tool ${tool} was not approved: nothing was sent`, options);
    this.tool = tool;
  }
}

/** Options of `SchemaError`. */
export interface SchemaErrorOptions extends McpErrorOptions {
  /** Validation issues, as the schema library reported them. */
  readonly issues?: readonly unknown[];
  /** The offending value. */
  readonly value?: unknown;
}

/**
 * A payload is not of the expected shape: an inbound JSON-RPC envelope or MCP result, or outbound params or results
 * that cannot be shaped for the negotiated revision.
 */
export class SchemaError extends McpError {
  static override readonly kind: string = 'SchemaError';
  /** Validation issues, as the schema library reported them (empty when there were none to report). */
  readonly issues: readonly unknown[];
  /** The offending value. */
  readonly value: unknown;

  constructor(message: string, options: SchemaErrorOptions = {}) {
    super('schema', message, options);
    this.issues = options.issues ?? [];
    this.value = options.value;
  }
}

/** Inbound bytes were not JSON. */
export class ParseError extends McpError {
  static override readonly kind: string = 'ParseError';
  /** The text that failed to parse (truncated to 200 characters). */
  readonly raw: string;

  constructor(raw: string, options: McpErrorOptions = {}) {
    super('parse', `Inbound frame is not JSON: ${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}`, options);
    this.raw = raw.length > 200 ? raw.slice(0, 200) : raw;
  }
}

/** Options of `UnsupportedMethodError`. */
export interface UnsupportedMethodErrorOptions extends McpErrorOptions {
  /** The method that is not available. */
  readonly method?: string;
}

/** The call is not available on this connection (revision, capabilities or session state); nothing was sent. */
export class UnsupportedMethodError extends McpError {
  static override readonly kind: string = 'UnsupportedMethodError';
  /** The method that is not available, when known. */
  readonly method: string | undefined;

  constructor(message: string, options: UnsupportedMethodErrorOptions = {}) {
    super('unsupported', message, options);
    this.method = options.method;
  }
}

/** The Promise facade's answer to an aborted `AbortSignal` (`name` is `AbortError`, like the DOM's). */
export class McpAbortError extends McpError {
  static override readonly kind: string = 'AbortError';

  constructor(message = 'The operation was aborted', options: McpErrorOptions = {}) {
    super('aborted', message, options);
  }
}

/** Everything a request Observable of the session can error with. */
export type RequestError = RpcError | TransportError | ConnectionClosedError | RequestTimeoutError | SchemaError;

/** Options of `NegotiationError`. */
export interface NegotiationErrorOptions extends McpErrorOptions {
  /** The versions the server offered (or answered with). */
  readonly offered?: readonly string[];
}

/** The client and the server have no protocol revision in common (or the server broke the handshake). */
export class NegotiationError extends McpError {
  static override readonly kind: string = 'NegotiationError';
  /** The versions the server offered (or answered with); empty when it offered none. */
  readonly offered: readonly string[];

  constructor(message: string, options: NegotiationErrorOptions = {}) {
    super('negotiation', message, options);
    this.offered = options.offered ?? [];
  }
}

/** Why a paginated list stopped. */
export type PaginationFailure = 'page-limit' | 'cursor-loop';

/** A full list walk stopped: too many pages, or the server sent a cursor it had sent before. */
export class PaginationError extends McpError {
  static override readonly kind: string = 'PaginationError';
  /** Why the walk stopped: `page-limit` (more than `maxPages` pages) or `cursor-loop` (a cursor came twice). */
  readonly reason: PaginationFailure;
  /** The list method that was walked, e.g. `tools/list`. */
  readonly method: string;

  constructor(method: string, reason: PaginationFailure, detail: string, options: McpErrorOptions = {}) {
    super('pagination', `${method}: ${detail}`, options);
    this.method = method;
    this.reason = reason;
  }
}

/** A 2026-07-28 request asked for input more often than the client allows, or asked for input it cannot give. */
export class InputRequiredError extends McpError {
  static override readonly kind: string = 'InputRequiredError';
  /** The method of the request that asked for input. */
  readonly method: string;
  /** How many input rounds had been answered when the client gave up. */
  readonly rounds: number;

  constructor(method: string, rounds: number, message: string, options: McpErrorOptions = {}) {
    super('input', message, options);
    this.method = method;
    this.rounds = rounds;
  }
}

/** The server forgot the session (HTTP 404) while a request that is not safe to repeat was in flight. */
export class SessionLostError extends McpError {
  static override readonly kind: string = 'SessionLostError';
  /** The method of the request that was in flight and was not repeated. */
  readonly method: string;

  constructor(method: string, options: McpErrorOptions = {}) {
    super('session-lost', `The server ended the session while ${method} was in flight; it was not repeated because it is not known to be safe to repeat`, options);
    this.method = method;
  }
}
