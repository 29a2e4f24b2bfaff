import { map, type Observable } from 'rxjs';
import type { RunHelpers } from 'rxjs/testing';
import type { GroupCatalogState } from '../../src/index.js';
import type { EraCase, TestingController, TestingControllerOptions } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

/** Runs `body` in virtual time with two scripted servers of the era, then flushes and verifies both. */
export function withTwoServers(
  era: EraCase,
  body: (a: TestingController, b: TestingController, helpers: RunHelpers) => void,
  options: { readonly a?: Omit<TestingControllerOptions, 'revision'>; readonly b?: Omit<TestingControllerOptions, 'revision'> } = {},
): void {
  createTestScheduler().run((helpers) => {
    const a = era.controller(options.a);
    const b = era.controller(options.b);
    body(a, b, helpers);
    helpers.flush();
    a.verify();
    b.verify();
  });
}

/** A merged catalog state in one line: `names | server:flags ...` (flags: `s` stale, `r` refreshing, `!` error). */
export function summary<G extends { readonly name?: string; readonly uri?: string }>(state$: Observable<GroupCatalogState<G>>): Observable<string> {
  return state$.pipe(
    map((state) => {
      const items = state.items === undefined ? '-' : state.items.map((item) => item.name ?? item.uri).join(',');
      const servers = [...state.servers].map(([server, part]) => {
        const flags = `${part.stale ? 's' : ''}${part.refreshing ? 'r' : ''}${part.error === undefined ? '' : '!'}`;
        return `${server}:${part.items === undefined ? '-' : part.items.length}${flags}`;
      });
      return `${items} | ${servers.join(' ')}`;
    }),
  );
}
