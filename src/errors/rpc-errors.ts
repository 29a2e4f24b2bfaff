import { RpcError, type RpcErrorOptions } from './errors.js';

/** MCP and JSON-RPC error codes that have their own error class. */
export const MCP_ERROR_CODES = {
  /** JSON-RPC "method not found"; also what a server answers for a capability it did not declare. */
  METHOD_NOT_FOUND: -32601,
  /** JSON-RPC "invalid params"; 2026-07-28 servers also use it for a resource that does not exist. */
  INVALID_PARAMS: -32602,
  /** Legacy (2024-11-05 … 2025-11-25) "resource not found". */
  RESOURCE_NOT_FOUND: -32002,
  /** 2025-11-25 only. */
  URL_ELICITATION_REQUIRED: -32042,
  /** 2026-07-28. */
  HEADER_MISMATCH: -32020,
  /** 2026-07-28. */
  MISSING_REQUIRED_CLIENT_CAPABILITY: -32021,
  /** 2026-07-28. */
  UNSUPPORTED_PROTOCOL_VERSION: -32022,
} as const;

/** A JSON-RPC error object as it arrives (`code`, `message`, optional `data`). */
export interface RpcErrorObjectLike {
  /** The JSON-RPC error code. */
  readonly code: number;
  /** The peer's message. */
  readonly message: string;
  /** The peer's payload, if any. */
  readonly data?: unknown;
}

/** The server does not know the method, or it depends on a capability the server did not declare (-32601). */
export class MethodNotFoundError extends RpcError {
  static override readonly kind: string = 'MethodNotFoundError';

  constructor(message: string, options: RpcErrorOptions = {}) {
    super(MCP_ERROR_CODES.METHOD_NOT_FOUND, message, options);
  }
}

/** Options of `ResourceNotFoundError`. */
export interface ResourceNotFoundErrorOptions extends RpcErrorOptions {
  /** The JSON-RPC code the server used (-32002 legacy, -32602 2026-07-28); default -32002. */
  readonly rpcCode?: number;
  /** The resource URI, when known. */
  readonly uri?: string;
}

/**
 * The resource does not exist: `-32002` from legacy servers, `-32602` from 2026-07-28 servers answering
 * `resources/read`.
 */
export class ResourceNotFoundError extends RpcError {
  static override readonly kind: string = 'ResourceNotFoundError';
  /** The resource URI, when the server named it (`data.uri`). */
  readonly uri: string | undefined;

  constructor(message: string, options: ResourceNotFoundErrorOptions = {}) {
    super(options.rpcCode ?? MCP_ERROR_CODES.RESOURCE_NOT_FOUND, message, options);
    this.uri = options.uri;
  }
}

/** Options of `UnsupportedProtocolVersionError`. */
export interface UnsupportedProtocolVersionErrorOptions extends RpcErrorOptions {
  /** The revisions the server supports. */
  readonly supported?: readonly string[];
  /** The revision the request declared. */
  readonly requested?: string;
}

/** 2026-07-28: the server does not speak the request's revision (-32022); retry with one of `supported`. */
export class UnsupportedProtocolVersionError extends RpcError {
  static override readonly kind: string = 'UnsupportedProtocolVersionError';
  /** The revisions the server supports (`data.supported`); empty when it listed none. */
  readonly supported: string[];
  /** The revision the request declared (`data.requested`), when the server repeated it. */
  readonly requested: string | undefined;

  constructor(message: string, options: UnsupportedProtocolVersionErrorOptions = {}) {
    super(MCP_ERROR_CODES.UNSUPPORTED_PROTOCOL_VERSION, message, options);
    this.supported = [...(options.supported ?? [])];
    this.requested = options.requested;
  }
}

/** 2026-07-28: an HTTP header disagrees with the request body, or a required one is missing (-32020). */
export class HeaderMismatchError extends RpcError {
  static override readonly kind: string = 'HeaderMismatchError';

  constructor(message: string, options: RpcErrorOptions = {}) {
    super(MCP_ERROR_CODES.HEADER_MISMATCH, message, options);
  }
}

/** Options of `MissingRequiredClientCapabilityError`. */
export interface MissingRequiredClientCapabilityErrorOptions extends RpcErrorOptions {
  /** The client capabilities the request must declare. */
  readonly requiredCapabilities?: Readonly<Record<string, unknown>>;
}

/** 2026-07-28: the request must declare more client capabilities (-32021). */
export class MissingRequiredClientCapabilityError extends RpcError {
  static override readonly kind: string = 'MissingRequiredClientCapabilityError';
  /** The client capabilities the request must declare (`data.requiredCapabilities`); empty when not given. */
  readonly requiredCapabilities: Readonly<Record<string, unknown>>;

  constructor(message: string, options: MissingRequiredClientCapabilityErrorOptions = {}) {
    super(MCP_ERROR_CODES.MISSING_REQUIRED_CLIENT_CAPABILITY, message, options);
    this.requiredCapabilities = options.requiredCapabilities ?? {};
  }
}

/** One URL-mode elicitation listed by a `-32042` error. */
export interface UrlElicitation {
  /** Always `'url'`. */
  readonly mode: 'url';
  /** The server's id of the elicitation; `notifications/elicitation/complete` names it when the user is done. */
  readonly elicitationId: string;
  /** The page the user must open. */
  readonly url: string;
  /** Why the server asks, for the user. */
  readonly message: string;
  /** Members rxmcp does not read. */
  readonly [key: string]: unknown;
}

/** Options of `UrlElicitationRequiredError`. */
export interface UrlElicitationRequiredErrorOptions extends RpcErrorOptions {
  /** The URL elicitations the server listed. */
  readonly elicitations?: readonly UrlElicitation[];
}

/** 2025-11-25: the user must complete URL elicitations before the request can succeed (-32042). */
export class UrlElicitationRequiredError extends RpcError {
  static override readonly kind: string = 'UrlElicitationRequiredError';
  /** The URL elicitations the user must complete (`data.elicitations`, the well-formed ones). */
  readonly elicitations: UrlElicitation[];

  constructor(message: string, options: UrlElicitationRequiredErrorOptions = {}) {
    super(MCP_ERROR_CODES.URL_ELICITATION_REQUIRED, message, options);
    this.elicitations = [...(options.elicitations ?? [])];
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringField = (data: unknown, key: string): string | undefined =>
  isRecord(data) && typeof data[key] === 'string' ? data[key] : undefined;

const isUrlElicitation = (value: unknown): value is UrlElicitation =>
  isRecord(value) &&
  value['mode'] === 'url' &&
  typeof value['elicitationId'] === 'string' &&
  typeof value['url'] === 'string' &&
  typeof value['message'] === 'string';

function versionError(error: RpcErrorObjectLike, options: RpcErrorOptions): RpcError {
  const data = isRecord(error.data) ? error.data : {};
  const supported = Array.isArray(data['supported']) ? data['supported'].filter((v): v is string => typeof v === 'string') : [];
  const requested = stringField(data, 'requested');
  return new UnsupportedProtocolVersionError(error.message, { ...options, supported, ...(requested === undefined ? {} : { requested }) });
}

function capabilityError(error: RpcErrorObjectLike, options: RpcErrorOptions): RpcError {
  const required = isRecord(error.data) && isRecord(error.data['requiredCapabilities']) ? error.data['requiredCapabilities'] : {};
  return new MissingRequiredClientCapabilityError(error.message, { ...options, requiredCapabilities: required });
}

function elicitationError(error: RpcErrorObjectLike, options: RpcErrorOptions): RpcError {
  const listed = isRecord(error.data) && Array.isArray(error.data['elicitations']) ? error.data['elicitations'] : [];
  return new UrlElicitationRequiredError(error.message, { ...options, elicitations: listed.filter(isUrlElicitation) });
}

function notFoundError(error: RpcErrorObjectLike, options: RpcErrorOptions): RpcError {
  const uri = stringField(error.data, 'uri');
  return new ResourceNotFoundError(error.message, { ...options, rpcCode: error.code, ...(uri === undefined ? {} : { uri }) });
}

/**
 * Builds the most specific error class for a JSON-RPC error object the server sent. `method` is the request
 * that failed: `-32602` means "resource not found" only for `resources/read`. Unknown codes (including the
 * legacy implementation-defined `-32000..-32019`) give a plain `RpcError`.
 */
export function rpcErrorFrom(error: RpcErrorObjectLike, method?: string): RpcError {
  const options: RpcErrorOptions = { data: error.data, ...(method === undefined ? {} : { method }) };
  switch (error.code) {
    case MCP_ERROR_CODES.UNSUPPORTED_PROTOCOL_VERSION:
      return versionError(error, options);
    case MCP_ERROR_CODES.MISSING_REQUIRED_CLIENT_CAPABILITY:
      return capabilityError(error, options);
    case MCP_ERROR_CODES.HEADER_MISMATCH:
      return new HeaderMismatchError(error.message, options);
    case MCP_ERROR_CODES.URL_ELICITATION_REQUIRED:
      return elicitationError(error, options);
    case MCP_ERROR_CODES.METHOD_NOT_FOUND:
      return new MethodNotFoundError(error.message, options);
    case MCP_ERROR_CODES.RESOURCE_NOT_FOUND:
      return notFoundError(error, options);
    case MCP_ERROR_CODES.INVALID_PARAMS:
      return method === 'resources/read' ? notFoundError(error, options) : new RpcError(error.code, error.message, options);
    default:
      return new RpcError(error.code, error.message, options);
  }
}
