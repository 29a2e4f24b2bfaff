import type { CacheHints, CompleteResultBase, RequestParamsBase } from './common.js';
import type { ClientCapabilities, ServerCapabilities } from './capabilities.js';
import type { Implementation } from './metadata.js';

/** Params of the legacy `initialize` request. */
export interface InitializeRequestParams extends RequestParamsBase {
  readonly protocolVersion: string;
  readonly capabilities: ClientCapabilities;
  readonly clientInfo: Implementation;
}

/** The legacy server's answer to `initialize`: the negotiated revision and what the server offers. */
export interface InitializeResult extends CompleteResultBase {
  readonly protocolVersion: string;
  readonly capabilities: ServerCapabilities;
  readonly serverInfo: Implementation;
  readonly instructions?: string;
}

/** Params of `server/discover` (2026-07-28): only `_meta`. */
export type DiscoverRequestParams = RequestParamsBase;

/** What a 2026-07-28 server offers (`server/discover`); `_meta` usually carries its `serverInfo`. */
export interface DiscoverResult extends CompleteResultBase, CacheHints {
  readonly supportedVersions: readonly string[];
  readonly capabilities: ServerCapabilities;
  readonly instructions?: string;
}

/** Params of `ping` (legacy). */
export type PingRequestParams = RequestParamsBase;
