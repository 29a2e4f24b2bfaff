import { filter, lastValueFrom, toArray } from 'rxjs';
import { createClient, streamableHttp, type Client } from '../../src/index.js';
import { agentLoop, type AgentEvent } from '../../src/agent/index.js';
import { routeUrl, streamableHttpFixtures, uniqueTag, waitForLog, serverLog } from '../helpers/http-server-urls.js';
import { scriptModel } from '../helpers/model-server-urls.js';
import { eventually } from '../helpers/until.js';

const task = (text: string) => [{ role: 'system' as const, content: 'You use tools.' }, { role: 'user' as const, content: text }];

describe('the agent loop (scripted model, real MCP server over HTTP)', () => {
  let client: Client;
  let base: string;

  beforeEach(async () => {
    base = (await streamableHttpFixtures()).base;
    client = createClient(streamableHttp(routeUrl(base, 'modern')), { timeout: { firstMs: 10_000 } });
  });

  afterEach(() => client.close());

  it('model → tool call → result → final answer, with the tool result in the next model request', async () => {
    const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hello' } }] }, { content: 'The server said hello.' }]);
    const events = await lastValueFrom(agentLoop({ source: client, model: { baseUrl: script.baseUrl, model: 'scripted' }, messages: task('Echo hello') }).pipe(toArray()));
    expect(events.map((event) => event.type)).toEqual(['model-request', 'model-reply', 'tool-call', 'tool-result', 'model-request', 'model-reply', 'final']);
    const final = events.at(-1) as Extract<AgentEvent, { type: 'final' }>;
    expect(final.text).toBe('The server said hello.');
    expect(final.reason).toBe('stop');
    const [first, second] = await script.requests();
    expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual(jasmine.arrayContaining(['echo', 'slow', 'progress']));
    expect(second?.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'hello' });
  });

  it('reports progress of a tool call', async () => {
    const script = await scriptModel([{ toolCalls: [{ name: 'progress', arguments: { steps: 3 } }] }, { content: 'done' }]);
    const progress = await lastValueFrom(agentLoop({ source: client, model: { baseUrl: script.baseUrl, model: 'm' }, messages: task('go') }).pipe(
      filter((event) => event.type === 'tool-progress'),
      toArray(),
    ));
    expect(progress.map((event) => (event as { progress: number }).progress)).toEqual([1, 2, 3]);
  });

  it('a denied call is not sent; the model is told and the loop goes on', async () => {
    const tag = uniqueTag('agent-denied');
    const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'slow', arguments: { tag, ms: 10 } }] }, { content: 'OK, I will not.' }]);
    const seen: string[] = [];
    const events = await lastValueFrom(agentLoop({
      source: client,
      model: { baseUrl: script.baseUrl, model: 'm' },
      messages: task('go'),
      approve: async (call) => (seen.push(call.name), false),
    }).pipe(toArray()));
    expect(seen).toEqual(['slow']);
    expect(events.find((event) => event.type === 'tool-result')).toEqual(jasmine.objectContaining({ outcome: 'denied' }));
    expect((await script.requests())[1]?.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'Error: The user denied this tool call; it was not run.' });
    expect(await serverLog(base, tag)).toEqual([]);
  });

  it('a tool name the model made up is answered with an error, not a crash', async () => {
    const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'nope', arguments: {} }] }, { content: 'sorry' }]);
    const final = await lastValueFrom(agentLoop({ source: client, model: { baseUrl: script.baseUrl, model: 'm' }, messages: task('go') }));
    expect(final.type).toBe('final');
    expect((await script.requests())[1]?.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'Error: The tool call failed: There is no tool named nope' });
  });

  it('unsubscribing mid-tool cancels the call on the server', async () => {
    const tag = uniqueTag('agent-cancel');
    const script = await scriptModel([{ toolCalls: [{ name: 'slow', arguments: { tag, ms: 10_000 } }] }, { content: 'never' }]);
    const types: string[] = [];
    const subscription = agentLoop({ source: client, model: { baseUrl: script.baseUrl, model: 'm' }, messages: task('wait') })
      .subscribe((event) => types.push(event.type));
    expect(await waitForLog(base, tag, 'tool-started')).toBeDefined();
    expect(types).toEqual(['model-request', 'model-reply', 'tool-call']);
    subscription.unsubscribe();
    expect(await waitForLog(base, tag, 'tool-aborted')).toBeDefined();
    expect(await eventually(async () => (await script.requests()).length === 2, 300, 20)).toBeFalse();
  });
});
