import { Observable, catchError, map, switchMap, throwError } from 'rxjs';
import { SessionLostError, UnsupportedMethodError } from '../errors/errors.js';
import { methodSpec } from '../protocol/methods.js';
import type { Params } from '../session/types.js';
import { isSessionExpired, type ClientCore } from './core.js';
import { requestOptionsFor, type CallOptions } from './envelope.js';
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
 * Repeats `call$` once on a fresh session when the server forgot the session (HTTP 404) and the request is safe
 * to repeat; otherwise fails with `SessionLostError`. Either way the client negotiates again.
 */
export function surviveSessionLoss<T>(core: ClientCore, method: string, safe: boolean, call$: Observable<T>): Observable<T> {
  return call$.pipe(
    catchError((error: unknown) => {
      if (!isSessionExpired(error)) return throwError(() => error);
      core.renegotiate();
      return safe ? call$ : throwError(() => new SessionLostError(method, { cause: error }));
    }),
  );
}

/**
 * A request of a method that no revision defines (an extension's), with the negotiated revision's envelope; the
 * raw result. Methods of the negotiated revision fail with `UnsupportedMethodError` (they have typed verbs).
 */
export function extensionRequest<R>(core: ClientCore, method: string, params: Params | undefined, options: CallOptions = {}): Observable<R> {
  return core.ready().pipe(
    switchMap((negotiated) => {
      if (methodSpec(negotiated.server.protocolVersion, method)) {
        return throwError(() => new UnsupportedMethodError(`${method} is an MCP method: use its verb`, { method }));
      }
      const requestOptions = requestOptionsFor(negotiated.envelope, method, params, options);
      return core.session.request(method, params, requestOptions) as Observable<R>;
    }),
  );
}

/** One page of a paginated list. */
export function listPage<R>(core: ClientCore, method: string, cursor: string | undefined, options: CallOptions = {}): Observable<R> {
  const params: Params | undefined = cursor === undefined ? undefined : { cursor };
  return surviveSessionLoss(core, method, true, resultOf<R>(core.call(method, params, options)));
}

/** Every page of a paginated list, as one array (`key` names the items: `tools`, `resources`, ...). */
export function listAll<T>(core: ClientCore, method: string, key: string, options: CallOptions = {}): Observable<readonly T[]> {
  return core.ready().pipe(
    switchMap((negotiated) =>
      walkPages<T>(
        method,
        (cursor) =>
          listPage<Record<string, unknown>>(core, method, cursor, options).pipe(
            map((result): Page<T> => ({ items: (result[key] as readonly T[] | undefined) ?? [], nextCursor: result['nextCursor'] as string | undefined })),
          ),
        { maxPages: core.options.maxPages ?? DEFAULT_MAX_PAGES, emptyCursorContinues: negotiated.server.era === 'modern' },
      ),
    ),
  );
}
