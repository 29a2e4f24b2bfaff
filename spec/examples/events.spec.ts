// docs/events.md: an event type listed, its occurrences followed with the cursor in a store, and a second
// subscription (a restart) resuming where the first stopped.
import { firstValueFrom, take, toArray } from 'rxjs';
import { memoryCursorStore, subscribeEvents } from '../../src/events/index.js';
import { createClient } from '../../src/index.js';
import { createTestingController, DEFAULT_TESTING_CAPABILITIES } from '../../src/testing/index.js';

/** A server of the Events extension with one poll-delivered type whose occurrences are numbered 1, 2, 3, ... */
function eventsServer() {
  const server = createTestingController({
    revision: '2026-07-28',
    capabilities: { ...DEFAULT_TESTING_CAPABILITIES, extensions: { 'io.modelcontextprotocol/events': {} } },
  });
  const order = {
    name: 'shop.order', delivery: ['poll'], description: 'An order was placed',
    inputSchema: { type: 'object', properties: { minTotal: { type: 'number' } } },
    payloadSchema: { type: 'object', properties: { orderId: { type: 'string' }, total: { type: 'number' } }, required: ['orderId', 'total'] },
  };
  server.whenRequest('events/list').respond({ events: [order] });
  let head = 0;
  server.whenRequest('events/poll').respond((request) => {
    head += 2; // two orders arrive between polls
    const from = request.params['cursor'] === null ? head : Number(request.params['cursor']);
    const events = Array.from({ length: head - from }, (_, i) => {
      const n = from + i + 1;
      return { eventId: `order-${n}`, name: 'shop.order', timestamp: new Date(0).toISOString(), data: { orderId: `o${n}`, total: 10 * n } };
    });
    return { events, cursor: String(head), truncated: false, hasMore: false, nextPollMs: 10 };
  });
  return server;
}

describe('events (docs/events.md)', () => {
  it('lists an event type, follows its occurrences, and resumes from the stored cursor', async () => {
    const server = eventsServer();
    const client = createClient(server.transport);
    // #region readme
    const [type] = await firstValueFrom(client.listEvents());
    console.log(type!.name, type!.delivery); // shop.order [ 'poll' ]

    const store = memoryCursorStore(); // fileCursorStore(path) of rxmcp/node keeps it across restarts
    const options = { store, minPollMs: 10 }; // minPollMs: the floor under the server's nextPollMs (default 1000)
    const first = await firstValueFrom(subscribeEvents(client, 'shop.order', { minTotal: 0 }, options).pipe(take(3), toArray()));
    console.log(first.map((notice) => (notice.type === 'event' ? notice.data['orderId'] : 'skipped some')));

    // Later, or in another process with the same store: it goes on after the last occurrence delivered.
    const next = await firstValueFrom(subscribeEvents(client, 'shop.order', { minTotal: 0 }, options).pipe(take(2), toArray()));
    console.log(next.map((notice) => (notice.type === 'event' ? notice.data['orderId'] : 'skipped some')));
    // #endregion
    const ids = [...first, ...next].map((notice) => (notice.type === 'event' ? Number(String(notice.data['orderId']).slice(1)) : -1));
    expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
    client.close();
  });
});
