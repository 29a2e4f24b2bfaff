// Sampling answered by an Anthropic model (the Messages API of the scripted model server).
import { firstValueFrom } from 'rxjs';
import { McpAbortError, RpcError, type ClientHandlerContext } from '../../src/index.js';
import { anthropicSampling } from '../../src/agent/index.js';
import { scriptModel } from '../helpers/model-server-urls.js';
import { eventually } from '../helpers/until.js';

const context = (signal: AbortSignal = new AbortController().signal): ClientHandlerContext => ({ signal, era: 'legacy', progress: () => undefined });
const PNG = 'iVBORw0KGgo=';
const failure = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => fail('expected a rejection'), (error: unknown) => error);

describe('sampling through an Anthropic model', () => {
  it('sends the system prompt, text and image blocks, max_tokens, temperature, stop sequences; maps end_turn to endTurn', async () => {
    const script = await scriptModel([{ content: 'A chart of sales.', model: 'ignored' }]);
    const sampling = anthropicSampling({ baseUrl: script.baseUrl, apiKey: 'sk-ant', model: 'claude-small', models: ['claude-large'], approve: () => true, maxTokensLimit: 100 });
    const result = await firstValueFrom(sampling({
      systemPrompt: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', data: PNG, mimeType: 'image/png' }] }],
      maxTokens: 500, temperature: 0.3, stopSequences: ['END'], modelPreferences: { hints: [{ name: 'large' }] },
    }, context()));
    expect(result).toEqual({ role: 'assistant', content: { type: 'text', text: 'A chart of sales.' }, model: 'claude-large', stopReason: 'endTurn' });
    const [request] = await script.requests();
    expect([request?.api, request?.apiKey, request?.version]).toEqual(['anthropic', 'sk-ant', '2023-06-01']);
    expect(request?.body as unknown).toEqual({
      max_tokens: 100, temperature: 0.3, stop_sequences: ['END'], model: 'claude-large', system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] }],
    });
  });

  it('passes tools and toolChoice, maps tool_use to toolUse with the server’s tool names, and sends tool results back', async () => {
    const script = await scriptModel([{ toolCalls: [{ id: 'toolu_1', name: 'weather_lookup', arguments: { city: 'Paris' } }] }, { content: 'Sunny.' }]);
    const sampling = anthropicSampling({ baseUrl: script.baseUrl, model: 'm', approve: () => true });
    const tools = [{ name: 'weather.lookup', description: 'Weather', inputSchema: { type: 'object' as const, properties: { city: { type: 'string' } } } }];
    const ask = { role: 'user' as const, content: { type: 'text' as const, text: 'Weather in Paris?' } };
    const first = await firstValueFrom(sampling({ messages: [ask], maxTokens: 50, tools, toolChoice: { mode: 'required' } }, context()));
    expect(first).toEqual({ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather.lookup', input: { city: 'Paris' } }], model: 'm', stopReason: 'toolUse' });
    const second = await firstValueFrom(sampling({
      messages: [ask, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', toolUseId: 'toolu_1', content: [{ type: 'text', text: '21 °C, sun' }] }] }],
      maxTokens: 50, tools,
    }, context()));
    expect(second.content).toEqual({ type: 'text', text: 'Sunny.' });
    const [one, two] = await script.requests();
    expect((one?.body as unknown as { tools: unknown; tool_choice: unknown }).tools).toEqual([{ name: 'weather_lookup', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }]);
    expect((one?.body as unknown as { tool_choice: unknown }).tool_choice).toEqual({ type: 'any' });
    expect(two?.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather_lookup', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: '21 °C, sun' }] }] },
    ]);
  });

  it('a rejection is error -1 and sends nothing; audio is -32602; an endpoint failure is -32603 with its status', async () => {
    const script = await scriptModel([{ status: 529, error: 'Overloaded' }]);
    const no = anthropicSampling({ baseUrl: script.baseUrl, model: 'm', approve: () => false });
    const text = { role: 'user' as const, content: { type: 'text' as const, text: 'hi' } };
    expect(((await failure(firstValueFrom(no({ messages: [text], maxTokens: 5 }, context())))) as RpcError).rpcCode).toBe(-1);
    const yes = anthropicSampling({ baseUrl: script.baseUrl, model: 'm', approve: () => true });
    const audio = await failure(firstValueFrom(yes({ messages: [{ role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' } }], maxTokens: 5 }, context())));
    expect(RpcError.is(audio) && (audio as RpcError).rpcCode).toBe(-32602);
    const failed = (await failure(firstValueFrom(yes({ messages: [text], maxTokens: 5 }, context())))) as RpcError;
    expect([failed.rpcCode, failed.message, failed.data]).toEqual([-32603, 'Sampling failed: The model endpoint answered HTTP 529: Overloaded', { status: 529 }]);
    expect((await script.requests()).length).toBe(1);
  });

  it('the server’s cancellation aborts the model request', async () => {
    const script = await scriptModel([{ hang: true }]);
    const controller = new AbortController();
    const sampling = anthropicSampling({ baseUrl: script.baseUrl, model: 'm', approve: () => true });
    const outcome = failure(firstValueFrom(sampling({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 }, context(controller.signal))));
    expect(await eventually(async () => (await script.requests()).length === 1, 3000, 20)).toBeTrue();
    controller.abort();
    expect(McpAbortError.is(await outcome)).toBeTrue();
    expect(await eventually(async () => (await script.requests())[0]?.aborted === true, 3000, 20)).toBeTrue();
  });
});
