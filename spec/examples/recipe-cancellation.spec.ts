// README recipe: a newer query cancels the tool call in flight, on the wire.
import { createClient } from '../../src/index.js';
import { itInEachEra, toolResult } from '../../src/testing/index.js';
import { searchResults } from './recipes/search-box.js';

// #region readme
describe('searchResults', () => {
  itInEachEra('cancels the search in flight when the user types on', (server, { cold, expectObservable, flush }) => {
    const search = server.whenRequest('tools/call', { name: 'search' });
    search.respond((call) => toolResult(`results for ${String(call.arguments['q'])}`), { delayMs: 50 });
    const queries = cold('a 29ms b', { a: 'mc', b: 'mcp' });
    expectObservable(searchResults(createClient(server.transport), queries)).toBe('80ms r', { r: 'results for mcp' });
    flush();
    server.expectCancelled(search.requests[0] ?? -1); // the call for 'mc', cancelled on the wire
  });
});
// #endregion
