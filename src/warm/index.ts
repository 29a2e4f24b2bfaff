/**
 * Warm start: `warmStart({ store, server })` for `ClientOptions.warmStart`, and `memoryWarmStore()`. A client keeps
 * what it learns of its server in a store and the next client of the same server starts from it, within the server's
 * cache hints (docs/warm-start.md). Browser-safe; `fileWarmStore` is in `rxmcp/node`. The warm start's code lives
 * behind this entry only, so a client that does not use it bundles none of it.
 *
 * @packageDocumentation
 * @module rxmcp/warm
 */
export { warmStart } from '../client/warm/warm-start.js';
export { memoryWarmStore } from '../client/warm/store.js';
