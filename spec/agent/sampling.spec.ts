import { firstValueFrom, lastValueFrom } from 'rxjs';
import { McpAbortError, RpcError, type ClientHandlerContext, type CreateMessageRequestParams } from '../../src/index.js';
import { openAiSampling, type OpenAiSamplingOptions } from '../../src/agent/index.js';
import { scriptModel, type ModelScript, type ScriptedReply } from '../helpers/model-server-urls.js';
import { eventually } from '../helpers/until.js';

const context = (signal: AbortSignal = new AbortController().signal): ClientHandlerContext => ({ signal, era: 'legacy', progress: () => undefined });
const PNG = 'iVBORw0KGgo=';

async function setup(replies: ScriptedReply[], options: Partial<OpenAiSamplingOptions> = {}): Promise<{ script: ModelScript; sampling: ReturnType<typeof openAiSampling> }> {
  const script = await scriptModel(replies);
  return { script, sampling: openAiSampling({ baseUrl: script.baseUrl, apiKey: 'sk-test', model: 'small-model', approve: () => true, ...options }) };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => fail('expected a rejection'), (error: unknown) => error);
}

describe('sampling through an OpenAI-compatible endpoint', () => {
  it('sends system prompt, text and image messages, maxTokens, temperature, stop sequences; maps stop to endTurn', async () => {
    const { script, sampling } = await setup([{ content: 'A short summary.' }], { models: ['claude-like-large', 'fast-mini'] });
    const params: CreateMessageRequestParams = {
      systemPrompt: 'Be brief.',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Summarise:' } },
        { role: 'user', content: [{ type: 'text', text: 'this chart' }, { type: 'image', data: PNG, mimeType: 'image/png' }] },
      ],
      maxTokens: 120,
      temperature: 0.2,
      stopSequences: ['END'],
      modelPreferences: { hints: [{ name: 'nonexistent' }, { name: 'mini' }] },
    };
    const result = await firstValueFrom(sampling(params, context()));
    expect(result).toEqual({ role: 'assistant', content: { type: 'text', text: 'A short summary.' }, model: 'fast-mini', stopReason: 'endTurn' });
    const [request] = await script.requests();
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body).toEqual({
      model: 'fast-mini',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Summarise:' },
        { role: 'user', content: [{ type: 'text', text: 'this chart' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] },
      ],
      max_tokens: 120,
      temperature: 0.2,
      stop: ['END'],
    });
  });

  it('a hint that names no allowed model falls back to the default model; length maps to maxTokens', async () => {
    const { script, sampling } = await setup([{ content: 'cut', finish: 'length' }]);
    const result = await firstValueFrom(sampling({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5, modelPreferences: { hints: [{ name: 'gpt-5' }] } }, context()));
    expect(result.stopReason).toBe('maxTokens');
    expect((await script.requests())[0]?.body.model).toBe('small-model');
  });

  it('passes tools and toolChoice, maps tool_calls to toolUse with the server’s tool names, and sends tool results back', async () => {
    const { script, sampling } = await setup([{ toolCalls: [{ id: 'call_9', name: 'weather_lookup', arguments: { city: 'Paris' } }] }, { content: 'Sunny.' }]);
    const tools = [{ name: 'weather.lookup', description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
    const first = await firstValueFrom(sampling({ messages: [{ role: 'user', content: { type: 'text', text: 'Weather in Paris?' } }], maxTokens: 50, tools, toolChoice: { mode: 'required' } }, context()));
    expect(first).toEqual({ role: 'assistant', content: [{ type: 'tool_use', id: 'call_9', name: 'weather.lookup', input: { city: 'Paris' } }], model: 'small-model', stopReason: 'toolUse' });
    const second = await firstValueFrom(sampling({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Weather in Paris?' } },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 'call_9', content: [{ type: 'text', text: '21°C, sunny' }] }] },
      ],
      maxTokens: 50,
      tools,
    }, context()));
    expect(second.content).toEqual({ type: 'text', text: 'Sunny.' });
    const [one, two] = await script.requests();
    expect(one?.body.tools?.[0]?.function.name).toBe('weather_lookup');
    expect(one?.body['tool_choice']).toBe('required');
    expect(two?.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'weather_lookup', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_9', content: '21°C, sunny' },
    ]);
  });

  it('a rejected approval is error -1 and sends nothing', async () => {
    const { script, sampling } = await setup([{ content: 'never' }], { approve: async () => false });
    const error = await rejection(lastValueFrom(sampling({ messages: [{ role: 'user', content: { type: 'text', text: 'x' } }], maxTokens: 5 }, context())));
    expect(RpcError.is(error) && (error as RpcError).rpcCode).toBe(-1);
    expect(await script.requests()).toEqual([]);
  });

  it('an unpaired tool result is invalid params (-32602) and sends nothing', async () => {
    const { script, sampling } = await setup([{ content: 'never' }]);
    const error = await rejection(lastValueFrom(sampling({ messages: [{ role: 'user', content: [{ type: 'tool_result', toolUseId: 'x', content: [] }] }], maxTokens: 5 }, context())));
    expect(RpcError.is(error) && (error as RpcError).rpcCode).toBe(-32602);
    expect(await script.requests()).toEqual([]);
  });

  it('an endpoint error becomes an internal error (-32603) with the endpoint’s message and status', async () => {
    const { sampling } = await setup([{ status: 429, error: 'Rate limit reached' }]);
    const error = (await rejection(lastValueFrom(sampling({ messages: [{ role: 'user', content: { type: 'text', text: 'x' } }], maxTokens: 5 }, context())))) as RpcError;
    expect(RpcError.is(error)).toBeTrue();
    expect(error.rpcCode).toBe(-32603);
    expect(error.message).toBe('Sampling failed: The model endpoint answered HTTP 429: Rate limit reached');
    expect(error.data).toEqual({ status: 429 });
  });

  it('aborting the handler context’s signal aborts the HTTP request', async () => {
    const { script, sampling } = await setup([{ hang: true }]);
    const controller = new AbortController();
    const pending = rejection(lastValueFrom(sampling({ messages: [{ role: 'user', content: { type: 'text', text: 'x' } }], maxTokens: 5 }, context(controller.signal))));
    expect(await eventually(async () => (await script.requests()).length === 1, 3000, 20)).toBeTrue();
    controller.abort();
    expect(McpAbortError.is(await pending)).toBeTrue();
    expect(await eventually(async () => (await script.requests())[0]?.aborted === true, 3000, 20)).toBeTrue();
  });
});
