import { RpcError } from '../../errors/errors.js';
import type { ProtocolVersion } from '../../protocol/versions.js';
import { MCP_ERROR_CODES } from '../../errors/rpc-errors.js';
import { knownMethodSpec } from '../../protocol/methods.js';
import type { ResultCache } from '../cache.js';
import { relay } from '../relay.js';
import type { Link } from './types.js';

/**
 * Built-in link: the connection's cache of 2026-07-28 cacheable results (see `ResultCache`). A fresh cached result
 * answers the call without sending it; identical calls in flight share one request. A cursor the server refuses
 * makes the pages cached of that list stale: they are no longer a consistent snapshot.
 */
export function cacheLink(cache: ResultCache, version: ProtocolVersion): Link {
  return (call, next) => {
    const spec = knownMethodSpec(version, call.method);
    if (spec?.cacheable !== true) return next(call);
    const through$ = cache.through(call.method, call.params, call.options, next(call));
    if (!spec.paginated || call.params?.['cursor'] === undefined) return through$;
    return relay(through$, (event) => event, (error) => {
      if (RpcError.is(error) && (error as RpcError).rpcCode === MCP_ERROR_CODES.INVALID_PARAMS) cache.invalidate(call.method);
      throw error;
    });
  };
}
