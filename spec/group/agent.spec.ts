import { filter, firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { createClientGroup } from '../../src/index.js';
import { agentLoop, anthropicModel, runAgent, toOpenAiChatTools, type AgentEvent, type ToolSource } from '../../src/agent/index.js';
import { createTestingController, serveTools, tool, toolResult, type TestingController } from '../../src/testing/index.js';
import { scriptModel } from '../helpers/model-server-urls.js';

const search = tool('search', { description: 'Searches', input: { q: { type: 'string' } }, required: ['q'], annotations: { readOnlyHint: true } });

function searchServer(name: string): TestingController {
  const server = createTestingController();
  serveTools(server, [search]);
  server.whenRequest('tools/call', { name: 'search' }).respond((call) => toolResult(`${name} found ${String(call.arguments['q'])}`));
  return server;
}

describe('client group as a tool source', () => {
  let a: TestingController;
  let b: TestingController;
  beforeEach(() => {
    a = searchServer('a');
    b = searchServer('b');
  });

  it('is a ToolSource: the provider adapters name both tools of the same name apart and dispatch to each server', async () => {
    const group = createClientGroup({ a: a.transport, b: b.transport });
    const source: ToolSource = group;
    const advertised = await firstValueFrom(source.tools$.pipe(toOpenAiChatTools()));
    expect(advertised.definitions.map((definition) => definition.function.name)).toEqual(['a__search', 'b__search']);
    expect(advertised.byName.get('b__search')?.tool).toEqual(jasmine.objectContaining({ server: 'b', originalName: 'search' }));
    group.close();
  });

  it("offers each server's trusted hints under the group's names, and none for a server its client does not trust", async () => {
    const group = createClientGroup({ a: a.transport, b: b.transport }, { client: (server) => ({ trustToolAnnotations: server === 'a' }) });
    const hints = await firstValueFrom(group.toolHints$.pipe(filter((map) => map.size > 0)));
    expect([...hints.keys()]).toEqual(['a__search']);
    expect(hints.get('a__search')).toEqual(jasmine.objectContaining({ readOnlyHint: true }));
    group.close();
  });

  it("hands the group's trusted hints to the loop's approval step when the loop is given none", async () => {
    const group = createClientGroup({ a: a.transport, b: b.transport }, { client: (server) => ({ trustToolAnnotations: server === 'a' }) });
    await firstValueFrom(group.toolHints$.pipe(filter((map) => map.size > 0)));
    const script = await scriptModel([
      { toolCalls: [{ id: 'c1', name: 'a__search', arguments: { q: 'x' } }, { id: 'c2', name: 'b__search', arguments: { q: 'y' } }] },
      { content: 'done' },
    ]);
    const seen: [string, boolean][] = [];
    const events = await lastValueFrom(agentLoop({
      source: group,
      model: { baseUrl: script.baseUrl, model: 'scripted' },
      messages: [{ role: 'user', content: 'Search' }],
      approve: (call, hints) => (seen.push([call.name, hints.readOnlyHint]), hints.readOnlyHint),
    }).pipe(toArray()));
    expect(seen).toEqual([['a__search', true], ['b__search', false]]);
    const outcomes = events.filter((event): event is Extract<AgentEvent, { type: 'tool-result' }> => event.type === 'tool-result').map((event) => event.outcome);
    expect(outcomes).toEqual(['result', 'denied']);
    expect(b.requests.filter((request) => request.method === 'tools/call')).toEqual([]);
    group.close();
  });

  it('runs an agent loop over two servers with the same tool name, each call reaching its own server', async () => {
    const group = createClientGroup({ a: a.transport, b: b.transport });
    const script = await scriptModel([
      { toolCalls: [{ id: 'c1', name: 'a__search', arguments: { q: 'rxjs' } }, { id: 'c2', name: 'b__search', arguments: { q: 'mcp' } }] },
      { content: 'Both searched.' },
    ]);
    const events = await lastValueFrom(
      agentLoop({ source: group, model: { baseUrl: script.baseUrl, model: 'scripted' }, messages: [{ role: 'user', content: 'Search both' }] }).pipe(toArray()),
    );
    const results = events.filter((event): event is Extract<AgentEvent, { type: 'tool-result' }> => event.type === 'tool-result');
    expect(results.map((event) => [event.tool, event.outcome])).toEqual([['a__search', 'result'], ['b__search', 'result']]);
    expect(events.at(-1)).toEqual(jasmine.objectContaining({ type: 'final', text: 'Both searched.' }));
    const [first, second] = await script.requests();
    expect(first?.body.tools?.map((definition) => definition.function.name)).toEqual(['a__search', 'b__search']);
    expect(second?.body.messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'a found rxjs' },
      { role: 'tool', tool_call_id: 'c2', content: 'b found mcp' },
    ]);
    expect(a.requests.filter((request) => request.method === 'tools/call').map((request) => request.arguments['q'])).toEqual(['rxjs']);
    expect(b.requests.filter((request) => request.method === 'tools/call').map((request) => request.arguments['q'])).toEqual(['mcp']);
    group.close();
    a.verify();
    b.verify();
  });
});

describe('runAgent over a client group', () => {
  it('calls each server’s tools under the group’s names, and a tool one server adds mid-conversation reaches the next turn', async () => {
    const a = searchServer('a');
    const b = createTestingController();
    const bTools = serveTools(b, [search]);
    const deploy = tool('deploy', { description: 'Deploys' });
    b.whenRequest('tools/call', { name: 'search' }).respond(() => {
      bTools.set([search, deploy]);
      return toolResult('b found nothing; deploy instead');
    });
    b.whenRequest('tools/call', { name: 'deploy' }).respond(() => toolResult('deployed'));
    const group = createClientGroup({ a: a.transport, b: b.transport });
    const script = await scriptModel([
      { toolCalls: [{ id: 'c1', name: 'a__search', arguments: { q: 'x' } }, { id: 'c2', name: 'b__search', arguments: { q: 'y' } }] },
      { toolCalls: [{ id: 'c3', name: 'b__deploy', arguments: {} }] },
      { content: 'Deployed.' },
    ]);
    const events = await lastValueFrom(runAgent({ source: group, model: anthropicModel({ baseUrl: script.baseUrl, model: 'scripted' }), prompt: 'Search, then deploy' }).pipe(toArray()));
    const offered = events.flatMap((event) => (event.type === 'turn-started' ? [event.tools.join(',')] : []));
    expect(offered).toEqual(['a__search,b__search', 'a__search,b__search,b__deploy', 'a__search,b__search,b__deploy']);
    const results = events.flatMap((event) => (event.type === 'tool-result' ? [`${event.tool}:${event.outcome}:${event.output.parts[0]?.type === 'text' ? event.output.parts[0].text : ''}`] : []));
    expect(results.sort()).toEqual(['a__search:result:a found x', 'b__deploy:result:deployed', 'b__search:result:b found nothing; deploy instead']);
    expect(events.at(-1)).toEqual(jasmine.objectContaining({ type: 'done', text: 'Deployed.' }));
    group.close();
  });
});
