import type {
  CacheHints,
  CompleteResultBase,
  NotificationParamsBase,
  PaginatedRequestParams,
  PaginatedResult,
  RequestParamsBase,
} from './common.js';
import type { ResourceContents } from './content.js';
import type { Annotations, Listed } from './metadata.js';
import type { InputRoundParams } from './mrtr.js';

/** A resource the server lists. */
export interface Resource extends Listed {
  readonly uri: string;
  readonly mimeType?: string;
  readonly size?: number;
  readonly annotations?: Annotations;
}

/** An RFC 6570 URI template for resources. */
export interface ResourceTemplate extends Listed {
  readonly uriTemplate: string;
  readonly mimeType?: string;
  readonly annotations?: Annotations;
}

/** Params of `resources/list`. */
export type ListResourcesRequestParams = PaginatedRequestParams;

/** One page of `resources/list`. */
export interface ListResourcesResult extends PaginatedResult {
  readonly resources: readonly Resource[];
}

/** Params of `resources/templates/list`. */
export type ListResourceTemplatesRequestParams = PaginatedRequestParams;

/** One page of `resources/templates/list`. */
export interface ListResourceTemplatesResult extends PaginatedResult {
  readonly resourceTemplates: readonly ResourceTemplate[];
}

/** Params of `resources/read` (MRTR fields 2026-07-28 only). */
export interface ReadResourceRequestParams extends RequestParamsBase, InputRoundParams {
  readonly uri: string;
}

/** The contents of a resource (one read may return several). */
export interface ReadResourceResult extends CompleteResultBase, CacheHints {
  readonly contents: readonly ResourceContents[];
}

/** Params of legacy `resources/subscribe` and `resources/unsubscribe`. */
export interface SubscribeRequestParams extends RequestParamsBase {
  readonly uri: string;
}

/** Params of `notifications/resources/updated`. */
export interface ResourceUpdatedNotificationParams extends NotificationParamsBase {
  readonly uri: string;
}
