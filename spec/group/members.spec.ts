import { catchError, map, mergeMap, of, timer } from 'rxjs';
import { ClientGroupError, createClient, createClientGroup, type Client } from '../../src/index.js';
import { eachEra, serveTools, text, tool, toolResult } from '../../src/testing/index.js';
import { withTwoServers } from './helpers.js';

const names = (tools: readonly { name: string }[]): string => tools.map((t) => t.name).join(',');
const status = (client: Client) => client.state$.pipe(map((state) => state.status));

describe('client group: servers added and removed at run time', () => {
  eachEra((era) => {
    it(`a server added joins the catalogs; one removed leaves them and the client the group created is closed (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('search')]);
        serveTools(b, [tool('deploy')]);
        const group = createClientGroup({ a: a.transport });
        const created = group.client('a') as Client;
        timer(10).subscribe(() => group.add('b', b.transport));
        timer(20).subscribe(() => group.remove('a'));
        expectObservable(group.tools$.pipe(map(names))).toBe('x 9ms y 9ms z', { x: 'a__search', y: 'a__search,b__deploy', z: 'b__deploy' });
        expectObservable(group.states$.pipe(map((all) => [...all.keys()].join(',')))).toBe('x 9ms y 9ms z', { x: 'a', y: 'a,b', z: 'b' });
        expectObservable(status(created), '^ 30ms !').toBe('r 19ms (c|)', { r: 'ready', c: 'closed' });
        timer(25).subscribe(() => expect(group.servers).toEqual(['b']));
      }));

    it(`a client given to the group is never closed by it, and works on after its removal (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('search')]);
        serveTools(b, [tool('deploy')]);
        b.whenRequest('tools/call', { name: 'deploy' }).respond(toolResult('deployed'));
        const own = createClient(b.transport);
        const group = createClientGroup({ a: a.transport, b: own });
        timer(10).subscribe(() => group.remove('b'));
        timer(20).subscribe(() => group.close());
        expectObservable(status(own), '^ 40ms !').toBe('(icr)', { i: 'idle', c: 'connecting', r: 'ready' });
        expectObservable(group.tools$.pipe(map(names))).toBe('(xy) 6ms z 9ms (e|)', { x: 'a__search', y: 'a__search,b__deploy', z: 'a__search', e: '' });
        expectObservable(timer(30).pipe(mergeMap(() => own.callTool('deploy')), map((result) => result.content))).toBe('30ms (r|)', { r: [text('deployed')] });
      }));

    it(`close() closes the clients it created, completes the group's streams and refuses further use (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('search')]);
        void b;
        const group = createClientGroup({ a: a.transport });
        const created = group.client('a') as Client;
        timer(10).subscribe(() => group.close());
        // Closing removes every server, so the last state is an empty group.
        expectObservable(group.toolsState$.pipe(map((state) => state.items?.length))).toBe('(uo) 6ms (z|)', { u: undefined, o: 1, z: 0 });
        expectObservable(group.states$.pipe(map((all) => all.size))).toBe('o 9ms (z|)', { o: 1, z: 0 });
        expectObservable(status(created)).toBe('r 9ms (c|)', { r: 'ready', c: 'closed' });
        timer(20).subscribe(() => expect(() => group.add('b', b.transport)).toThrowMatching((error) => ClientGroupError.is(error) && error.reason === 'closed'));
        const call$ = timer(20).pipe(mergeMap(() => group.callTool('a__search')), catchError((error: unknown) => of((error as ClientGroupError).reason)));
        expectObservable(call$).toBe('20ms (c|)', { c: 'closed' });
      }));

    it(`fails a call still waiting for the lists with reason closed when the group closes (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        void b;
        a.whenRequest('tools/list').never();
        const group = createClientGroup({ a: a.transport });
        timer(10).subscribe(() => group.close());
        const call$ = group.callTool('a__search').pipe(catchError((error: unknown) => of(ClientGroupError.is(error) ? error.reason : String(error))));
        expectObservable(call$).toBe('10ms (c|)', { c: 'closed' });
      }));

    it(`refuses a name that is taken or empty (${era.name})`, () =>
      withTwoServers(era, (a, b) => {
        const group = createClientGroup({ a: a.transport });
        expect(() => group.add('a', b.transport)).toThrowMatching((error) => ClientGroupError.is(error) && error.message === 'The group already has a server named "a"');
        expect(() => group.add('', b.transport)).toThrowMatching((error) => ClientGroupError.is(error) && error.reason === 'invalid-server');
        expect(group.servers).toEqual(['a']);
        group.close();
      }));
  });
});
