// rxmcp/langchain with the real LangChain.js agent runner (`createAgent` of `langchain`, `ChatOpenAI` of
// `@langchain/openai`) driving a scripted Chat Completions model on 127.0.0.1 against the bundled example server,
// over stdio and Streamable HTTP (a cancelled run, which the server sees).
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { lastValueFrom } from 'rxjs';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { ExampleState } from '../../examples/server/state.js';
import type { ToolSource } from '../../src/agent/index.js';
import { createClient, createClientGroup, streamableHttp, type Client } from '../../src/index.js';
import { langChainToolsMiddleware, toLangChainTools } from '../../src/langchain/index.js';
import { stdio } from '../../src/node/index.js';
import { exampleServerFile, nodeCommand } from '../fixtures/official/launch.js';
import { scriptModel } from '../helpers/model-server-urls.js';
import { until } from '../helpers/until.js';

const SPEC_MS = 30_000;

const chatModel = (baseURL: string): ChatOpenAI => new ChatOpenAI({ model: 'scripted', apiKey: 'scripted', configuration: { baseURL }, useResponsesApi: false, maxRetries: 0 });

interface Said {
  readonly type: string;
  readonly content: unknown;
  readonly status?: string;
  readonly artifact?: unknown;
}

/** The messages of a finished run, as type, content, status and artifact. */
const said = (result: { messages: readonly { type?: string; getType?: () => string; content: unknown }[] }): Said[] =>
  result.messages.map((message) => {
    const { status, artifact } = message as { status?: string; artifact?: unknown };
    return { type: message.getType?.() ?? message.type ?? '?', content: message.content, ...(status === undefined ? {} : { status }), ...(artifact === undefined ? {} : { artifact }) };
  });

describe('toLangChainTools with the LangChain.js agent runner (example server over stdio)', () => {
  let client: Client;
  beforeEach(() => {
    client = createClient(stdio({ ...nodeCommand(exampleServerFile('example-server.ts')), closeGraceMs: 200, termGraceMs: 200 }), { timeout: { firstMs: 15_000 } });
  });
  afterEach(() => client.close());

  it("converts the schemas for the model, runs the model's call, and gives the text as content and the server's result as artifact", async () => {
    const script = await scriptModel([{ toolCalls: [{ id: 'a1', name: 'add', arguments: { a: 2, b: 3 } }] }, { content: 'The sum is 5.' }]);
    const tools = await toLangChainTools(client, { filter: { allow: ['add', 'countdown'] } });
    const agent = createAgent({ model: chatModel(script.baseUrl), tools });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'Add 2 and 3.' }] });
    const [first, second] = await script.requests();
    expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual(['add', 'countdown']);
    expect(first?.body.tools?.[0]?.function.parameters).toEqual(jasmine.objectContaining({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] }));
    expect(second?.body.messages.at(-1)).toEqual(jasmine.objectContaining({ role: 'tool', tool_call_id: 'a1', content: '5\n{"sum":5}' }));
    const tool = said(result).find((message) => message.type === 'tool');
    expect(tool).toEqual({ type: 'tool', content: '5\n{"sum":5}', status: 'success', artifact: jasmine.objectContaining({ content: [{ type: 'text', text: '5' }], structuredContent: { sum: 5 } }) });
    expect(Object.keys(tool?.artifact as object)).not.toContain('resultType');
    expect(said(result).at(-1)?.content).toBe('The sum is 5.');
  }, SPEC_MS);

  it('with the middleware, a tool list change mid-run reaches the next model call of the same run, and the new tool runs', async () => {
    const script = await scriptModel([
      { toolCalls: [{ id: 't1', name: 'toggle_tool', arguments: {} }] },
      { toolCalls: [{ id: 'b1', name: 'bonus', arguments: {} }] },
      { content: 'Bonus said Bonus!' },
    ]);
    const middleware = langChainToolsMiddleware(client, { filter: { allow: ['toggle_tool', 'bonus'] } });
    const agent = createAgent({ model: chatModel(script.baseUrl), tools: [], middleware: [middleware] });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'Turn the bonus on and call it.' }] });
    const toolsPerRequest = (await script.requests()).map((request) => (request.body.tools ?? []).map((tool) => tool.function.name).sort());
    expect(toolsPerRequest).toEqual([['toggle_tool'], ['bonus', 'toggle_tool'], ['bonus', 'toggle_tool']]);
    expect(said(result).filter((message) => message.type === 'tool').map((message) => [message.content, message.status])).toEqual([
      ['bonus tool added', 'success'],
      ['Bonus!', 'success'],
    ]);
    expect(said(result).at(-1)?.content).toBe('Bonus said Bonus!');
  }, SPEC_MS);

  it('answers a call the server refuses, and a denied call, with tool messages of status "error" that the model reads', async () => {
    const script = await scriptModel([
      { toolCalls: [{ id: 'x1', name: 'countdown', arguments: { from: 1000 } }, { id: 'b1', name: 'bump', arguments: {} }] },
      { content: 'Both failed.' },
    ]);
    const tools = await toLangChainTools(client, { filter: { allow: ['countdown', 'bump'] }, approve: (call) => call.name !== 'bump' });
    const agent = createAgent({ model: chatModel(script.baseUrl), tools });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'Go.' }] });
    const errors = said(result).filter((message) => message.type === 'tool');
    expect(errors.map((message) => message.status)).toEqual(['error', 'error']);
    expect(String(errors[1]?.content)).toBe('The user denied this tool call; it was not run.');
    const answered = (await script.requests())[1]?.body.messages.filter((message) => message['role'] === 'tool').map((message) => String(message['content']));
    expect(answered?.[0]).toMatch(/100|too_big|less than or equal/i);
    expect(answered?.[1]).toBe('The user denied this tool call; it was not run.');
    const counter = await lastValueFrom(client.readResource('example://counter'));
    expect(counter.contents).toEqual([jasmine.objectContaining({ text: 'counter: 0' })]);
  }, SPEC_MS);
});

describe('toLangChainTools with the LangChain.js agent runner (example server over Streamable HTTP)', () => {
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

  it('gives the tools of a client group under their group names, and calls them through the group', async () => {
    const group = createClientGroup({ example: streamableHttp(http.url) });
    try {
      const script = await scriptModel([{ toolCalls: [{ id: 'a1', name: 'example__add', arguments: { a: 20, b: 22 } }] }, { content: '42' }]);
      const tools = await toLangChainTools(group, { filter: { allow: ['example__add'] } });
      expect(tools.map((tool) => [tool.name, (tool as { metadata?: unknown }).metadata])).toEqual([['example__add', { mcpTool: 'example__add' }]]);
      const result = await createAgent({ model: chatModel(script.baseUrl), tools }).invoke({ messages: [{ role: 'user', content: 'Add 20 and 22.' }] });
      expect(said(result).filter((message) => message.type === 'tool').map((message) => message.content)).toEqual(['42\n{"sum":42}']);
    } finally {
      group.close();
    }
  }, SPEC_MS);

  it("aborting the run's signal cancels the tool call in flight, and the server sees the cancellation", async () => {
    const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'countdown', arguments: { from: 100, delayMs: 100 } }] }, { content: 'never' }]);
    let started = 0;
    const source: ToolSource = {
      tools$: client.tools$,
      toolsState$: client.toolsState$,
      callTool: (name, args, options) => ((started += 1), client.callTool(name, args, options)),
    };
    const agent = createAgent({ model: chatModel(script.baseUrl), tools: await toLangChainTools(source, { filter: { allow: ['countdown'] } }) });
    const controller = new AbortController();
    const outcome = agent.invoke({ messages: [{ role: 'user', content: 'Count down from 100.' }] }, { signal: controller.signal }).then(
      () => 'finished',
      (error: unknown) => (error instanceof Error ? error.name : String(error)),
    );
    await until(() => started === 1, 10_000, 'the agent never called the tool');
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    expect(await outcome).not.toBe('finished');
    await until(() => state.activity.some((activity) => activity.kind === 'cancelled' && activity.tool === 'countdown'), 5000, 'the server saw no cancellation');
    expect((await script.requests()).length).toBe(1);
  }, SPEC_MS);
});
