import { of } from 'rxjs';
import { walkPages } from '../../src/client/paginate.js';

// Found by spec/client/paginate.fuzz.spec.ts: pages that arrive synchronously used to overflow the stack inside expand.
describe('walkPages over pages that arrive synchronously', () => {
  it('walks 1000 pages (a synchronous transport, maxPages raised) and emits their items', () => {
    const count = 1000;
    let fetched = 0;
    let outcome = 'nothing';
    walkPages('tools/list', (cursor) => {
      fetched += 1;
      const index = cursor === undefined ? 0 : Number(cursor) + 1;
      return of({ items: [index], nextCursor: index === count - 1 ? undefined : String(index) });
    }, { maxPages: count, emptyCursorContinues: false }).subscribe({
      next: (items) => (outcome = `${items.length} items`),
      error: (error: unknown) => (outcome = `error: ${String(error)}`),
    });
    expect(fetched).toBe(count);
    expect(outcome).toBe(`${count} items`);
  });
});
