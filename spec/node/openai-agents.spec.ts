// rxmcp/openai-agents with the real OpenAI Agents SDK: its runner drives a scripted Chat Completions model on
// 127.0.0.1 against the bundled example server, over stdio (a tool list change mid-run) and Streamable HTTP (a
// cancelled run, which the server sees).
import { Agent, OpenAIChatCompletionsModel, OpenAIProvider, run, setTracingDisabled } from '@openai/agents';
import { NEVER, lastValueFrom, of } from 'rxjs';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { ExampleState } from '../../examples/server/state.js';
import { createClient, createClientGroup, streamableHttp, type Client } from '../../src/index.js';
import { stdio } from '../../src/node/index.js';
import { toAgentsMcpServer, type AgentsMcpServer } from '../../src/openai-agents/index.js';
import type { ToolSource } from '../../src/agent/index.js';
import { exampleServerFile, nodeCommand } from '../fixtures/official/launch.js';
import { scriptModel } from '../helpers/model-server-urls.js';
import { until } from '../helpers/until.js';

const SPEC_MS = 30_000;

setTracingDisabled(true);

async function chatModel(baseURL: string): Promise<OpenAIChatCompletionsModel> {
  return (await new OpenAIProvider({ baseURL, apiKey: 'scripted', useResponses: false }).getModel('scripted')) as OpenAIChatCompletionsModel;
}

/** The tool names of each model request, in order. */
async function toolsPerRequest(script: { requests(): Promise<{ body: { tools?: readonly { function: { name: string } }[] } }[]> }): Promise<string[][]> {
  return (await script.requests()).map((request) => (request.body.tools ?? []).map((tool) => tool.function.name).sort());
}

describe('toAgentsMcpServer with the OpenAI Agents SDK runner (example server over stdio)', () => {
  let client: Client;
  let server: AgentsMcpServer | undefined;
  beforeEach(() => {
    client = createClient(stdio({ ...nodeCommand(exampleServerFile('example-server.ts')), closeGraceMs: 200, termGraceMs: 200 }), { timeout: { firstMs: 15_000 } });
  });
  afterEach(async () => {
    await server?.close();
    client.close();
  });

  for (const cacheToolsList of [true, false]) {
    it(`a tool list change mid-run reaches the next model turn (cacheToolsList ${cacheToolsList}), and the new tool runs`, async () => {
      const script = await scriptModel([
        { toolCalls: [{ id: 't1', name: 'toggle_tool', arguments: {} }] },
        { toolCalls: [{ id: 'b1', name: 'bonus', arguments: {} }] },
        { content: 'Bonus said Bonus!' },
      ]);
      server = toAgentsMcpServer(client, { name: `example-${cacheToolsList}`, cacheToolsList, filter: { allow: ['toggle_tool', 'bonus'] } });
      await server.connect();
      const agent = new Agent({ name: 'Assistant', instructions: 'Use the tools.', model: await chatModel(script.baseUrl), mcpServers: [server] });
      const result = await run(agent, 'Turn the bonus on and call it.');
      expect(result.finalOutput).toBe('Bonus said Bonus!');
      expect(await toolsPerRequest(script)).toEqual([['toggle_tool'], ['bonus', 'toggle_tool'], ['bonus', 'toggle_tool']]);
      const last = (await script.requests())[2]?.body.messages.at(-1);
      expect(last).toEqual(jasmine.objectContaining({ role: 'tool', tool_call_id: 'b1' }));
      expect(JSON.stringify(last?.['content'])).toContain('Bonus!');
    }, SPEC_MS);
  }

  it("gives the model the tools the filter keeps, with the server's input schema, and the tool's result as the server sent it", async () => {
    const script = await scriptModel([{ toolCalls: [{ id: 'a1', name: 'add', arguments: { a: 2, b: 3 } }] }, { content: 'The sum is 5.' }]);
    server = toAgentsMcpServer(client, { filter: { allow: ['add'] }, useStructuredContent: true });
    await server.connect();
    const agent = new Agent({ name: 'Assistant', model: await chatModel(script.baseUrl), mcpServers: [server] });
    const result = await run(agent, 'Add 2 and 3.');
    expect(result.finalOutput).toBe('The sum is 5.');
    const [first, second] = await script.requests();
    expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual(['add']);
    expect(first?.body.tools?.[0]?.function.parameters).toEqual(jasmine.objectContaining({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] }));
    expect(second?.body.messages.at(-1)).toEqual(jasmine.objectContaining({ role: 'tool', tool_call_id: 'a1', content: '{"sum":5}' }));
    const direct = await server.callToolResult?.('add', { a: 1, b: 1 });
    expect(direct).toEqual(jasmine.objectContaining({ content: [{ type: 'text', text: '2' }], structuredContent: { sum: 2 } }));
    expect(Object.keys(direct ?? {})).not.toContain('resultType');
  }, SPEC_MS);

  it('asks the approval step before each call; a denied call answers the model that the user denied it, and nothing runs', async () => {
    const script = await scriptModel([{ toolCalls: [{ id: 'b1', name: 'bump', arguments: {} }] }, { content: 'Denied.' }]);
    const asked: string[] = [];
    server = toAgentsMcpServer(client, { filter: { allow: ['bump'] }, approve: (call) => (asked.push(call.name), false) });
    await server.connect();
    const agent = new Agent({ name: 'Assistant', model: await chatModel(script.baseUrl), mcpServers: [server] });
    expect((await run(agent, 'Bump the counter.')).finalOutput).toBe('Denied.');
    expect(asked).toEqual(['bump']);
    expect(JSON.stringify((await script.requests())[1]?.body.messages.at(-1))).toContain('The user denied this tool call; it was not run.');
    const counter = await lastValueFrom(client.readResource('example://counter'));
    expect(counter.contents).toEqual([jasmine.objectContaining({ text: jasmine.stringMatching(/\b0\b/) })]);
  }, SPEC_MS);
});

describe('toAgentsMcpServer with the OpenAI Agents SDK runner (example server over Streamable HTTP)', () => {
  let http: ExampleHttpServer;
  let state: ExampleState;
  let client: Client;
  beforeEach(async () => {
    state = new ExampleState();
    http = await startExampleHttpServer({ state });
    client = createClient(streamableHttp(http.url), { timeout: { firstMs: 15_000 } });
  });
  afterEach(async () => {
    client.close();
    await http.close();
  });

  it('aborting the run cancels the tool call in flight, and the server sees the cancellation', async () => {
    const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'countdown', arguments: { from: 100, delayMs: 100 } }] }, { content: 'never' }]);
    let started = 0;
    const source: ToolSource = {
      tools$: client.tools$,
      toolsState$: client.toolsState$,
      callTool: (name, args, options) => ((started += 1), client.callTool(name, args, options)),
    };
    const server = toAgentsMcpServer(source, { filter: { allow: ['countdown'] } });
    await server.connect();
    const agent = new Agent({ name: 'Assistant', model: await chatModel(script.baseUrl), mcpServers: [server] });
    const controller = new AbortController();
    const outcome = run(agent, 'Count down from 100.', { signal: controller.signal }).then(
      () => 'finished',
      (error: unknown) => (error instanceof Error ? error.name : String(error)),
    );
    await until(() => started === 1, 10_000, 'the SDK never called the tool');
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    expect(await outcome).not.toBe('finished');
    await until(() => state.activity.some((activity) => activity.kind === 'cancelled' && activity.tool === 'countdown'), 5000, 'the server saw no cancellation');
    expect((await script.requests()).length).toBe(1);
    await server.close();
  }, SPEC_MS);

  it('serves a client group: the SDK lists and calls the tools by their group names', async () => {
    const group = createClientGroup({ example: streamableHttp(http.url) });
    try {
      const script = await scriptModel([{ toolCalls: [{ id: 'a1', name: 'example__add', arguments: { a: 20, b: 22 } }] }, { content: '42' }]);
      const server = toAgentsMcpServer(group, { name: 'group', filter: { allow: ['example__add'] } });
      await server.connect();
      const agent = new Agent({ name: 'Assistant', model: await chatModel(script.baseUrl), mcpServers: [server] });
      expect((await run(agent, 'Add 20 and 22.')).finalOutput).toBe('42');
      const [first, second] = await script.requests();
      expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual(['example__add']);
      expect(JSON.stringify(second?.body.messages.at(-1))).toContain('42');
      await server.close();
    } finally {
      group.close();
    }
  }, SPEC_MS);

  it("a call made before this server listed anything (the SDK's cache is shared by name) gets the tool's trusted hints in the approval step", async () => {
    const trusting = createClient(streamableHttp(http.url), { timeout: { firstMs: 15_000 }, trustToolAnnotations: true });
    try {
      const seen: (boolean | undefined)[] = [];
      const server = toAgentsMcpServer(trusting, { approve: (_call, hints) => (seen.push(hints.readOnlyHint), true) });
      const content = await server.callTool('add', { a: 1, b: 2 }, null);
      expect([...content]).toEqual([{ type: 'text', text: '3' }]);
      expect(content.structuredContent).toEqual({ sum: 3 });
      expect(seen).toEqual([true]);
    } finally {
      trusting.close();
    }
  }, SPEC_MS);

  it("connect() rejects with the first listing's error when the list never loads", async () => {
    const failing = new Error('listing failed');
    const source: ToolSource = { tools$: NEVER, toolsState$: of({ items: undefined, stale: false, refreshing: false, error: failing }), callTool: () => NEVER };
    const server = toAgentsMcpServer(source);
    await expectAsync(server.connect()).toBeRejectedWith(failing);
    await expectAsync(server.listTools()).toBeRejectedWith(failing);
  });
});
