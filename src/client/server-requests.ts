import { defer, from, isObservable, map, of, take, type Observable } from 'rxjs';
import { RpcError, SchemaError, UnsupportedMethodError } from '../errors/errors.js';
import { decodeServerRequest } from '../protocol/codec.js';
import { JSONRPC_ERROR_CODES } from '../protocol/jsonrpc.js';
import type { ElicitRequestParams } from '../protocol/model/elicitation.js';
import type { InputRequest, InputResponse } from '../protocol/model/mrtr.js';
import { encodeResult } from '../protocol/encode.js';
import type { ProtocolEra, ProtocolVersion } from '../protocol/versions.js';
import type { Params, RequestHandler, ResultPayload } from '../session/types.js';
import { withElicitationDefaults } from './elicitation-defaults.js';
import { NOTHING_IN_FLIGHT, type HumanWait, type WaitScope } from './human-wait.js';
import type { ClientHandlerContext, ClientOptions, HandlerOutput } from './types.js';

function toObservable<T>(output: HandlerOutput<T>): Observable<T> {
  if (isObservable(output)) return output as Observable<T>;
  if (typeof (output as PromiseLike<T> | null)?.then === 'function') return from(output as PromiseLike<T>);
  return of(output as T);
}

/**
 * What can answer one server request, whichever era it came from; `scope` says which call a wait on a person for it
 * holds up (default: none in flight).
 */
export type ServerRequestRunner = (method: string, params: Params, context: ClientHandlerContext, scope?: WaitScope) => Observable<ResultPayload>;

function refuse(method: string): Observable<never> {
  return defer(() => {
    throw new RpcError(JSONRPC_ERROR_CODES.METHOD_NOT_FOUND, `The client does not handle ${method}`, { method });
  });
}

function elicit(options: ClientOptions, params: ElicitRequestParams, context: ClientHandlerContext): Observable<ResultPayload> {
  const handler = options.handlers?.elicitation;
  if (!handler) return refuse('elicitation/create');
  const mode = params.mode ?? 'form';
  if (!(options.elicitationModes ?? ['form']).includes(mode)) {
    return defer(() => {
      throw new RpcError(JSONRPC_ERROR_CODES.INVALID_PARAMS, `Elicitation mode ${mode} was not declared by the client`);
    });
  }
  return toObservable(handler(params, context)).pipe(take(1), map((result) => withElicitationDefaults(params, result) as unknown as ResultPayload));
}

/**
 * The one runner behind every server request: routes `sampling/createMessage`, `elicitation/create` and
 * `roots/list` to the user's handlers (sampling and elicitation as waits on a person, see `HumanWait`), answers `ping`.
 * Each answer is shaped for the negotiated revision (`versionOf`): fields it does not define are dropped, and an
 * answer it cannot carry fails with `SchemaError` (the server then gets an error instead of a malformed result).
 */
export function serverRequestRunner(options: ClientOptions, human: HumanWait, versionOf: () => ProtocolVersion | undefined): ServerRequestRunner {
  const answer = answerFor(options, human);
  return (method, params, context, scope = NOTHING_IN_FLIGHT) =>
    answer(method, params, context, scope).pipe(
      map((result) => {
        const version = versionOf();
        return version === undefined ? result : (encodeResult(version, method, result as never) as unknown as ResultPayload);
      }),
    );
}

/** `handler` run as a wait on a person, with the wait's own signal in its context. */
function asked<T>(human: HumanWait, method: string, scope: WaitScope, context: ClientHandlerContext, handler: (context: ClientHandlerContext) => Observable<T>): Observable<T> {
  return human.track(method, scope, context.signal, (signal) => handler({ ...context, signal }));
}

function answerFor(options: ClientOptions, human: HumanWait): ServerRequestRunner {
  const handlers = options.handlers ?? {};
  return (method, params, context, scope = NOTHING_IN_FLIGHT) => {
    switch (method) {
      case 'ping':
        return of({});
      case 'roots/list':
        return handlers.roots ? toObservable(handlers.roots(context)).pipe(take(1), map((r) => r as unknown as ResultPayload)) : refuse(method);
      case 'sampling/createMessage': {
        const sampling = handlers.sampling;
        if (!sampling) return refuse(method);
        return asked(human, method, scope, context, (c) => toObservable(sampling(params as never, c)).pipe(take(1), map((r) => r as unknown as ResultPayload)));
      }
      case 'elicitation/create':
        return asked(human, method, scope, context, (c) => elicit(options, params as unknown as ElicitRequestParams, c));
      default:
        return refuse(method);
    }
  };
}

/**
 * The params of a legacy server request, checked against the negotiated revision's schema: a request that does not
 * fit is answered `-32602` (invalid params) and never reaches a handler.
 */
function checkedParams(version: ProtocolVersion | undefined, method: string, params: Params): Params {
  if (version === undefined) return params;
  try {
    return decodeServerRequest(version, method, params) as Params;
  } catch (error) {
    if (SchemaError.is(error)) throw new RpcError(JSONRPC_ERROR_CODES.INVALID_PARAMS, `Invalid ${method} params: ${error.message}`, { method, cause: error });
    throw new RpcError(JSONRPC_ERROR_CODES.METHOD_NOT_FOUND, `The server sent ${method}, which MCP ${version} does not let it send`, { method, cause: error });
  }
}

/** The session handlers of the legacy era (JSON-RPC requests from the server), checked, then all through `run`. */
export function legacyHandlers(run: ServerRequestRunner, versionOf: () => ProtocolVersion | undefined): Record<string, RequestHandler> {
  const handler: (method: string) => RequestHandler = (method) => (params, context) => {
    // The server's request waits on our answer while our request (the call it belongs to) waits on the server.
    const scope: WaitScope = { inFlight: true, pause: () => context.pauseRelated(), giveUp: (error) => context.failRelated(error) };
    return run(method, checkedParams(versionOf(), method, params), { signal: context.signal, era: 'legacy', progress: context.progress }, scope);
  };
  return Object.fromEntries(['ping', 'roots/list', 'sampling/createMessage', 'elicitation/create'].map((m) => [m, handler(m)]));
}

/** Fulfils one 2026-07-28 input request through the same runner. */
export function fulfilInputRequest(run: ServerRequestRunner, request: InputRequest, signal: AbortSignal, era: ProtocolEra = 'modern'): Observable<InputResponse> {
  if (!['roots/list', 'sampling/createMessage', 'elicitation/create'].includes(request.method)) {
    return defer(() => {
      throw new UnsupportedMethodError(`The server asked for input of an unknown kind: ${request.method}`, { method: request.method });
    });
  }
  const context: ClientHandlerContext = { signal, era, progress: () => undefined };
  return run(request.method, (request.params ?? {}) as Params, context).pipe(map((result) => result as unknown as InputResponse));
}
