// The agent glue against the bundled example server over stdio: sampling through a model endpoint (the server's
// summarize tool), and a loop whose tool list changes mid-run.
import { lastValueFrom, toArray } from 'rxjs';
import { createClient, RpcError, type Client, type ProtocolMode } from '../../src/index.js';
import { agentLoop, openAiSampling } from '../../src/agent/index.js';
import { stdio } from '../../src/node/index.js';
import { exampleServerFile, nodeCommand } from '../fixtures/official/launch.js';
import { textOf } from '../helpers/mcp-fixtures.js';
import { scriptModel } from '../helpers/model-server-urls.js';

const server = () => stdio({ ...nodeCommand(exampleServerFile('example-server.ts')), closeGraceMs: 200, termGraceMs: 200 });
const ERAS: [string, ProtocolMode][] = [['2026-07-28', 'modern'], ['legacy', 'legacy']];

describe('sampling through a model endpoint, for the example server’s summarize tool', () => {
  for (const [label, protocol] of ERAS) {
    describe(label, () => {
      let client: Client | undefined;
      afterEach(() => client?.close());

      it('sends the server’s request to the model and the model’s answer back to the server', async () => {
        const script = await scriptModel([{ content: 'MCP links models to tools.', model: 'scripted-small' }]);
        const asked: string[] = [];
        client = createClient(server(), {
          protocol,
          timeout: { firstMs: 15_000 },
          handlers: { sampling: openAiSampling({ baseUrl: script.baseUrl, model: 'scripted-small', approve: (params) => (asked.push(params.systemPrompt ?? ''), true) }) },
        });
        const result = await lastValueFrom(client.callTool('summarize', { text: 'The Model Context Protocol connects models to tools and data.' }));
        expect(textOf(result)).toBe('Summary (scripted-small): MCP links models to tools.');
        expect(asked).toEqual(['You are a concise summarizer.']);
        const [request] = await script.requests();
        expect(request?.body).toEqual({
          model: 'scripted-small',
          messages: [
            { role: 'system', content: 'You are a concise summarizer.' },
            { role: 'user', content: 'Summarize in one sentence:\n\nThe Model Context Protocol connects models to tools and data.' },
          ],
          max_tokens: 200,
        });
      });
    });
  }

  it('a rejected approval reaches the legacy server as error -1 and nothing goes to the model', async () => {
    const script = await scriptModel([{ content: 'never' }]);
    const client = createClient(server(), {
      protocol: 'legacy',
      timeout: { firstMs: 15_000 },
      handlers: { sampling: openAiSampling({ baseUrl: script.baseUrl, model: 'm', approve: () => false }) },
    });
    try {
      const outcome = await lastValueFrom(client.callTool('summarize', { text: 'x' })).then((result) => textOf(result), (error: unknown) => (RpcError.is(error) ? error.message : String(error)));
      expect(outcome).toContain('User rejected sampling request');
      expect(await script.requests()).toEqual([]);
    } finally {
      client.close();
    }
  });
});

describe('the agent loop against the example server', () => {
  let client: Client;
  beforeEach(() => (client = createClient(server(), { timeout: { firstMs: 15_000 } })));
  afterEach(() => client.close());

  it('a tool-list change mid-loop reaches the next model request, and the new tool can be called', async () => {
    const script = await scriptModel([
      { toolCalls: [{ id: 't1', name: 'toggle_tool', arguments: {} }] },
      { toolCalls: [{ id: 'b1', name: 'bonus', arguments: {} }] },
      { toolCalls: [{ id: 't2', name: 'toggle_tool', arguments: {} }] },
      { content: 'Bonus said Bonus!' },
    ]);
    const events = await lastValueFrom(agentLoop({ source: client, model: { baseUrl: script.baseUrl, model: 'm' }, messages: [{ role: 'user', content: 'go' }] }).pipe(toArray()));
    expect(events.at(-1)).toEqual(jasmine.objectContaining({ type: 'final', text: 'Bonus said Bonus!' }));
    const toolNames = (await script.requests()).map((request) => (request.body.tools ?? []).map((tool) => tool.function.name).includes('bonus'));
    expect(toolNames).toEqual([false, true, true, false]);
    expect((await script.requests())[2]?.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'b1', content: 'Bonus!' });
  });
});
