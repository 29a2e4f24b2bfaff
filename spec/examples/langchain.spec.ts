// docs/langchain.md: an MCP client's tools in a LangChain.js agent (createAgent with ChatOpenAI), driving a
// scripted Chat Completions model, against a real MCP server over Streamable HTTP.
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { createClient, streamableHttp } from '../../src/index.js';
import { langChainToolsMiddleware } from '../../src/langchain/index.js';
import { routeUrl, streamableHttpFixtures } from '../helpers/http-server-urls.js';
import { scriptModel } from '../helpers/model-server-urls.js';

describe('docs: LangChain.js', () => {
  it("gives the agent the MCP server's current tools at each model call; the model calls one and reads its result", async () => {
    const { base } = await streamableHttpFixtures();
    const client = createClient(streamableHttp(routeUrl(base, 'modern')), { timeout: { firstMs: 10_000 } });
    const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hi' } }] }, { content: 'It said hi.' }]);
    const model = new ChatOpenAI({ model: 'scripted', apiKey: 'scripted', configuration: { baseURL: script.baseUrl }, useResponsesApi: false });
    // #region readme
    const agent = createAgent({ model, tools: [], middleware: [langChainToolsMiddleware(client)] });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'Echo hi' }] });
    // #endregion
    expect(result.messages.at(-1)?.content).toBe('It said hi.');
    const [first, second] = await script.requests();
    expect(first?.body.tools?.map((tool) => tool.function.name)).toContain('echo');
    expect(second?.body.messages.at(-1)).toEqual(jasmine.objectContaining({ role: 'tool', tool_call_id: 'c1' }));
    client.close();
  }, 20_000);
});
