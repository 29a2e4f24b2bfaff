// The agent glue against the bundled example server over stdio: sampling through a model endpoint (the server's
// summarize tool), and a loop whose tool list changes mid-run.
import { lastValueFrom, tap, toArray } from 'rxjs';
import { createClient, RpcError, type Client, type ProtocolMode } from '../../src/index.js';
import { agentLoop, openAiSampling, runAgent } from '../../src/agent/index.js';
import { APIS } from '../helpers/model-apis.js';
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

describe('runAgent against the example server: a tool-list change mid-conversation, each provider API', () => {
  let client: Client;
  beforeEach(() => (client = createClient(server(), { timeout: { firstMs: 15_000 } })));
  afterEach(() => client.close());

  for (const api of APIS) {
    for (const stream of [true, false]) {
      it(`${api.label}, ${stream ? 'streamed' : 'not streamed'}: the next turn offers the new tool, which can be called, and loses it again`, async () => {
        const script = await scriptModel([
          { toolCalls: [{ id: 't1', name: 'toggle_tool', arguments: {} }] },
          { toolCalls: [{ id: 'b1', name: 'bonus', arguments: {} }] },
          { toolCalls: [{ id: 't2', name: 'toggle_tool', arguments: {} }] },
          { content: 'Bonus said Bonus!' },
        ]);
        const events = await lastValueFrom(runAgent({ source: client, model: api.make(script.baseUrl, stream), prompt: 'go' }).pipe(toArray()));
        expect(events.at(-1)).toEqual(jasmine.objectContaining({ type: 'done', text: 'Bonus said Bonus!', reason: 'stop' }));
        const offered = events.flatMap((event) => (event.type === 'turn-started' ? [event.tools.includes('bonus')] : []));
        expect(offered).toEqual([false, true, true, false]);
        const requests = await script.requests();
        expect(requests.map((request) => api.toolNames(request).includes('bonus'))).toEqual([false, true, true, false]);
        expect(events.find((event) => event.type === 'tool-result' && event.tool === 'bonus')).toEqual(jasmine.objectContaining({ outcome: 'result' }));
      });
    }
  }
});

describe('runAgent against the example server: approvals and input rounds', () => {
  let client: Client;
  afterEach(() => client.close());

  it('an approval that waits holds only its own call, and the server’s input round is reported before the result', async () => {
    client = createClient(server(), {
      timeout: { firstMs: 15_000 },
      handlers: { elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }) },
    });
    const script = await scriptModel([
      { toolCalls: [{ id: 'g1', name: 'greet', arguments: {} }, { id: 'a1', name: 'add', arguments: { a: 17, b: 25 } }] },
      { content: 'Hello Ada; 42.' },
    ]);
    let release: (approved: boolean) => void = () => undefined;
    const waiting = new Promise<boolean>((resolve) => (release = resolve));
    const order: string[] = [];
    const events = await lastValueFrom(runAgent({
      source: client,
      model: APIS[1]!.make(script.baseUrl, true),
      prompt: 'greet and add',
      approve: (call) => (call.name === 'greet' ? waiting : true),
    }).pipe(
      tap((event) => {
        if (event.type === 'tool-result') order.push(`${event.tool}:${event.outcome}`);
        if (event.type === 'tool-result' && event.tool === 'add') release(true);
      }),
      toArray(),
    ));
    expect(order).toEqual(['add:result', 'greet:result']);
    const greet = events.filter((event) => event.type !== 'text-delta' && event.type !== 'usage' && 'callId' in event && event.callId === 'g1').map((event) => event.type);
    expect(greet).toEqual(['tool-call', 'input-requested', 'tool-result']);
    expect(events.find((event) => event.type === 'input-requested')).toEqual(jasmine.objectContaining({ tool: 'greet', round: 1, inputRequests: { name: jasmine.objectContaining({ method: 'elicitation/create' }) } }));
    const outputs = (await script.requests())[1]?.body as unknown as { input: { type?: string; call_id?: string; output?: string }[] };
    expect(outputs.input.filter((item) => item.type === 'function_call_output')).toEqual([
      { type: 'function_call_output', call_id: 'g1', output: 'Hello, Ada!' },
      { type: 'function_call_output', call_id: 'a1', output: '42\n{"sum":42}' },
    ]);
  });
});
