// README recipe: the server drops the connection; the client's live streams carry on over a new one.
import { map, timer } from 'rxjs';
import { createClient } from '../../src/index.js';
import { itInEachEra, serveTools, tool } from '../../src/testing/index.js';

// #region readme
describe('a dashboard across a dropped connection', () => {
  itInEachEra('keeps its tool list, shows reconnecting, reconnects after the backoff and lists again', (server, { cold, expectObservable, flush }) => {
    serveTools(server, cold('a 49ms b', { a: [tool('search')], b: [tool('search'), tool('deploy')] })); // the server restarts with a new tool...
    timer(50).subscribe(() => server.drop(new Error('connection reset'))); // ...dropping the connection
    const client = createClient(server.transport, { reconnect: { initialDelayMs: 100, jitter: 0 } });
    const names = client.tools$.pipe(map((list) => list.map((t) => t.name).join()));
    expectObservable(names, '^ 300ms !').toBe('a 149ms b', { a: 'search', b: 'search,deploy' });
    expectObservable(client.state$.pipe(map((s) => s.status)), '^ 300ms !').toBe('r 49ms e 99ms r', { r: 'ready', e: 'reconnecting' });
    flush();
    expect(server.connections).toBe(2);
  });
});
// #endregion
