import { catchError, map, of, type Observable } from 'rxjs';
import { ClientGroupError, OutputSchemaError, createClientGroup } from '../../src/index.js';
import {
  eachEra, prompt, promptResult, resource, resourceContents, resourceTemplate, serveResourceTemplates, serveResources, servePrompts, serveTools,
  structuredResult, text, tool, toolResult,
} from '../../src/testing/index.js';
import { textOf } from '../helpers/mcp-fixtures.js';
import { withTwoServers } from './helpers.js';

const failure = <T>(call$: Observable<T>, project: (value: T) => unknown): Observable<unknown> =>
  call$.pipe(
    map(project),
    catchError((error: unknown) => of(McpName(error))),
  );
function McpName(error: unknown): string {
  if (ClientGroupError.is(error)) return `${error.name} ${error.reason} [${error.servers.join(',')}]: ${error.message}`;
  if (OutputSchemaError.is(error)) return `${error.name} ${error.path}`;
  return String(error);
}

describe('client group: calls routed to their server', () => {
  eachEra((era) => {
    it(`calls server__tool on its server under the server's own name, with the arguments (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('search')]);
        serveTools(b, [tool('search')]);
        a.whenRequest('tools/call', { name: 'search' }).respond((call) => toolResult(`a found ${String(call.arguments['q'])}`));
        b.whenRequest('tools/call', { name: 'search' }).respond((call) => toolResult(`b found ${String(call.arguments['q'])}`));
        const group = createClientGroup({ a: a.transport, b: b.transport });
        expectObservable(group.callTool('b__search', { q: 'mcp' }).pipe(map(textOf))).toBe('(r|)', { r: 'b found mcp' });
        expectObservable(group.callTool('a__search', { q: 'rx' }).pipe(map(textOf))).toBe('(r|)', { r: 'a found rx' });
      }));

    it(`callTool asks the member for no progress, as a plain client call does; callToolEvents does (${era.name})`, () => {
      const tokens: boolean[] = [];
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, []);
        serveTools(b, [tool('build')]);
        b.whenRequest('tools/call', { name: 'build' }).handle((call) => (tokens.push(call.progressToken !== undefined), call.respond(toolResult('built'))));
        const group = createClientGroup({ a: a.transport, b: b.transport });
        expectObservable(group.callTool('b__build').pipe(map(textOf))).toBe('(r|)', { r: 'built' });
        expectObservable(group.callToolEvents('b__build').pipe(map((event) => event.type))).toBe('(r|)', { r: 'result' });
      });
      expect(tokens).toEqual([false, true]);
    });

    it(`callToolEvents passes the server's progress through before the result (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, []);
        serveTools(b, [tool('build')]);
        b.whenRequest('tools/call', { name: 'build' }).handle((call) => {
          call.progress(1, 2);
          call.respond(toolResult('built'));
        });
        const group = createClientGroup({ a: a.transport, b: b.transport });
        const events = group.callToolEvents('b__build').pipe(map((event) => (event.type === 'result' ? textOf(event.result) : event.type)));
        expectObservable(events).toBe('(pr|)', { p: 'progress', r: 'built' });
      }));

    it(`a name no server lists fails with ClientGroupError once every list loaded (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('search')]);
        serveTools(b, [tool('deploy')]);
        const group = createClientGroup({ a: a.transport, b: b.transport });
        expectObservable(failure(group.callTool('search'), textOf)).toBe('(e|)', {
          e: 'ClientGroupError unknown-tool [a,b]: No tool "search" in the group (servers: a, b)',
        });
      }));

    it(`unsubscribing a group call cancels it on its server's wire (${era.name})`, () => {
      let server: ReturnType<typeof era.controller> | undefined;
      withTwoServers(era, (a, b, { expectObservable }) => {
        server = b;
        serveTools(a, []);
        serveTools(b, [tool('slow')]);
        b.whenRequest('tools/call', { name: 'slow' }).respond(toolResult('too late'), { delayMs: 50 });
        const group = createClientGroup({ a: a.transport, b: b.transport });
        expectObservable(group.callTool('b__slow'), '^ 10ms !').toBe('');
      });
      server?.expectCancelled(server.requests.find((request) => request.params['name'] === 'slow') ?? -1);
    });

    it(`the servers' clients check structured output as their options say (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveTools(a, [tool('weather', { outputSchema: { type: 'object', properties: { temperature: { type: 'number' } } } })]);
        a.whenRequest('tools/call', { name: 'weather' }).respond(structuredResult({ temperature: 'mild' }));
        void b;
        const group = createClientGroup({ a: a.transport, b: b.transport }, { client: { validateOutput: 'error' } });
        expectObservable(failure(group.callTool('a__weather'), textOf)).toBe('(e|)', { e: 'OutputSchemaError /temperature' });
      }));

    it(`gets server__prompt from its server (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        servePrompts(a, [prompt('review')]);
        servePrompts(b, [prompt('review', { arguments: ['code'] })]);
        b.whenRequest('prompts/get', { name: 'review' }).respond((request) => promptResult(`review ${String((request.params['arguments'] as Record<string, string>)['code'])}`));
        const group = createClientGroup({ a: a.transport, b: b.transport });
        const messages = group.getPrompt('b__review', { code: 'x = 1' }).pipe(map((result) => result.messages.map((m) => m.content)));
        expectObservable(messages).toBe('(m|)', { m: [text('review x = 1')] });
      }));

    it(`reads a resource from the server that lists it, or the one named; a URI listed twice needs a name (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveResources(a, [resource('file:///a.md'), resource('file:///shared.md')]);
        serveResources(b, [resource('file:///b.md'), resource('file:///shared.md')]);
        for (const [server, name] of [[a, 'a'], [b, 'b']] as const) {
          server.whenRequest('resources/read').respond((request) => resourceContents(String(request.params['uri']), `${name} has ${String(request.params['uri'])}`));
        }
        const group = createClientGroup({ a: a.transport, b: b.transport });
        const contents = (uri: string | { uri: string; server?: string }, options = {}) =>
          failure(group.readResource(uri, options), (result) => (result.contents[0] as { text: string }).text);
        expectObservable(contents('file:///b.md')).toBe('(r|)', { r: 'b has file:///b.md' });
        expectObservable(contents('file:///shared.md', { server: 'a' })).toBe('(r|)', { r: 'a has file:///shared.md' });
        expectObservable(contents({ uri: 'file:///shared.md', server: 'b' })).toBe('(r|)', { r: 'b has file:///shared.md' });
        expectObservable(contents('file:///shared.md')).toBe('(e|)', {
          e: 'ClientGroupError ambiguous-resource [a,b]: Several servers of the group have file:///shared.md (a, b): name one with { server }',
        });
        expectObservable(contents('file:///x.md', { server: 'c' })).toBe('(e|)', { e: 'ClientGroupError unknown-server [c]: No server "c" in the group (it has a, b)' });
      }));

    it(`reads a URI no list has from the server whose template matches it (${era.name})`, () =>
      withTwoServers(era, (a, b, { expectObservable }) => {
        serveResources(a, []);
        serveResources(b, []);
        serveResourceTemplates(a, [resourceTemplate('logs://{day}/errors', 'errors')]);
        serveResourceTemplates(b, [resourceTemplate('notes://{+path}', 'notes')]);
        b.whenRequest('resources/read').respond((request) => resourceContents(String(request.params['uri']), 'from b'));
        const group = createClientGroup({ a: a.transport, b: b.transport });
        expectObservable(failure(group.readResource('notes://2024/june/plan.md'), (result) => (result.contents[0] as { text: string }).text)).toBe('(r|)', { r: 'from b' });
        expectObservable(failure(group.readResource('mail://inbox'), () => 'read')).toBe('(e|)', {
          e: 'ClientGroupError unknown-resource [a,b]: No resource mail://inbox in the group (servers: a, b)',
        });
      }));
  });
});
