import type { RequestId } from '../jsonrpc.js';
import type { ClientCapabilities } from './capabilities.js';
import type { Implementation } from './metadata.js';
import type { CacheScope, Cursor, LoggingLevel, ProgressToken } from './primitives.js';

export type { Meta, JsonObject, Cursor, ProgressToken, Role, LoggingLevel, CacheScope } from './primitives.js';

/** `_meta` of a result: 2026-07-28 servers put their `Implementation` under `io.modelcontextprotocol/serverInfo`. */
export interface ResultMeta {
  readonly 'io.modelcontextprotocol/serverInfo'?: Implementation;
  readonly [key: string]: unknown;
}

/**
 * Base of every decoded result of a client request that completed. Results of every revision carry
 * `resultType: 'complete'` once decoded (a missing `resultType` means complete).
 */
export interface CompleteResultBase {
  readonly resultType: 'complete';
  readonly _meta?: ResultMeta;
}

/** A completed result with no payload (`ping`, legacy `resources/subscribe`, `logging/setLevel`, ...). */
export type EmptyResult = CompleteResultBase;

/** Any completed result, when the method is not one rxmcp models. */
export interface UntypedCompleteResult extends CompleteResultBase {
  readonly [key: string]: unknown;
}

/**
 * A result whose `resultType` belongs to an extension the caller enabled (for example `task` of the tasks
 * extension). Only the envelope is checked: the extension decides the rest.
 */
export interface ExtensionResult {
  readonly resultType: string;
  readonly _meta?: ResultMeta;
  readonly [key: string]: unknown;
}

/** 2026-07-28 cache hints of a cacheable result (`ttlMs` missing or negative means stale at once). */
export interface CacheHints {
  readonly ttlMs?: number;
  readonly cacheScope?: CacheScope;
}

/** A page of a paginated list: more pages follow while `nextCursor` is present. */
export interface PaginatedResult extends CompleteResultBase, CacheHints {
  readonly nextCursor?: Cursor;
}

/** `_meta` of a request: the progress opt-in, plus (2026-07-28) the per-request protocol keys. */
export interface RequestMeta {
  readonly progressToken?: ProgressToken;
  readonly 'io.modelcontextprotocol/protocolVersion'?: string;
  readonly 'io.modelcontextprotocol/clientCapabilities'?: ClientCapabilities;
  readonly 'io.modelcontextprotocol/clientInfo'?: Implementation;
  readonly 'io.modelcontextprotocol/logLevel'?: LoggingLevel;
  readonly [key: string]: unknown;
}

/** Params every request may carry. */
export interface RequestParamsBase {
  readonly _meta?: RequestMeta;
}

/** Params of a paginated list request. */
export interface PaginatedRequestParams extends RequestParamsBase {
  readonly cursor?: Cursor;
}

/** `_meta` of a notification: 2026-07-28 listen streams tag theirs with the listen request id. */
export interface NotificationMeta {
  readonly 'io.modelcontextprotocol/subscriptionId'?: RequestId;
  readonly [key: string]: unknown;
}

/** Params every notification may carry. */
export interface NotificationParamsBase {
  readonly _meta?: NotificationMeta;
}
