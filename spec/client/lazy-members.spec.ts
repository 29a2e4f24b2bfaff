import { NEVER, map } from 'rxjs';
import { createClient, type Client } from '../../src/index.js';
import { eraCase, marbleTransport, tool } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const LIVE_VIEWS = [
  'state$', 'toolsState$', 'resourcesState$', 'resourceTemplatesState$', 'promptsState$', 'skillsState$', 'eventTypesState$',
  'tools$', 'resources$', 'resourceTemplates$', 'prompts$', 'skills$', 'eventTypes$', 'notifications', 'watchResource',
] as const;
const TASK_VERBS = ['callToolAsTask', 'watchTask', 'getTask', 'listTasks', 'taskResult', 'cancelTask', 'updateTask'] as const;

describe('Client members built on first use', () => {
  it('give the same live view and the same task verb on every read, and on a copy of the client', () => {
    const client = createClient(marbleTransport(NEVER).transport);
    const copy: Client = { ...client };
    for (const name of [...LIVE_VIEWS, ...TASK_VERBS]) {
      expect(client[name]).withContext(name).toBeDefined();
      expect(client[name]).withContext(name).toBe(client[name]);
      expect(copy[name]).withContext(name).toBe(client[name]);
    }
    client.close();
  });

  it('list through a copy of the client: its tools$ is the client\'s catalog', () => {
    eraCase('2025-11-25').run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('tools/list', undefined, { times: 1 }).respond({ tools: [tool('x'), tool('y')] });
      const client = createClient(server.transport);
      const copy: Client = { ...client };
      expectObservable(copy.tools$.pipe(map((tools) => tools.map((t) => t.name).join()))).toBe('x', { x: 'x,y' });
      expectObservable(client.tools$.pipe(map((tools) => tools.length)), '--^').toBe('--n', { n: 2 });
    });
  });
});
