import { catchError, of, retry, throwError, type Observable } from 'rxjs';
import { OutcomeUnknownError, ResponseStreamEndedError, RpcError, UnsupportedMethodError } from '../errors/errors.js';
import { McpError } from '../errors/mcp-error.js';
import { MCP_ERROR_CODES } from '../errors/rpc-errors.js';
import { decodeResult } from '../protocol/codec.js';
import { hasCapability } from '../protocol/model/capabilities.js';
import { isClientRequestSpec, knownMethodSpec } from '../protocol/methods.js';
import type { MethodSpec } from '../protocol/method-spec.js';
import type { Params, RequestEvent } from '../session/types.js';
import type { ClientConnection } from './client-connection.js';
import type { CallOptions } from './envelope.js';
import { DEFAULT_MAX_INPUT_ROUNDS, withInputRounds, type CallEvent } from './input-rounds.js';
import type { ServerRequestRunner } from './server-requests.js';
import type { ClientOptions } from './types.js';
import type { ResultCache } from './cache.js';
import { relay } from './relay.js';

/** What a call needs from the client. */
export interface CallDeps {
  readonly options: ClientOptions;
  readonly run: ServerRequestRunner;
  /** The log level of requests (revisions that carry it per request). */
  readonly logLevel: ClientOptions['logLevel'];
  /** Cacheable results, and identical requests in flight. */
  readonly cache: ResultCache;
}

/** The spec of `method` on `ready` (the revision's or an extension's), or a throw when it cannot be sent there. */
function supportedSpec(ready: ClientConnection, method: string): MethodSpec {
  const { protocolVersion, capabilities } = ready.server;
  const spec = knownMethodSpec(protocolVersion, method);
  if (!isClientRequestSpec(spec)) {
    throw new UnsupportedMethodError(`${method} is not part of MCP ${protocolVersion}`, { method });
  }
  if (spec.serverCapability && !hasCapability(capabilities, spec.serverCapability)) {
    throw new UnsupportedMethodError(`The server does not declare the ${spec.serverCapability.join('.')} capability needed for ${method}`, { method });
  }
  return spec;
}

/** A request whose response stream broke is lost, and is re-issued once, with a new id (2026-07-28). */
function reissueWhenStreamLost(error: unknown): Observable<number> {
  return ResponseStreamEndedError.is(error) ? of(0) : throwError(() => error);
}

/** How a lost request is answered: re-issued, or (not safe to repeat, and `reissue: 'safe-only'`) failed as unknown. */
function onStreamLost(method: string, reissue: boolean): (request$: Observable<RequestEvent>) => Observable<RequestEvent> {
  if (reissue) return (request$) => request$.pipe(retry({ count: 1, delay: reissueWhenStreamLost }));
  return (request$) =>
    request$.pipe(catchError((error: unknown) => throwError(() => (ResponseStreamEndedError.is(error) ? new OutcomeUnknownError(method, { cause: error }) : error))));
}

/** True for the error a Streamable HTTP transport raises when the server forgot the session (HTTP 404). */
export function isSessionExpired(error: unknown): boolean {
  return McpError.hasKind(error, 'SessionExpiredError');
}

/**
 * One request of `method` on the negotiated connection `ready`, and on no other: the revision's `_meta` and
 * headers, input rounds where the revision has them, re-issue where the wire policy says so (with `reissue:
 * 'safe-only'`, only when `safe`: otherwise a lost request fails with `OutcomeUnknownError`), the result decoded.
 * `safe` defaults to true for every method but `tools/call`: a tool call is safe to repeat only when its caller says so.
 * When the server has forgotten the session, the connection is ended (with that error, so everything in flight
 * on it learns it); whether to repeat the call on a new one is the verb's decision.
 */
export function callOn(core: CallDeps, ready: ClientConnection, method: string, params: Params | undefined, options: CallOptions, safe = method !== 'tools/call'): Observable<CallEvent<unknown>> {
  const known = supportedSpec(ready, method);
  const { policy, connection } = ready;
  const version = ready.server.protocolVersion;
  const lost = policy.reissue ? onStreamLost(method, core.options.reissue !== 'safe-only' || safe) : undefined;
  const send = (p: Params | undefined): Observable<RequestEvent> => {
    const request$ = connection.requestEvents(method, p, policy.requestOptions(method, p, options, core.logLevel));
    return lost === undefined ? request$ : lost(request$);
  };
  const decode = (raw: Params) => decodeResult(version, method, raw, options.resultTypes ? { allowedResultTypes: options.resultTypes } : {});
  const decodeEvent = (event: RequestEvent): CallEvent<unknown> => (event.type === 'result' ? { type: 'result', result: decode(event.result) } : event);
  const fail = (error: unknown): never => {
    if (isSessionExpired(error)) connection.abort(error as McpError);
    // A cursor the server refuses: the pages cached of that list are no longer a consistent snapshot.
    if (known.paginated && params?.['cursor'] !== undefined && RpcError.is(error) && (error as RpcError).rpcCode === MCP_ERROR_CODES.INVALID_PARAMS) core.cache.invalidate(method);
    throw error;
  };
  const rounds = policy.revision.serverRequests === 'input-rounds' && known.mayRequireInput === true;
  // The common case (no input rounds, nothing cached) is one subscriber over the request.
  if (!rounds && !known.cacheable) return relay(send(params), decodeEvent, fail);
  const sent$: Observable<CallEvent<unknown>> = rounds
    ? withInputRounds({ method, maxRounds: core.options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS, run: core.run, send, decode }, params ?? {})
    : relay(send(params), decodeEvent);
  const events$ = known.cacheable ? core.cache.through(method, params, sent$) : sent$;
  return relay(events$, (event) => event, fail);
}
