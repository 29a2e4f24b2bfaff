// README recipe: a newer query cancels the tool call in flight, on the wire.
import { createClient } from '../../src/index.js';
import { eachEra, toolResult } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { searchResults } from './recipes/search-box.js';

// #region readme
describe('searchResults', () => {
  eachEra((era) => {
    it(`cancels the search in flight when the user types on (${era.name})`, () => {
      const server = era.run(createTestScheduler(), (server, { cold, expectObservable }) => {
        const search = server.whenRequest('tools/call', { name: 'search' });
        search.respond((call) => toolResult(`results for ${String(call.arguments['q'])}`), { delayMs: 50 });
        const queries = cold('a 29ms b', { a: 'mc', b: 'mcp' });
        expectObservable(searchResults(createClient(server.transport), queries)).toBe('80ms r', { r: 'results for mcp' });
      });
      server.expectCancelled(server.requests.find((call) => call.arguments['q'] === 'mc') ?? -1);
    });
  });
});
// #endregion
