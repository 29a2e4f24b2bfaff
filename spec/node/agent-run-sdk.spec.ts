// runAgent through the providers' own SDK clients (`openai`, `@anthropic-ai/sdk`, from npm) instead of fetch,
// streamed and not, against the scripted model server and a real MCP server over Streamable HTTP.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { filter, firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { createClient, streamableHttp, type Client } from '../../src/index.js';
import { anthropicModel, openAiChatModel, openAiResponsesModel, runAgent, type AgentRunEvent, type ModelProvider } from '../../src/agent/index.js';
import { routeUrl, streamableHttpFixtures } from '../helpers/http-server-urls.js';
import { scriptModel, type ScriptedApi } from '../helpers/model-server-urls.js';
import { eventually } from '../helpers/until.js';

const SDKS: readonly (readonly [string, ScriptedApi, (baseURL: string, stream: boolean) => ModelProvider])[] = [
  ['openai chat.completions', 'chat', (baseURL, stream) => openAiChatModel({ client: new OpenAI({ baseURL, apiKey: 'sk-sdk', maxRetries: 0 }), model: 'm', stream })],
  ['openai responses', 'responses', (baseURL, stream) => openAiResponsesModel({ client: new OpenAI({ baseURL, apiKey: 'sk-sdk', maxRetries: 0 }), model: 'm', stream })],
  ['@anthropic-ai/sdk messages', 'anthropic', (baseURL, stream) => anthropicModel({ client: new Anthropic({ baseURL, apiKey: 'sk-sdk', maxRetries: 0 }), model: 'm', stream })],
];

describe('runAgent through the provider SDK clients', () => {
  let client: Client;

  beforeEach(async () => {
    client = createClient(streamableHttp(routeUrl((await streamableHttpFixtures()).base, 'modern')), { timeout: { firstMs: 10_000 } });
  });

  afterEach(() => client.close());

  for (const [label, wire, make] of SDKS) {
    for (const stream of [true, false]) {
      it(`${label}, ${stream ? 'streamed' : 'not streamed'}: a tool call and the answer, through the SDK`, async () => {
        const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hi' } }] }, { content: 'It said hi.' }]);
        const events = await lastValueFrom(runAgent({ source: client, model: make(script.baseUrl, stream), prompt: 'echo hi' }).pipe(toArray()));
        expect(events.filter((event) => event.type === 'text-delta').map((event) => event.text).join('')).toBe('It said hi.');
        expect(events.find((event) => event.type === 'tool-result')).toEqual(jasmine.objectContaining({ callId: 'c1', outcome: 'result' }));
        expect(events.at(-1)).toEqual(jasmine.objectContaining({ type: 'done', text: 'It said hi.', reason: 'stop', usage: { inputTokens: 22, outputTokens: 14 } }));
        const requests = await script.requests();
        expect(requests.map((request) => [request.api, request.body.stream === true])).toEqual([[wire, stream], [wire, stream]]);
      });
    }

    it(`${label}: unsubscribing while the model streams aborts the SDK's request`, async () => {
      const script = await scriptModel([{ hang: true, content: 'a partial answer that never ends' }]);
      const first: AgentRunEvent = await firstValueFrom(runAgent({ source: client, model: make(script.baseUrl, true), prompt: 'go' }).pipe(filter((event) => event.type === 'text-delta')));
      expect(first.type).toBe('text-delta');
      expect(await eventually(async () => (await script.requests())[0]?.aborted === true, 3000, 20)).toBeTrue();
    });
  }
});
