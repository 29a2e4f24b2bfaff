// #region example
import { map } from 'rxjs';
import { createClient } from 'rxmcp';
import { itInEachEra, serveTools, tool } from 'rxmcp/testing';

describe('the tool count', () => {
  itInEachEra('follows a change of the list', (server, { cold, expectObservable }) => {
    serveTools(server, cold('a 9ms b', { a: [tool('a')], b: [tool('a'), tool('b')] }));
    const client = createClient(server.transport, { live: { debounceMs: 1 } });
    expectObservable(client.tools$.pipe(map((tools) => tools.length))).toBe('a 10ms b', { a: 1, b: 2 });
  });
});
// #endregion
