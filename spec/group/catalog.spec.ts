import { distinctUntilChanged, map, timer } from 'rxjs';
import { createClientGroup, type GroupTool } from '../../src/index.js';
import { PROVIDER_TOOL_NAME } from '../../src/agent/index.js';
import { eachEra, prompt, resource, serveResources, servePrompts, serveTools, tool } from '../../src/testing/index.js';
import { summary, withTwoServers } from './helpers.js';

const describeTools = (tools: readonly GroupTool[]): string[] => tools.map((t) => `${t.name}=${t.server}:${t.originalName}`);

describe('client group: merged catalogs', () => {
  eachEra((era) => {
    it(`names every tool server__tool and says which server it comes from, the same tool name on both kept apart (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('search'), tool('fetch.page')]);
        serveTools(b, [tool('search')]);
        const group = createClientGroup({ a: a.transport, b: b.transport });
        expectObservable(group.tools$.pipe(map(describeTools))).toBe('(xy)', {
          x: ['a__search=a:search', 'a__fetch_page=a:fetch.page'],
          y: ['a__search=a:search', 'a__fetch_page=a:fetch.page', 'b__search=b:search'],
        });
      }));

    it(`keeps names provider-safe and distinct: long names get a short hash, sanitised collisions too (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        const long = `report_${'x'.repeat(80)}`;
        serveTools(a, [tool(long), tool('run')]);
        serveTools(b, [tool('run')]);
        const group = createClientGroup({ 'my.server': a.transport, my_server: b.transport });
        const names = group.tools$.pipe(map((tools) => tools.map((t) => t.name)));
        const checked = group.tools$.pipe(
          map((list) => [list.length, new Set(list.map((t) => t.name)).size, list.every((t) => PROVIDER_TOOL_NAME.test(t.name)), list.find((t) => t.name === 'my_server__run')?.server]),
        );
        // The tool of "my.server" had to be sanitised; once "my_server" lists the same name, it is the one that gets a hash.
        expectObservable(checked).toBe('(xy)', { x: [2, 2, true, 'my.server'], y: [3, 3, true, 'my_server'] });
        expectObservable(names.pipe(map((list) => list.filter((name) => name.startsWith('my_server__report_')).map((name) => name.length)))).toBe('x', { x: [64] });
      }));

    it(`lists prompts named like tools and resources with their server (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        servePrompts(a, [prompt('review')]);
        servePrompts(b, [prompt('review')]);
        serveResources(a, [resource('file:///a/readme.md')]);
        serveResources(b, [resource('file:///b/readme.md')]);
        const group = createClientGroup({ a: a.transport, b: b.transport });
        expectObservable(group.prompts$.pipe(map((list) => list.map((p) => `${p.name}=${p.server}:${p.originalName}`)))).toBe('(xy)', {
          x: ['a__review=a:review'],
          y: ['a__review=a:review', 'b__review=b:review'],
        });
        expectObservable(group.resources$.pipe(map((list) => list.map((r) => `${r.server}:${r.uri}`)))).toBe('(xy)', {
          x: ['a:file:///a/readme.md'],
          y: ['a:file:///a/readme.md', 'b:file:///b/readme.md'],
        });
      }));

    it(`a server that cannot list keeps the others' tools; the state says which one failed (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('search')]);
        b.whenRequest('tools/list').error(-32603, 'database down');
        const group = createClientGroup({ a: a.transport, b: b.transport });
        expectObservable(summary(group.toolsState$)).toBe('(xyz)', {
          x: '- | a:-sr b:-sr',
          y: 'a__search | a:1 b:-sr',
          z: 'a__search | a:1 b:-s!',
        });
        expectObservable(group.toolsState$.pipe(map((state) => state.error?.message))).toBe('v', { v: 'database down' });
      }));

    it(`a server that goes away keeps its last list, marked stale, beside the others', and comes back (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('search')]);
        const bTools = serveTools(b, [tool('deploy')]);
        const group = createClientGroup({ a: a.transport, b: b.transport }, { client: { reconnect: { initialDelayMs: 100, jitter: 0 } } });
        timer(50).subscribe(() => {
          bTools.set([tool('deploy'), tool('rollback')]);
          b.drop(new Error('connection reset'));
        });
        const seen = group.toolsState$.pipe(
          map((state) => `${state.items?.map((t) => t.name).join(',') ?? '-'} | b ${state.servers.get('b')?.stale === true ? 'stale' : 'fresh'}`),
          distinctUntilChanged(),
        );
        expectObservable(seen, '^ 300ms !').toBe('(xyz) 45ms s 99ms u', {
          x: '- | b stale',
          y: 'a__search | b stale',
          z: 'a__search,b__deploy | b fresh',
          s: 'a__search,b__deploy | b stale',
          u: 'a__search,b__deploy,b__rollback | b fresh',
        });
        const states = group.states$.pipe(map((all) => [...all].map(([server, state]) => `${server}:${state.status}`).join(' ')), distinctUntilChanged());
        expectObservable(states, '^ 300ms !').toBe('y 49ms z 99ms y', { y: 'a:ready b:ready', z: 'a:ready b:reconnecting' });
      }));

    it(`a server without the capability contributes an empty list, not an error (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('search')]);
        const group = createClientGroup({ a: a.transport, b: b.transport });
        expectObservable(summary(group.toolsState$)).toBe('(xyz)', { x: '- | a:-sr b:-sr', y: 'a__search | a:1 b:-sr', z: 'a__search | a:1 b:0' });
      }, { b: { capabilities: {} } }));
  });
});
