import type { CacheHints, CompleteResultBase, EmptyResult, RequestParamsBase } from './common.js';
import type { ClientCapabilities, ServerCapabilities } from './capabilities.js';
import type { Implementation } from './metadata.js';

/** Params of the legacy `initialize` request. */
export interface InitializeRequestParams extends RequestParamsBase {
  /** The revision the client asks for (the newest it speaks). */
  readonly protocolVersion: string;
  /** What the client can do. */
  readonly capabilities: ClientCapabilities;
  /** The client's name and version. */
  readonly clientInfo: Implementation;
}

/** The legacy server's answer to `initialize`: the negotiated revision and what the server offers. */
export interface InitializeResult extends CompleteResultBase {
  /** The revision the server chose; the client closes the connection when it does not speak it. */
  readonly protocolVersion: string;
  /** What the server offers. */
  readonly capabilities: ServerCapabilities;
  /** The server's name and version (self-reported). */
  readonly serverInfo: Implementation;
  /** How to use the server, for the model. */
  readonly instructions?: string;
}

/** Params of `server/discover` (2026-07-28): only `_meta`. */
export type DiscoverRequestParams = RequestParamsBase;

/** What a 2026-07-28 server offers (`server/discover`); `_meta` usually carries its `serverInfo`. */
export interface DiscoverResult extends CompleteResultBase, CacheHints {
  /** The revisions the server speaks. */
  readonly supportedVersions: readonly string[];
  /** What the server offers. */
  readonly capabilities: ServerCapabilities;
  /** How to use the server, for the model. */
  readonly instructions?: string;
}

/** Params of `ping` (legacy). */
export type PingRequestParams = RequestParamsBase;

/** The lifecycle requests the client sends, with their params and decoded results (part of `ClientRequests`). */
export interface LifecycleRequests {
  readonly initialize: { readonly params: InitializeRequestParams; readonly result: InitializeResult };
  readonly ping: { readonly params: PingRequestParams | undefined; readonly result: EmptyResult };
  readonly 'server/discover': { readonly params: DiscoverRequestParams; readonly result: DiscoverResult };
}
