import { Observable, catchError, defer, ignoreElements, map, switchMap, throwError } from 'rxjs';
import { UnsupportedMethodError } from '../errors/errors.js';
import { knownMethodSpec } from '../protocol/methods.js';
import type { Params } from '../session/types.js';
import { callOn } from './call.js';
import { isSessionExpired } from './session-expiry.js';
import type { ClientConnection } from './client-connection.js';
import type { ClientCore } from './core.js';
import type { CallOptions } from './envelope.js';
import type { CallEvent } from './input-rounds.js';
import { walkPages, type Page } from './paginate.js';
import { ResultOnly } from './result-only.js';
import type { AnyVerbLine, ClientVerbsOf } from './verb-line.js';

/** Default cap on the pages of one full list. */
export const DEFAULT_MAX_PAGES = 100;

/** Keeps only the decoded result of a call (one subscriber, instead of a filter and a map). */
export function resultOf<R>(events$: Observable<CallEvent<unknown>>): Observable<R> {
  return new Observable<R>((subscriber) => events$.subscribe(new ResultOnly<R>(subscriber)));
}

/**
 * Repeats `call$` once, on a new connection, when the server forgot the session (HTTP 404): for the verbs that are
 * safe to repeat (reads, lists, prompts, completions). A tool call decides for itself (`tool-calls.ts`). The lost
 * connection was already ended by the call.
 */
export function surviveSessionLoss<T>(call$: Observable<T>): Observable<T> {
  return call$.pipe(catchError((error: unknown) => (isSessionExpired(error) ? call$ : throwError(() => error))));
}

/**
 * A request of a method that no revision defines (an extension's), with the negotiated revision's `_meta` and
 * headers; the raw result. Methods of the negotiated revision and of the extensions rxmcp knows for it (the tasks
 * extension's `tasks/get`, ...) fail with `UnsupportedMethodError`: they have verbs.
 */
export function extensionRequest<R>(core: ClientCore, method: string, params: Params | undefined, options: CallOptions = {}): Observable<R> {
  return core.readyFor(method, options).pipe(
    switchMap(({ ready, options }) => {
      const spec = knownMethodSpec(ready.server.protocolVersion, method);
      if (spec) {
        const what = spec.extension === undefined ? 'an MCP method' : `a method of the ${spec.extension} extension`;
        return throwError(() => new UnsupportedMethodError(`${method} is ${what}: use its verb`, { method }));
      }
      return resultOf<R>(ready.send({ method, params, options, connection: ready, safe: false }));
    }),
  );
}

/**
 * Every page of a list, as one array (`key` names the items: `tools`, `resources`, ...), all on the one connection
 * `ready`: a cursor is never sent to another connection than the one that issued it.
 */
export function listOn<T>(core: ClientCore, ready: ClientConnection, method: string, key: string, options: CallOptions = {}): Observable<readonly T[]> {
  const page = (cursor: string | undefined) =>
    resultOf<Record<string, unknown>>(callOn(ready, method, cursor === undefined ? undefined : { cursor }, options)).pipe(
      map((result): Page<T> => ({ items: (result[key] as readonly T[] | undefined) ?? [], nextCursor: result['nextCursor'] as string | undefined })),
    );
  return walkPages<T>(method, page, { maxPages: core.options.maxPages ?? DEFAULT_MAX_PAGES, emptyCursorContinues: ready.policy.revision.emptyCursorContinues });
}

/** Every page of a list on the open connection (or a new one); a walk cut by a session loss starts over. */
export function listAll<T>(core: ClientCore, method: string, key: string, options: CallOptions = {}): Observable<readonly T[]> {
  return surviveSessionLoss(defer(() => core.readyFor(method, options).pipe(switchMap((n) => listOn<T>(core, n.ready, method, key, n.options)))));
}

type Send = (params: Params | undefined, options: CallOptions | undefined) => Observable<unknown>;
type Bound = (...args: never[]) => Observable<unknown>;

/** How a line of `kind` sends its request. */
function sender(core: ClientCore, { method, kind }: AnyVerbLine): Send {
  switch (kind) {
    case 'events':
      return (params, options) => core.call(method, params, { progress: true, ...options });
    case 'empty':
      return (params, options) => core.result<unknown>(method, params, options).pipe(ignoreElements());
    default:
      return (params, options) => core.result<unknown>(method, params, options);
  }
}

/** One verb of a line: its positional arguments become the params (the builder's `length` of them), then the options. */
function bindLine(core: ClientCore, line: AnyVerbLine): Bound {
  const { method, kind, key = '' } = line;
  if (kind === 'list') return (options?: CallOptions) => listAll(core, method, key, options);
  const send = sender(core, line);
  const build = line.params as (...args: unknown[]) => Params | undefined;
  switch (build.length) {
    case 0:
      return (options?: CallOptions) => send(build(), options);
    case 1:
      return (a: unknown, options?: CallOptions) => send(build(a), options);
    case 2:
      return (a: unknown, b: unknown, options?: CallOptions) => send(build(a, b), options);
    default:
      return (a: unknown, b: unknown, c: unknown, options?: CallOptions) => send(build(a, b, c), options);
  }
}

/** The verbs of a verb table on `core`: one function per line, made once per client (none per call). */
export function bindVerbs<T extends Readonly<Record<string, AnyVerbLine>>>(core: ClientCore, table: T): ClientVerbsOf<T> {
  const verbs: Record<string, Bound> = {};
  for (const name of Object.keys(table)) verbs[name] = bindLine(core, table[name]!);
  return verbs as unknown as ClientVerbsOf<T>;
}
