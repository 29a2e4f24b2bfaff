import { map, type Observable } from 'rxjs';
import { walkPages } from '../../client/paginate.js';
import { DEFAULT_MAX_PAGES } from '../../client/verbs.js';

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
 * members (the shortest `ttlMs`, and `cacheScope: private` when any page was private), no `nextCursor`. The pages are
 * walked by the client's own `walkPages`, so the CLI ends a list where `listTools()` does (an empty cursor ends it
 * before 2026-07-28).
 *
 * - **Temperature:** cold; each subscription walks the pages again, one request at a time.
 * - **Emits:** the merged result once. **Completes:** right after it.
 * - **Errors:** what `page` errors with; `PaginationError` after 100 pages or on a cursor seen before.
 * - **Teardown:** cancels the page request in flight.
 */
export function allPages(method: string, page: (cursor?: string) => Observable<Page>, key: string, emptyCursorContinues: boolean): Observable<Record<string, unknown>> {
  const asPage = (cursor: string | undefined) => page(cursor).pipe(map((raw) => ({ items: [raw], nextCursor: raw.nextCursor })));
  return walkPages(method, asPage, { maxPages: DEFAULT_MAX_PAGES, emptyCursorContinues }).pipe(map((pages) => merged(pages[0] as Page, pages, key)));
}
