import { mergeMap, tap } from 'rxjs';
import { HeaderMismatchError } from '../../errors/rpc-errors.js';
import type { Tool } from '../../protocol/model/tools.js';
import type { ClientCore } from '../core.js';
import { relay } from '../relay.js';
import type { ToolRegistry } from '../tool-registry.js';
import { listAll } from '../verbs.js';
import type { VerbLink } from './verb-call.js';

/**
 * Built-in link, below the connect link: a tool call the server refuses with `-32020` (its routing headers do not match the tool it has now)
 * is sent once more after the tools were listed again, fresh from the server (a cached listing would carry the very
 * headers it refused). A call given its own `tool` is the caller's business and is not repeated.
 */
export function relistLink(core: ClientCore, tools: ToolRegistry): VerbLink {
  return (call, next) => {
    if (call.method !== 'tools/call' || call.options.tool !== undefined || call.ready === undefined) return next(call);
    // Only a connection that routes by headers (2026-07-28 over HTTP) can refuse them: elsewhere this costs nothing.
    const { policy } = call.ready;
    if (policy.revision.httpHeaders !== 'routing' || !policy.connection.exchange) return next(call);
    return relay(() => next(call), (event) => event, (error) => {
      if (!HeaderMismatchError.is(error)) throw error;
      return listAll<Tool>(core, 'tools/list', 'tools', { fresh: true }).pipe(
        tap((list) => tools.replace(list)),
        mergeMap(() => next(call)),
      );
    });
  };
}
