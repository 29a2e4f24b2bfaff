import type { Meta } from './common.js';

/** A root the client exposes to the server (`file://` URIs). */
export interface Root {
  readonly uri: string;
  readonly name?: string;
  readonly _meta?: Meta;
}

/** Params of `roots/list`. */
export interface ListRootsRequestParams {
  readonly _meta?: Meta;
}

/** What the client answers to `roots/list`. */
export interface ListRootsResult {
  readonly roots: readonly Root[];
  readonly _meta?: Meta;
}
