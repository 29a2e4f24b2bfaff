// The CLI's listing of every page ends a list where the client's own verbs do.
import { of, type Observable } from 'rxjs';
import { allPages } from '../../../src/cli/verbs/pages.js';
import { PaginationError } from '../../../src/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';

type RawPage = Readonly<Record<string, unknown>> & { readonly nextCursor?: string };

/** Pages by cursor (`undefined`: the first), and the cursors asked for. */
function pages(byCursor: ReadonlyMap<string | undefined, RawPage>): { page: (cursor?: string) => Observable<RawPage>; asked: (string | undefined)[] } {
  const asked: (string | undefined)[] = [];
  return { asked, page: (cursor) => (asked.push(cursor), of(byCursor.get(cursor) ?? { tools: [] })) };
}

describe('allPages (rxmcp tools, resources, templates, prompts)', () => {
  it('ends the list at an empty cursor before 2026-07-28, as listTools does', () => {
    const server = pages(new Map([[undefined, { tools: ['a'], nextCursor: '' }]]));
    createTestScheduler().run(({ expectObservable }) => {
      expectObservable(allPages('tools/list', server.page, 'tools', false)).toBe('(r|)', { r: { tools: ['a'] } });
    });
    expect(server.asked).toEqual([undefined]);
  });

  it('follows an empty cursor on 2026-07-28, and merges the pages with the shortest ttlMs', () => {
    const server = pages(new Map<string | undefined, RawPage>([
      [undefined, { tools: ['a'], nextCursor: '', ttlMs: 500, cacheScope: 'public' }],
      ['', { tools: ['b'], ttlMs: 100, cacheScope: 'private' }],
    ]));
    createTestScheduler().run(({ expectObservable }) => {
      expectObservable(allPages('tools/list', server.page, 'tools', true)).toBe('(r|)', { r: { tools: ['a', 'b'], ttlMs: 100, cacheScope: 'private' } });
    });
    expect(server.asked).toEqual([undefined, '']);
  });

  it('fails with a PaginationError on a cursor seen before', () => {
    const server = pages(new Map<string | undefined, RawPage>([[undefined, { tools: [], nextCursor: 'x' }], ['x', { tools: [], nextCursor: 'x' }]]));
    createTestScheduler().run(({ expectObservable }) => {
      expectObservable(allPages('tools/list', server.page, 'tools', false)).toBe('#', undefined, new PaginationError('tools/list', 'cursor-loop', 'the server sent cursor "x" twice'));
    });
  });
});
