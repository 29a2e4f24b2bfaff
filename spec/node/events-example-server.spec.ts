// The Events extension (io.modelcontextprotocol/events, SEP-3415) against the bundled example server, over stdio (a
// child process) and Streamable HTTP (examples/server/http.ts on 127.0.0.1): the catalog, push on example.tick, poll
// on example.bounded with truncated surfaced, arguments refused before sending, and nothing on a legacy connection.
import { filter, firstValueFrom, take, toArray } from 'rxjs';
import { ExampleEvents } from '../../examples/server/events.js';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { createClient, streamableHttp, UnsupportedMethodError, type Client } from '../../src/index.js';
import { EVENTS_EXTENSION, EventSchemaError, eventCursorKey, memoryCursorStore, subscribeEvents, type EventNotice, type ReceivedEvent } from '../../src/events/index.js';
import { stdio } from '../../src/node/index.js';
import { exampleServerFile, nodeCommand } from '../fixtures/official/launch.js';
import { scenarioClient, sentMethods, type OpenedClient } from './extension-scenario.js';

const SETUP_MS = 20_000;
const TICK_MS = 50;

const numbers = (notices: readonly EventNotice[]) => notices.map((notice) => (notice.type === 'event' ? (notice.data['n'] as number) : `truncated`));
const consecutive = (values: readonly number[]) => values.every((value, index) => index === 0 || value === values[index - 1]! + 1);

function eventsScenario(title: string, open: () => Promise<OpenedClient>): void {
  describe(title, () => {
    const s = scenarioClient(open, SETUP_MS);

    it('negotiates the extension and lists both event types with their delivery modes and schemas, also as the live catalog', async () => {
      const server = await firstValueFrom(s.client.connect());
      expect(server.capabilities.extensions?.[EVENTS_EXTENSION]).toEqual({});
      const types = await firstValueFrom(s.client.listEvents());
      expect(types.map((type) => [type.name, type.delivery])).toEqual([['example.tick', ['push', 'poll']], ['example.bounded', ['poll']]]);
      expect(types[0]?.payloadSchema).toEqual(jasmine.objectContaining({ required: ['n', 'at'] }));
      const live = await firstValueFrom(s.client.eventTypes$.pipe(filter((list) => list.length > 0), take(1)));
      expect(live.map((type) => type.name)).toEqual(['example.tick', 'example.bounded']);
    });

    it('pushes example.tick over events/stream, in order with no gap, checked against its payload schema, and unsubscribing ends the stream', async () => {
      const got = await firstValueFrom(subscribeEvents(s.client, 'example.tick').pipe(take(4), toArray()));
      const values = numbers(got) as number[];
      expect(consecutive(values)).withContext(String(values)).toBeTrue();
      expect(got.every((notice) => notice.type === 'event' && notice.eventId === `example.tick-${notice.data['n']}`)).toBeTrue();
      expect(s.sent).toContain('events/stream');
      expect(s.sent).not.toContain('events/poll');
      // After the unsubscription (and what was already on its way) the server sends nothing more for it.
      await new Promise((resolve) => setTimeout(resolve, TICK_MS * 4));
      const later: string[] = [];
      const watch = s.client.session.notifications$.subscribe((n) => later.push(n.method));
      await new Promise((resolve) => setTimeout(resolve, TICK_MS * 8));
      watch.unsubscribe();
      expect(later.filter((method) => method === 'notifications/events/event')).toEqual([]);
    });

    it('polls example.bounded (poll only) and surfaces truncated when the saved cursor fell out of its buffer, then goes on in order', async () => {
      const store = memoryCursorStore();
      const first = await firstValueFrom(subscribeEvents(s.client, 'example.bounded', { every: 1 }, { store, minPollMs: TICK_MS }));
      expect(first.type).toBe('event');
      // Away while the source ticks past its five kept occurrences.
      await new Promise((resolve) => setTimeout(resolve, TICK_MS * 10));
      const got = await firstValueFrom(subscribeEvents(s.client, 'example.bounded', { every: 1 }, { store, minPollMs: TICK_MS }).pipe(take(7), toArray()));
      expect(got[0]?.type).toBe('truncated');
      const values = numbers(got.slice(1)) as number[];
      expect(values[0]).toBeGreaterThan((first as ReceivedEvent).data['n'] as number + 1);
      expect(consecutive(values)).withContext(String(values)).toBeTrue();
      expect(s.sent).not.toContain('events/stream');
      expect(store.load(eventCursorKey('example.bounded', { every: 1 }))).toEqual(jasmine.objectContaining({ seen: jasmine.arrayContaining([`example.bounded-${values.at(-1)}`]) }));
    });

    it('delivers only what the arguments select, and refuses arguments outside the inputSchema before sending anything', async () => {
      const got = await firstValueFrom(subscribeEvents(s.client, 'example.tick', { every: 2 }).pipe(take(3), toArray()));
      expect((got as ReceivedEvent[]).every((notice) => (notice.data['n'] as number) % 2 === 0)).toBeTrue();
      const before = s.sent.length;
      const refused = await firstValueFrom(subscribeEvents(s.client, 'example.tick', { every: 0 })).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(EventSchemaError);
      expect(s.sent.slice(before).filter((method) => method.startsWith('events/') && method !== 'events/list')).toEqual([]);
    });
  });
}

eventsScenario('events against the example server over stdio', async () => {
  const { command, args } = nodeCommand(exampleServerFile('example-server.ts'));
  return { client: createClient(stdio({ command, args, env: { EXAMPLE_EVENT_TICK_MS: String(TICK_MS) } })), close: async () => undefined };
});

eventsScenario('events against the example server over Streamable HTTP', async () => {
  const events = new ExampleEvents({ tickMs: TICK_MS });
  const running: ExampleHttpServer = await startExampleHttpServer({ events });
  return { client: createClient(streamableHttp(running.url)), close: async () => (events.stop(), await running.close()) };
});

describe('events on a connection without the extension', () => {
  it('refuses the events verbs and subscribeEvents with nothing sent on a legacy connection, and eventTypes$ is empty', async () => {
    const { command, args } = nodeCommand(exampleServerFile('example-server.ts'));
    const client = createClient(stdio({ command, args }), { protocol: 'legacy' });
    const sent = sentMethods(client);
    try {
      expect(await firstValueFrom(client.listEvents()).catch((e: unknown) => e)).toBeInstanceOf(UnsupportedMethodError);
      expect(await firstValueFrom(subscribeEvents(client, 'example.tick')).catch((e: unknown) => e)).toBeInstanceOf(UnsupportedMethodError);
      expect(await firstValueFrom(client.eventTypes$)).toEqual([]);
      expect(sent.filter((method) => method.startsWith('events/'))).toEqual([]);
    } finally {
      client.close();
    }
  }, SETUP_MS);
});
