import { map } from 'rxjs';
import { createClient, type Skill } from '../../../src/index.js';
import { DEFAULT_TESTING_CAPABILITIES, eraCase } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';

const skill = (name: string): Skill => ({ uri: `skill://${name}/SKILL.md`, frontmatter: { name, description: name }, resources: 'dynamic' });
const withSkills = { capabilities: { ...DEFAULT_TESTING_CAPABILITIES, extensions: { 'io.modelcontextprotocol/skills': {} } } };

describe('Client skills$', () => {
  it('lists the skill entries, and lists them again when the server announces a resource list change', () => {
    eraCase('2026-07-28').run(createTestScheduler(), (server, { cold, expectObservable, flush }) => {
      let listed = [skill('a')];
      server.whenRequest('skills/list').respond(() => ({ skills: listed }));
      cold('----c').subscribe(() => {
        listed = [skill('a'), skill('b')];
        server.notify('notifications/resources/list_changed');
      });
      const names = createClient(server.transport, { live: { debounceMs: 1 } }).skills$.pipe(map((list) => list.map((s) => s.frontmatter.name).join('+')));
      expectObservable(names).toBe('a----b', { a: 'a', b: 'a+b' });
      flush();
      expect(server.requests.filter((r) => r.method === 'skills/list').length).toBe(2);
      expect(server.requests.map((r) => r.method)).not.toContain('resources/read');
    }, withSkills);
  });

  it('is an empty list, with nothing sent, where the server does not declare the extension', () => {
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable, flush }) => {
      expectObservable(createClient(server.transport).skills$.pipe(map((list) => list.length))).toBe('0', { 0: 0 });
      flush();
      expect(server.requests.map((r) => r.method)).not.toContain('skills/list');
    });
  });
});
