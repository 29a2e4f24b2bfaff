import type { LoggingLevel } from '../../protocol/model/common.js';
import type { Connection } from '../../session/types.js';
import type { ResultCache } from '../cache.js';
import { DEFAULT_MAX_INPUT_ROUNDS } from '../input-rounds.js';
import type { ServerRequestRunner } from '../server-requests.js';
import type { ClientOptions, ServerSession } from '../types.js';
import type { WirePolicy } from '../wire-policy.js';
import { cacheLink } from './cache-link.js';
import { chain } from './chain.js';
import { inputRoundsLink } from './input-rounds-link.js';
import { reissueLink } from './reissue.js';
import type { Link, LinkNext } from './types.js';
import { wire } from './wire.js';

/** What the chain of a connection is built from, beside the connection. */
export interface ChainDeps {
  readonly options: ClientOptions;
  readonly run: ServerRequestRunner;
  /** The log level the client wants now, for revisions that carry it per request. */
  logLevel(): LoggingLevel | undefined;
}

/**
 * The chain of one negotiated connection: the user's links (`ClientOptions.links`, outermost first), then the
 * built-in links that apply to the connection's revision and transport, in this order:
 *
 * 1. cache: a fresh cached 2026-07-28 result answers without sending; identical calls in flight share one request;
 * 2. input rounds: `input_required` answers are fulfilled and the call sent again (2026-07-28);
 * 3. re-issue: a call whose response stream broke is sent once more (2026-07-28 with a stream per request);
 * 4. the wire: `_meta`, headers, the request on this connection, its result decoded.
 *
 * A built-in that does not apply to the revision is not in the chain at all; one that does not apply to a method
 * passes the call on, so a plain call costs one function call per link.
 */
export function connectionChain(deps: ChainDeps, connection: Connection, server: ServerSession, policy: WirePolicy, cache: ResultCache): LinkNext {
  const version = server.protocolVersion;
  const builtIns: Link[] = [];
  if (Object.values(policy.revision.methods).some((spec) => spec.cacheable === true)) builtIns.push(cacheLink(cache, version));
  if (policy.revision.serverRequests === 'input-rounds') builtIns.push(inputRoundsLink(deps.run, deps.options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS, version));
  if (policy.reissue) builtIns.push(reissueLink(deps.options.reissue === 'safe-only'));
  return chain([...(deps.options.links ?? []), ...builtIns], wire(connection, policy, version, deps));
}
