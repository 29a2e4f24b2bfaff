// README recipe: a component on tools$, including a change of the list (with the testing controller).
import { createClient } from '../../src/index.js';
import { itInEachEra, serveTools, tool } from '../../src/testing/index.js';
import { toolMenu } from './recipes/tool-menu.js';

// #region readme
const search = tool('search', { title: 'Search' });
const remove = tool('rm', { title: 'Delete files', annotations: { destructiveHint: true } });
const MENU = { a: 'Loading tools…', b: 'Delete files ⚠ | Search', c: 'Delete files ⚠ | Search | (updating…)', d: 'Search' };

describe('toolMenu', () => {
  itInEachEra('shows the sorted tools and follows a change of the list', (server, { cold, expectObservable }) => {
    serveTools(server, cold('a 9ms b', { a: [search, remove], b: [search] })); // the list changes at 10 ms
    expectObservable(toolMenu(createClient(server.transport))).toBe('(ab) 6ms c 99ms d', MENU);
  });

  itInEachEra('keeps the list when a refresh fails, and says so', (server, { cold, expectObservable }) => {
    serveTools(server, cold('a 9ms #', { a: [search, remove] }, { code: -32603, message: 'database down' }));
    const e = 'Delete files ⚠ | Search | (could not refresh: database down)';
    expectObservable(toolMenu(createClient(server.transport))).toBe('(ab) 6ms c 99ms e', { ...MENU, e });
  });

  itInEachEra('says when the tools cannot be listed at all', (server, { expectObservable }) => {
    server.whenRequest('tools/list').error(-32603, 'database down');
    expectObservable(toolMenu(createClient(server.transport))).toBe('(af)', { ...MENU, f: 'Tools unavailable: database down' });
  });
});
// #endregion
