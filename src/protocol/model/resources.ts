import type {
  CacheHints,
  CompleteResultBase,
  EmptyResult,
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
  /** The resource's URI, what `resources/read` takes. */
  readonly uri: string;
  /** The media type, when the server knows it. */
  readonly mimeType?: string;
  /** The size in bytes before any encoding, when the server knows it. */
  readonly size?: number;
  /** Who the resource is for, how important it is, when it last changed. */
  readonly annotations?: Annotations;
}

/** An RFC 6570 URI template for resources. */
export interface ResourceTemplate extends Listed {
  /** The RFC 6570 URI template; expanded, it gives a URI for `resources/read`. */
  readonly uriTemplate: string;
  /** The media type of every resource it gives, when they share one. */
  readonly mimeType?: string;
  /** Who the resources are for, how important they are. */
  readonly annotations?: Annotations;
}

/** Params of `resources/list`. */
export type ListResourcesRequestParams = PaginatedRequestParams;

/** One page of `resources/list`. */
export interface ListResourcesResult extends PaginatedResult {
  /** The resources on this page. */
  readonly resources: readonly Resource[];
}

/** Params of `resources/templates/list`. */
export type ListResourceTemplatesRequestParams = PaginatedRequestParams;

/** One page of `resources/templates/list`. */
export interface ListResourceTemplatesResult extends PaginatedResult {
  /** The templates on this page. */
  readonly resourceTemplates: readonly ResourceTemplate[];
}

/** Params of `resources/read` (MRTR fields 2026-07-28 only). */
export interface ReadResourceRequestParams extends RequestParamsBase, InputRoundParams {
  /** The resource to read. */
  readonly uri: string;
}

/** The contents of a resource (one read may return several). */
export interface ReadResourceResult extends CompleteResultBase, CacheHints {
  /** The resource's contents (a directory-like resource may return several). */
  readonly contents: readonly ResourceContents[];
}

/** Params of legacy `resources/subscribe` and `resources/unsubscribe`. */
export interface SubscribeRequestParams extends RequestParamsBase {
  /** The resource to follow. */
  readonly uri: string;
}

/** Params of `notifications/resources/updated`. */
export interface ResourceUpdatedNotificationParams extends NotificationParamsBase {
  /** The resource that changed (it may be a sub-resource of the one followed). */
  readonly uri: string;
}

/** The resource requests the client sends, with their params and decoded results (part of `ClientRequests`). */
export interface ResourcesRequests {
  readonly 'resources/list': { readonly params: ListResourcesRequestParams | undefined; readonly result: ListResourcesResult };
  readonly 'resources/templates/list': {
    readonly params: ListResourceTemplatesRequestParams | undefined;
    readonly result: ListResourceTemplatesResult;
  };
  readonly 'resources/read': { readonly params: ReadResourceRequestParams; readonly result: ReadResourceResult };
  readonly 'resources/subscribe': { readonly params: SubscribeRequestParams; readonly result: EmptyResult };
  readonly 'resources/unsubscribe': { readonly params: SubscribeRequestParams; readonly result: EmptyResult };
}
