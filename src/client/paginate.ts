import { EMPTY, defer, expand, queueScheduler, reduce, throwError, type Observable } from 'rxjs';
import { PaginationError } from '../errors/errors.js';

/** One page of a paginated list. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | undefined;
}

/** Options of `walkPages`. */
export interface WalkOptions {
  /** Most pages to fetch before failing with `PaginationError` (`page-limit`). */
  readonly maxPages: number;
  /** Whether an empty-string cursor continues the list (2026-07-28) or ends it (older revisions). */
  readonly emptyCursorContinues: boolean;
}

function nextCursorOf(page: Page<unknown>, options: WalkOptions): string | undefined {
  const cursor = page.nextCursor;
  if (cursor === undefined || cursor === null) return undefined;
  return cursor === '' && !options.emptyCursorContinues ? undefined : cursor;
}

/**
 * Walks every page of a list: fetches the first page, then each `nextCursor` in turn, and emits all items once
 * the last page arrives. A failure on any page fails the walk: it is never reported as a shorter or empty list.
 *
 * **Temperature:** cold. **Emits:** the items of every page, once. **Completes:** after it.
 * **Errors:** `PaginationError` when `maxPages` is exceeded (`page-limit`) or a cursor repeats (`cursor-loop`),
 * and whatever a page request errors with. **Teardown:** cancels the page request in flight.
 */
export function walkPages<T>(method: string, fetchPage: (cursor: string | undefined) => Observable<Page<T>>, options: WalkOptions): Observable<readonly T[]> {
  return defer(() => {
    const seen = new Set<string>();
    let pages = 0;
    const next = (cursor: string | undefined): Observable<Page<T>> => {
      pages += 1;
      if (pages > options.maxPages) {
        return throwError(() => new PaginationError(method, 'page-limit', `more than ${options.maxPages} pages`));
      }
      return fetchPage(cursor);
    };
    return next(undefined).pipe(
      expand((page) => {
        const cursor = nextCursorOf(page, options);
        if (cursor === undefined) return EMPTY;
        if (seen.has(cursor)) return throwError(() => new PaginationError(method, 'cursor-loop', `the server sent cursor ${JSON.stringify(cursor)} twice`));
        seen.add(cursor);
        return next(cursor);
        // queueScheduler: pages that arrive synchronously (an in-memory server) are walked in a loop, not by
        // recursion, so a long list cannot overflow the stack; the walk stays synchronous.
      }, 1, queueScheduler),
      reduce<Page<T>, T[]>((all, page) => {
        for (const item of page.items) all.push(item);
        return all;
      }, []),
    );
  });
}
