import type { RequestId } from '../jsonrpc.js';
import type { ClientCapabilities } from './capabilities.js';
import type { Implementation } from './metadata.js';
import type { CacheScope, Cursor, LoggingLevel, ProgressToken } from './primitives.js';

export type { Meta, JsonObject, Cursor, ProgressToken, Role, LoggingLevel, CacheScope } from './primitives.js';

/** `_meta` of a result: 2026-07-28 servers put their `Implementation` under `io.modelcontextprotocol/serverInfo`. */
export interface ResultMeta {
  /** 2026-07-28: the server's name and version. */
  readonly 'io.modelcontextprotocol/serverInfo'?: Implementation;
  /** Other metadata, opaque to rxmcp. */
  readonly [key: string]: unknown;
}

/**
 * Base of every decoded result of a client request that completed. Results of every revision carry
 * `resultType: 'complete'` once decoded (a missing `resultType` means complete).
 */
export interface CompleteResultBase {
  /** Always `'complete'` once decoded: the request is done (as opposed to `input_required`). */
  readonly resultType: 'complete';
  /** The result's metadata. */
  readonly _meta?: ResultMeta;
}

/** A completed result with no payload (`ping`, legacy `resources/subscribe`, `logging/setLevel`, ...). */
export type EmptyResult = CompleteResultBase;

/** Any completed result, when the method is not one rxmcp models. */
export interface UntypedCompleteResult extends CompleteResultBase {
  /** The result's members, unchecked. */
  readonly [key: string]: unknown;
}

/**
 * A result whose `resultType` belongs to an extension the caller enabled (for example `task` of the tasks
 * extension). Only the envelope is checked: the extension decides the rest.
 */
export interface ExtensionResult {
  /** The extension's result type, e.g. `'task'`. */
  readonly resultType: string;
  /** The result's metadata. */
  readonly _meta?: ResultMeta;
  /** The result's members, as the extension defines them. */
  readonly [key: string]: unknown;
}

/** 2026-07-28 cache hints of a cacheable result (`ttlMs` missing or negative means stale at once). */
export interface CacheHints {
  /** How long the result may be reused, in milliseconds from when it arrived. */
  readonly ttlMs?: number;
  /** Who may share a cached copy: `public` (anyone) or `private` (the same authorization context only). */
  readonly cacheScope?: CacheScope;
}

/** A page of a paginated list: more pages follow while `nextCursor` is present. */
export interface PaginatedResult extends CompleteResultBase, CacheHints {
  /** The cursor of the next page; absent on the last page. */
  readonly nextCursor?: Cursor;
}

/** `_meta` of a request: the progress opt-in, plus (2026-07-28) the per-request protocol keys. */
export interface RequestMeta {
  /** Asks for `notifications/progress` about this request, tagged with this token. */
  readonly progressToken?: ProgressToken;
  /** 2026-07-28: the revision the request speaks. */
  readonly 'io.modelcontextprotocol/protocolVersion'?: string;
  /** 2026-07-28: what the client can do for this request (sampling, elicitation, roots…). */
  readonly 'io.modelcontextprotocol/clientCapabilities'?: ClientCapabilities;
  /** 2026-07-28: the client's name and version. */
  readonly 'io.modelcontextprotocol/clientInfo'?: Implementation;
  /** 2026-07-28: the least severe log level the client wants `notifications/message` for, for this request. */
  readonly 'io.modelcontextprotocol/logLevel'?: LoggingLevel;
  /** Other metadata (W3C trace context, your own keys), passed as given. */
  readonly [key: string]: unknown;
}

/** Params every request may carry. */
export interface RequestParamsBase {
  /** The request's metadata. */
  readonly _meta?: RequestMeta;
}

/** Params of a paginated list request. */
export interface PaginatedRequestParams extends RequestParamsBase {
  /** The page to get: the `nextCursor` of the previous page; absent for the first page. */
  readonly cursor?: Cursor;
}

/** `_meta` of a notification: 2026-07-28 listen streams tag theirs with the listen request id. */
export interface NotificationMeta {
  /** 2026-07-28: the id of the `subscriptions/listen` request whose stream carried the notification. */
  readonly 'io.modelcontextprotocol/subscriptionId'?: RequestId;
  /** Other metadata, opaque to rxmcp. */
  readonly [key: string]: unknown;
}

/** Params every notification may carry. */
export interface NotificationParamsBase {
  /** The notification's metadata. */
  readonly _meta?: NotificationMeta;
}
