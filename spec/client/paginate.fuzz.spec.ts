import * as fc from 'fast-check';
import { asapScheduler, observeOn, of, throwError, type Observable } from 'rxjs';
import { PaginationError, RpcError } from '../../src/errors/errors.js';
import { walkPages, type Page } from '../../src/client/paginate.js';
import { fuzzParams } from '../helpers/fuzz.js';

/** One answer of a paginating server: a page (its cursor may repeat, be empty or missing), or a failure. */
type Answer = { readonly items: readonly number[]; readonly nextCursor: string | null | undefined } | { readonly fails: true };

const answer: fc.Arbitrary<Answer> = fc.oneof(
  { weight: 9, arbitrary: fc.record({
    items: fc.array(fc.nat(), { maxLength: 3 }),
    nextCursor: fc.oneof(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), fc.string({ maxLength: 3 }), fc.constantFrom(undefined, null, '')),
  }) },
  { weight: 1, arbitrary: fc.constant({ fails: true } as const) },
);

type Outcome = { readonly items: readonly number[] } | { readonly error: unknown };

/** What walking the answers must give, by the rules of `walkPages`. */
function expectedWalk(answers: readonly Answer[], maxPages: number, emptyCursorContinues: boolean): { outcome: Outcome; cursors: (string | undefined)[] } {
  const items: number[] = [];
  const seen = new Set<string>();
  const cursors: (string | undefined)[] = [];
  let cursor: string | undefined;
  for (let index = 0; ; index += 1) {
    if (index >= maxPages) return { outcome: { error: 'page-limit' }, cursors };
    cursors.push(cursor);
    const page = answers[index] ?? { items: [], nextCursor: undefined };
    if ('fails' in page) return { outcome: { error: 'page failed' }, cursors };
    items.push(...page.items);
    const next = page.nextCursor;
    if (next === undefined || next === null || (next === '' && !emptyCursorContinues)) return { outcome: { items }, cursors };
    if (seen.has(next)) return { outcome: { error: 'cursor-loop' }, cursors };
    seen.add(next);
    cursor = next;
  }
}

function walk(answers: readonly Answer[], maxPages: number, emptyCursorContinues: boolean, async: boolean) {
  const cursors: (string | undefined)[] = [];
  const fetchPage = (cursor: string | undefined): Observable<Page<number>> => {
    const page = answers[cursors.length] ?? { items: [], nextCursor: undefined };
    cursors.push(cursor);
    const page$ = 'fails' in page
      ? throwError(() => new RpcError(-32603, 'page failed'))
      : of({ items: page.items, nextCursor: page.nextCursor as string | undefined });
    return async ? page$.pipe(observeOn(asapScheduler)) : page$;
  };
  const emitted: (readonly number[])[] = [];
  return new Promise<{ emitted: (readonly number[])[]; error?: unknown; cursors: (string | undefined)[] }>((resolve) => {
    walkPages('tools/list', fetchPage, { maxPages, emptyCursorContinues }).subscribe({
      next: (items) => emitted.push(items),
      error: (error: unknown) => resolve({ emitted, error, cursors }),
      complete: () => resolve({ emitted, cursors }),
    });
  });
}

function errorName(error: unknown): string {
  if (PaginationError.is(error)) return (error as PaginationError).reason;
  return RpcError.is(error) ? (error as RpcError).message : String(error);
}

describe('walkPages against arbitrary servers (property)', () => {
  it('emits every item once after the last page, or fails (page limit, cursor loop, a failed page) without a shorter list', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(answer, { maxLength: 12 }), fc.integer({ min: 1, max: 10 }), fc.boolean(), fc.boolean(),
        async (answers, maxPages, emptyCursorContinues, async) => {
          const expected = expectedWalk(answers, maxPages, emptyCursorContinues);
          const got = await walk(answers, maxPages, emptyCursorContinues, async);
          throwUnless(got.cursors).toEqual(expected.cursors);
          if ('items' in expected.outcome) {
            throwUnless(got.error).toBeUndefined();
            throwUnless(got.emitted).toEqual([expected.outcome.items]);
          } else {
            throwUnless(got.emitted).toEqual([]);
            throwUnless(errorName(got.error)).toBe(String(expected.outcome.error));
          }
        },
      ),
      fuzzParams(500),
    );
  });

});
