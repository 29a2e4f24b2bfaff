// README recipe: a component on tools$, including a change of the list (with the testing controller).
import { timer } from 'rxjs';
import { createClient } from '../../src/index.js';
import { eachEra, serveTools, tool } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { toolMenu } from './recipes/tool-menu.js';

// #region readme
const search = tool('search', { title: 'Search' });
const remove = tool('rm', { title: 'Delete files', annotations: { destructiveHint: true } });
const MENU = { a: 'Loading tools…', b: 'Delete files ⚠ | Search', c: 'Delete files ⚠ | Search | (updating…)', d: 'Search' };

describe('toolMenu', () => {
  eachEra((era) => {
    it(`shows the sorted tools and follows a change of the list (${era.name})`, () =>
      era.run(createTestScheduler(), (server, { expectObservable }) => {
        const tools = serveTools(server, [search, remove]);
        timer(10).subscribe(() => tools.set([search])); // the server changes its list at 10 ms
        expectObservable(toolMenu(createClient(server.transport))).toBe('(ab) 6ms c 99ms d', MENU);
      }));

    it(`keeps the list when a refresh fails, and says so (${era.name})`, () =>
      era.run(createTestScheduler(), (server, { expectObservable }) => {
        const tools = serveTools(server, [search, remove]);
        timer(10).subscribe(() => (server.whenRequest('tools/list').error(-32603, 'database down'), tools.set([search])));
        const e = 'Delete files ⚠ | Search | (could not refresh: database down)';
        expectObservable(toolMenu(createClient(server.transport))).toBe('(ab) 6ms c 99ms e', { ...MENU, e });
      }));

    it(`says when the tools cannot be listed at all (${era.name})`, () =>
      era.run(createTestScheduler(), (server, { expectObservable }) => {
        server.whenRequest('tools/list').error(-32603, 'database down');
        expectObservable(toolMenu(createClient(server.transport))).toBe('(af)', { ...MENU, f: 'Tools unavailable: database down' });
      }));
  });
});
// #endregion
