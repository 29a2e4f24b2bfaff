/**
 * What `ClientOptions.warmStart` takes: a warm start made by `warmStart({ store, server })` of `rxmcp/warm`
 * (docs/warm-start.md). Only that entry carries the warm start's code, so a client without one bundles none of it.
 */
export interface WarmStart {
  /** @internal The client's side of the warm start (`WarmHooks.open`). */
  readonly open: (context: never) => unknown;
}
