import type { Meta } from './common.js';

/** A root the client exposes to the server (`file://` URIs). */
export interface Root {
  /** The root's URI (`file://` in current revisions). */
  readonly uri: string;
  /** A name for people. */
  readonly name?: string;
  /** The root's metadata, opaque to rxmcp. */
  readonly _meta?: Meta;
}

/** Params of `roots/list`. */
export interface ListRootsRequestParams {
  /** The request's metadata. */
  readonly _meta?: Meta;
}

/** What the client answers to `roots/list`. */
export interface ListRootsResult {
  /** The roots the server may work in. */
  readonly roots: readonly Root[];
  /** The result's metadata. */
  readonly _meta?: Meta;
}
