// docs/openai-agents.md: an MCP client as a server of the OpenAI Agents SDK, whose runner drives a scripted
// Chat Completions model, against a real MCP server over Streamable HTTP.
import { Agent, OpenAIChatCompletionsModel, run, setTracingDisabled } from '@openai/agents';
import OpenAI from 'openai';
import { createClient, streamableHttp } from '../../src/index.js';
import { toAgentsMcpServer } from '../../src/openai-agents/index.js';
import { routeUrl, streamableHttpFixtures } from '../helpers/http-server-urls.js';
import { scriptModel } from '../helpers/model-server-urls.js';

describe('docs: the OpenAI Agents SDK', () => {
  it("gives the agent the MCP server's tools; the model calls one and reads its result", async () => {
    setTracingDisabled(true);
    const { base } = await streamableHttpFixtures();
    const client = createClient(streamableHttp(routeUrl(base, 'modern')), { timeout: { firstMs: 10_000 } });
    const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hi' } }] }, { content: 'It said hi.' }]);
    const openai = new OpenAI({ baseURL: script.baseUrl, apiKey: 'scripted', dangerouslyAllowBrowser: true });
    const model = new OpenAIChatCompletionsModel(openai, 'scripted');
    // #region readme
    const server = toAgentsMcpServer(client, { name: 'fixtures', cacheToolsList: true });
    await server.connect();
    const agent = new Agent({ name: 'Assistant', instructions: 'Use the tools.', model, mcpServers: [server] });
    const result = await run(agent, 'Echo hi');
    await server.close();
    // #endregion
    expect(result.finalOutput).toBe('It said hi.');
    const [first, second] = await script.requests();
    expect(first?.body.tools?.map((tool) => tool.function.name)).toContain('echo');
    expect(JSON.stringify(second?.body.messages.at(-1))).toContain('hi');
    client.close();
  }, 20_000);
});
