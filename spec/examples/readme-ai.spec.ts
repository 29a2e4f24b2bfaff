// README: MCP tools for the Vercel AI SDK, awaited before the first generateText (a scripted OpenAI-compatible
// model, a real MCP server over Streamable HTTP).
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs } from 'ai';
import { aiToolSet } from '../../src/ai/index.js';
import { createClient, streamableHttp, type ToolCallApproval } from '../../src/index.js';
import { routeUrl, streamableHttpFixtures } from '../helpers/http-server-urls.js';
import { scriptModel } from '../helpers/model-server-urls.js';

describe('README tools for a model', () => {
  it('gives the first generateText the MCP tools; the model calls one and reads its result', async () => {
    const { base } = await streamableHttpFixtures();
    const client = createClient(streamableHttp(routeUrl(base, 'modern')), { timeout: { firstMs: 10_000 } });
    const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hi' } }] }, { content: 'It said hi.' }]);
    const model = createOpenAICompatible({ name: 'scripted', baseURL: script.baseUrl }).chatModel('scripted');
    const approved: string[] = [];
    const approve: ToolCallApproval = (call) => approved.push(call.name) > 0;
    // #region readme
    const tools = await aiToolSet(client, { approve });   // the tools now; aiTools(client) emits a set per change
    const { text } = await generateText({ model, tools, prompt: 'Echo hi', stopWhen: stepCountIs(5) });
    // #endregion
    expect(text).toBe('It said hi.');
    expect(approved).toEqual(['echo']);
    const [first] = await script.requests();
    expect(first?.body.tools?.map((tool) => tool.function.name)).toContain('echo');
    client.close();
  });
});
