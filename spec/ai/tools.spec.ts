import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs } from 'ai';
import { NEVER, firstValueFrom, lastValueFrom, map, type Observable } from 'rxjs';
import { aiToolOutput, aiToolSet, aiTools } from '../../src/ai/index.js';
import { createClient, streamableHttp, type CallToolResult, type Client, type Tool } from '../../src/index.js';
import { type ToolSource } from '../../src/agent/index.js';
import { createTestingController } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { routeUrl, serverLog, streamableHttpFixtures, uniqueTag, waitForLog } from '../helpers/http-server-urls.js';
import { scriptModel } from '../helpers/model-server-urls.js';

const PNG = 'iVBORw0KGgo=';
const model = (baseURL: string) => createOpenAICompatible({ name: 'scripted', baseURL }).chatModel('scripted');

function staticSource(tools$: Observable<readonly Tool[]>): ToolSource {
  return { tools$, callTool: () => NEVER };
}

describe('rxmcp/ai: MCP tools for the Vercel AI SDK', () => {
  it('re-emits the tool set whenever the tool list changes (marbles)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const tools$ = hot('a--b', { a: [{ name: 'x.y', inputSchema: { type: 'object' } }], b: [{ name: 'x.y', inputSchema: { type: 'object' } }, { name: 'z', inputSchema: {} }] });
      expectObservable(aiTools(staticSource(tools$)).pipe(map((set) => Object.keys(set as object)))).toBe('a--b', { a: ['x_y'], b: ['x_y', 'z'] });
    });
  });

  it("filters by the source's own trusted hints (toolHints$) when given no hints (marbles)", () => {
    createTestScheduler().run(({ cold, hot, expectObservable }) => {
      const tools$ = hot('a', { a: [{ name: 'read', inputSchema: { type: 'object' } }, { name: 'write', inputSchema: { type: 'object' } }] });
      const hints = new Map([['read', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }]]);
      const source: ToolSource = { ...staticSource(tools$), toolHints$: cold('h', { h: hints }) };
      const readOnly = (_tool: Tool, toolHints: { readonly readOnlyHint: boolean } | undefined) => toolHints?.readOnlyHint === true;
      expectObservable(aiTools(source, { filter: readOnly }).pipe(map((set) => Object.keys(set as object)))).toBe('a', { a: ['read'] });
    });
  });

  it('tool results as model output: text, images as file parts, errors as error text', () => {
    const result = (content: CallToolResult['content'], isError?: boolean): CallToolResult => ({ resultType: 'complete', content, ...(isError === undefined ? {} : { isError }) });
    expect<unknown>(aiToolOutput(result([{ type: 'text', text: 'hi' }]))).toEqual({ type: 'text', value: 'hi' });
    expect<unknown>(aiToolOutput(result([{ type: 'text', text: 'chart' }, { type: 'image', data: PNG, mimeType: 'image/png' }]))).toEqual({
      type: 'content', value: [{ type: 'text', text: 'chart' }, { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } }],
    });
    expect<unknown>(aiToolOutput(result([{ type: 'text', text: 'boom' }], true))).toEqual({ type: 'error-text', value: 'boom' });
  });

  it('aiToolSet rejects with the error of a first listing that failed, instead of waiting', async () => {
    const server = createTestingController();
    server.whenRequest('tools/list').error(-32603, 'database down');
    const client = createClient(server.transport);
    await expectAsync(aiToolSet(client)).toBeRejectedWith(jasmine.objectContaining({ name: 'RpcError', message: 'database down' }));
    client.close();
  });

  describe('with generateText against a scripted OpenAI-compatible server and a real MCP server', () => {
    let client: Client;
    let base: string;
    beforeEach(async () => {
      base = (await streamableHttpFixtures()).base;
      client = createClient(streamableHttp(routeUrl(base, 'modern')), { timeout: { firstMs: 10_000 } });
    });
    afterEach(() => client.close());

    it('the model sees the MCP tools, calls one, and reads its result', async () => {
      const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hello' } }] }, { content: 'It said hello.' }]);
      const tools = await firstValueFrom(aiTools(client));
      const { text } = await generateText({ model: model(script.baseUrl), tools, prompt: 'Echo hello', stopWhen: stepCountIs(3) });
      expect(text).toBe('It said hello.');
      const [first, second] = await script.requests();
      expect(first?.body.tools?.find((tool) => tool.function.name === 'echo')?.function.parameters).toEqual({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
      expect(second?.body.messages.at(-1)).toEqual(jasmine.objectContaining({ role: 'tool', tool_call_id: 'c1', content: 'hello' }));
    });

    it("hands the AI SDK a 2025 server's tool result as the server sent it, without rxmcp's resultType", async () => {
      const legacy = createClient(streamableHttp(routeUrl(base, 'modern')), { protocol: 'legacy', timeout: { firstMs: 10_000 } });
      const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hello' } }] }, { content: 'ok' }]);
      const tools = await firstValueFrom(aiTools(legacy));
      const { steps } = await generateText({ model: model(script.baseUrl), tools, prompt: 'Echo hello', stopWhen: stepCountIs(3) });
      const revision = legacy.server?.protocolVersion;
      legacy.close();
      expect(revision).toBe('2025-11-25');
      expect(steps[0]?.toolResults.map((part) => part.output)).toEqual([{ content: [{ type: 'text', text: 'hello' }] }]);
    });

    it('await aiToolSet(client) gives the first generateText call every tool of the server', async () => {
      const script = await scriptModel([{ content: 'No tool needed.' }]);
      const tools = await aiToolSet(client);
      await generateText({ model: model(script.baseUrl), tools, prompt: 'Hi', stopWhen: stepCountIs(1) });
      const listed = await lastValueFrom(client.listTools());
      const [first] = await script.requests();
      expect(first?.body.tools?.map((tool) => tool.function.name).sort()).toEqual(listed.map((tool) => tool.name).sort());
      expect(listed.length).toBeGreaterThan(0);
    });

    it('a denied call is not sent and the model is told', async () => {
      const tag = uniqueTag('ai-denied');
      const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'slow', arguments: { tag, ms: 10 } }] }, { content: 'ok' }]);
      const tools = await firstValueFrom(aiTools(client, { approve: () => false }));
      await generateText({ model: model(script.baseUrl), tools, prompt: 'go', stopWhen: stepCountIs(3) });
      const last = (await script.requests())[1]?.body.messages.at(-1) as { content: string };
      expect(last.content).toContain('The user denied this tool call');
      expect(await serverLog(base, tag)).toEqual([]);
    });

    it('the AI SDK’s abort signal cancels the tool call on the server', async () => {
      const tag = uniqueTag('ai-abort');
      const script = await scriptModel([{ toolCalls: [{ name: 'slow', arguments: { tag, ms: 10_000 } }] }, { content: 'never' }]);
      const tools = await firstValueFrom(aiTools(client));
      const controller = new AbortController();
      const running = generateText({ model: model(script.baseUrl), tools, prompt: 'wait', abortSignal: controller.signal, stopWhen: stepCountIs(3) }).then(() => 'done', () => 'aborted');
      expect(await waitForLog(base, tag, 'tool-started')).toBeDefined();
      controller.abort();
      expect(await running).toBe('aborted');
      expect(await waitForLog(base, tag, 'tool-aborted')).toBeDefined();
    });
  });
});
