import { map } from 'rxjs';
import { createClient, type EventType } from '../../../src/index.js';
import { DEFAULT_TESTING_CAPABILITIES, eraCase } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';

const type = (name: string): EventType => ({ name, delivery: ['poll'], inputSchema: { type: 'object' }, payloadSchema: { type: 'object' } });
const withEvents = (settings: Readonly<Record<string, unknown>>) => ({ capabilities: { ...DEFAULT_TESTING_CAPABILITIES, extensions: { 'io.modelcontextprotocol/events': settings } } });

describe('Client eventTypes$', () => {
  it('lists the event types, and lists them again on notifications/events/list_changed (delivered on a listen stream that asked for eventsListChanged)', () => {
    eraCase('2026-07-28').run(createTestScheduler(), (server, { cold, expectObservable, flush }) => {
      let listed = [type('a.x')];
      server.whenRequest('events/list').respond(() => ({ events: listed }));
      cold('----c').subscribe(() => {
        listed = [type('a.x'), type('b.y')];
        server.notify('notifications/events/list_changed');
      });
      const names = createClient(server.transport, { live: { debounceMs: 1 } }).eventTypes$.pipe(map((list) => list.map((t) => t.name).join('+')));
      expectObservable(names).toBe('a----b', { a: 'a.x', b: 'a.x+b.y' });
      flush();
      expect(server.requests.filter((r) => r.method === 'events/list').length).toBe(2);
    }, withEvents({ listChanged: true }));
  });

  it('is an empty list, with nothing sent, where the server does not declare the extension', () => {
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable, flush }) => {
      expectObservable(createClient(server.transport).eventTypes$.pipe(map((list) => list.length))).toBe('0', { 0: 0 });
      flush();
      expect(server.requests.map((r) => r.method)).not.toContain('events/list');
    });
  });
});
