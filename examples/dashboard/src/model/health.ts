import { EMPTY, catchError, distinctUntilChanged, endWith, exhaustMap, ignoreElements, map, of, switchMap, timer, type Observable } from 'rxjs';
import type { Client } from 'rxmcp';

/** The last health check of the server: the page asks it every few seconds while connected. */
export type Health = { readonly ok: true; readonly at: number } | { readonly ok: false; readonly at: number; readonly since: number; readonly error: string };

const message = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * A health check every `healthMs` while a server is negotiated: `ping` (2025 revisions) or `server/discover`
 * (2026-07-28). Nothing else tells a page that a stateless server went away, and on 2025 revisions it is the
 * request that meets the restarted server's 404, so the client re-initializes and the watches subscribe again.
 * `last` gives the previous check, so an outage keeps the moment it began.
 */
export function healthChecks(client: Client, healthMs: number, last: () => Health | undefined): Observable<Health> {
  const probe = (era: string): Observable<unknown> =>
    era === 'legacy' ? client.ping({ timeout: { firstMs: 3000 } }) : client.discover({ timeout: { firstMs: 3000 } });
  return client.server$.pipe(
    map((server) => server?.era),
    distinctUntilChanged(),
    switchMap((era) => (era === undefined ? EMPTY : timer(healthMs, healthMs).pipe(
      exhaustMap(() => probe(era).pipe(
        ignoreElements(),
        endWith<Health>({ ok: true, at: Date.now() }),
        catchError((error: unknown) => {
          const previous = last();
          const since = previous?.ok === false ? previous.since : Date.now();
          return of<Health>({ ok: false, at: Date.now(), since, error: message(error) });
        }),
      )),
    ))),
  );
}
