// docs/agent-loop.md: an agent run streamed over the Anthropic Messages API (the scripted model server), tools from
// a real MCP server over Streamable HTTP.
import { lastValueFrom, tap } from 'rxjs';
import { anthropicModel, runAgent, type ToolCallApproval } from '../../src/agent/index.js';
import { createClient, streamableHttp } from '../../src/index.js';
import { routeUrl, streamableHttpFixtures } from '../helpers/http-server-urls.js';
import { scriptModel } from '../helpers/model-server-urls.js';

describe('docs: the agent loop', () => {
  it('streams the answer and names the tool calls; done carries the answer and the usage', async () => {
    const { base } = await streamableHttpFixtures();
    const client = createClient(streamableHttp(routeUrl(base, 'modern')), { timeout: { firstMs: 10_000 } });
    const script = await scriptModel([{ toolCalls: [{ id: 'toolu_1', name: 'echo', arguments: { text: 'hi' } }] }, { content: 'The server said hi.' }]);
    const [baseUrl, apiKey] = [script.baseUrl, 'sk-ant-example'];
    const approve: ToolCallApproval = () => true;
    let written = '';
    const write = (text: string): void => void (written += text);
    // #region readme
    const model = anthropicModel({ baseUrl, apiKey, model: 'claude-sonnet-4-5' });   // or openAiChatModel, openAiResponsesModel
    const done = await lastValueFrom(runAgent({ source: client, model, prompt: 'Echo hi', approve }).pipe(
      tap((event) => {
        if (event.type === 'text-delta') write(event.text);               // the answer, as it streams
        if (event.type === 'tool-call') write(`[${event.tool}] `);
      }),
    ));
    // #endregion
    expect(written).toBe('[echo] The server said hi.');
    expect(done).toEqual(jasmine.objectContaining({ type: 'done', text: 'The server said hi.', reason: 'stop', usage: { inputTokens: 22, outputTokens: 14 } }));
    expect((await script.requests()).map((request) => [request.api, request.body.stream])).toEqual([['anthropic', true], ['anthropic', true]]);
    client.close();
  });
});
