import { defer, EMPTY, expand, last, map, type Observable, reduce, throwError } from 'rxjs';
import { PaginationError } from '../../index.js';

/** The most pages one listing walks. */
const MAX_PAGES = 100;

type Page = Readonly<Record<string, unknown>> & { readonly nextCursor?: string };

function merged(first: Page, pages: readonly Page[], key: string): Record<string, unknown> {
  const { nextCursor: _cursor, ...head } = first;
  const items = pages.flatMap((page) => (Array.isArray(page[key]) ? (page[key] as unknown[]) : []));
  const result: Record<string, unknown> = { ...head, [key]: items };
  const ttls = pages.map((page) => page['ttlMs']).filter((ttl): ttl is number => typeof ttl === 'number');
  if (ttls.length > 0) result['ttlMs'] = Math.min(...ttls);
  if (pages.some((page) => page['cacheScope'] === 'private')) result['cacheScope'] = 'private';
  return result;
}

/**
 * Every page of a listing as one result of the same shape: the items of all pages under `key`, the first page's other
 * members (the shortest `ttlMs`, and `cacheScope: private` when any page was private), no `nextCursor`.
 *
 * - **Temperature:** cold; each subscription walks the pages again, one request at a time.
 * - **Emits:** the merged result once. **Completes:** right after it.
 * - **Errors:** what `page` errors with; `PaginationError` after 100 pages or on a cursor seen before.
 * - **Teardown:** cancels the page request in flight.
 */
export function allPages(method: string, page: (cursor?: string) => Observable<Page>, key: string): Observable<Record<string, unknown>> {
  return defer(() => {
    const seen = new Set<string>();
    let count = 0;
    return page().pipe(
      expand((current) => {
        const cursor = current.nextCursor;
        if (cursor === undefined) return EMPTY;
        if (seen.has(cursor)) return throwError(() => new PaginationError(method, 'cursor-loop', `the server sent cursor ${JSON.stringify(cursor)} twice`));
        if (++count >= MAX_PAGES) return throwError(() => new PaginationError(method, 'page-limit', `more than ${MAX_PAGES} pages`));
        seen.add(cursor);
        return page(cursor);
      }),
      reduce((pages: Page[], current) => [...pages, current], []),
      last(),
      map((pages) => merged(pages[0] as Page, pages, key)),
    );
  });
}
