import { Observable, catchError, defer, map, switchMap, throwError } from 'rxjs';
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

/** Default cap on the pages of one full list. */
export const DEFAULT_MAX_PAGES = 100;

/** Keeps only the decoded result of a call (one subscriber, instead of a filter and a map). */
export function resultOf<R>(events$: Observable<CallEvent<unknown>>): Observable<R> {
  return new Observable<R>((subscriber) =>
    events$.subscribe({
      next: (event) => {
        if (event.type === 'result') subscriber.next(event.result as R);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    }),
  );
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

/** One page of a paginated list, on the open connection (or a new one). */
export function listPage<R>(core: ClientCore, method: string, cursor: string | undefined, options: CallOptions = {}): Observable<R> {
  const params: Params | undefined = cursor === undefined ? undefined : { cursor };
  return resultOf<R>(core.call(method, params, options));
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
