// runAgent over the three provider APIs (OpenAI Chat Completions, OpenAI Responses, Anthropic Messages), each
// streamed and not, against the scripted model server (their wire formats, event streams included) and a real MCP
// server over Streamable HTTP.
import { EMPTY, filter, firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { createClient, streamableHttp, type Client } from '../../src/index.js';
import { ModelEndpointError, openAiChatModel, runAgent, type AgentRunEvent, type ModelProvider } from '../../src/agent/index.js';
import { APIS } from '../helpers/model-apis.js';
import { routeUrl, serverLog, streamableHttpFixtures, uniqueTag, waitForLog } from '../helpers/http-server-urls.js';
import { scriptModel, type ScriptedApi } from '../helpers/model-server-urls.js';
import { eventually } from '../helpers/until.js';

/** What each API sends back for the echo call `c1` that answered `hello`: the model's call and the result. */
const ECHO_ROUND: Readonly<Record<ScriptedApi, readonly Record<string, unknown>[]>> = {
  chat: [
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{"text":"hello"}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'hello' },
  ],
  responses: [
    { id: 'fc_c1', type: 'function_call', status: 'completed', call_id: 'c1', name: 'echo', arguments: '{"text":"hello"}' },
    { type: 'function_call_output', call_id: 'c1', output: 'hello' },
  ],
  anthropic: [
    { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'echo', input: { text: 'hello' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'text', text: 'hello' }] }] },
  ],
};

const typesOf = (events: readonly AgentRunEvent[]) => events.map((event) => event.type).filter((type) => type !== 'text-delta' && type !== 'usage');

describe('runAgent over each provider API (scripted model, real MCP server over HTTP)', () => {
  let client: Client;
  let base: string;

  beforeEach(async () => {
    base = (await streamableHttpFixtures()).base;
    client = createClient(streamableHttp(routeUrl(base, 'modern')), { timeout: { firstMs: 10_000 } });
  });

  afterEach(() => client.close());

  for (const api of APIS) {
    for (const stream of [true, false]) {
      const mode = stream ? 'streamed' : 'not streamed';
      describe(`${api.label}, ${mode}`, () => {
        it('model → tool call → result → answer: text deltas, usage, credentials, the result in the provider format in the next request', async () => {
          const script = await scriptModel([
            { toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hello' } }], usage: { input: 20, output: 5 } },
            { content: 'The server said hello.', usage: { input: 30, output: 6 } },
          ]);
          const events = await lastValueFrom(runAgent({ source: client, model: api.make(script.baseUrl, stream), system: 'You use tools.', prompt: 'Echo hello' }).pipe(toArray()));
          expect(typesOf(events)).toEqual(['turn-started', 'tool-call', 'tool-result', 'turn-ended', 'turn-started', 'turn-ended', 'done']);
          const deltas = events.filter((event) => event.type === 'text-delta').map((event) => event.text);
          expect(deltas.join('')).toBe('The server said hello.');
          expect(deltas.length).toBe(stream ? 4 : 1);
          const done = events.at(-1) as Extract<AgentRunEvent, { type: 'done' }>;
          expect(done).toEqual(jasmine.objectContaining({ text: 'The server said hello.', reason: 'stop', usage: { inputTokens: 50, outputTokens: 11 } }));
          expect(events.find((event) => event.type === 'tool-result')).toEqual(jasmine.objectContaining({ callId: 'c1', tool: 'echo', outcome: 'result' }));
          const requests = await script.requests();
          expect(requests.map((request) => [request.api, request.body.stream === true])).toEqual([[api.wire, stream], [api.wire, stream]]);
          expect(requests[0]).toEqual(jasmine.objectContaining(api.headers));
          expect(api.toolNames(requests[0]!)).toEqual(jasmine.arrayContaining(['echo', 'slow', 'progress']));
          expect(api.conversation(requests[1]!).slice(-2)).toEqual([...ECHO_ROUND[api.wire]]);
          expect(done.messages.slice(-3, -1)).toEqual([...ECHO_ROUND[api.wire]]);
          expect(done.messages.length).toBe(4);
        });

        it('a failing model endpoint: an error event, then ModelEndpointError with the status and the endpoint’s message', async () => {
          const script = await scriptModel([{ status: 429, error: 'slow down' }]);
          const seen: AgentRunEvent[] = [];
          const error = await new Promise<unknown>((resolve) => {
            runAgent({ source: client, model: api.make(script.baseUrl, stream), prompt: 'go' }).subscribe({ next: (event) => seen.push(event), error: resolve, complete: () => resolve(undefined) });
          });
          expect(ModelEndpointError.is(error)).toBeTrue();
          expect((error as ModelEndpointError).status).toBe(429);
          expect((error as Error).message).toBe('The model endpoint answered HTTP 429: slow down');
          expect(seen.map((event) => event.type)).toEqual(['turn-started', 'error']);
          expect(seen[1]).toEqual({ type: 'error', turn: 1, error });
        });

        it('unsubscribing before the model has answered aborts the model request', async () => {
          const script = await scriptModel([{ hang: true, content: 'a partial answer that never ends' }]);
          const run = runAgent({ source: client, model: api.make(script.baseUrl, stream), prompt: 'go' });
          const first = stream ? firstValueFrom(run.pipe(filter((event) => event.type === 'text-delta'))) : undefined;
          const subscription = stream ? undefined : run.subscribe();
          if (first !== undefined) expect((await first).type).toBe('text-delta');
          else expect(await eventually(async () => (await script.requests()).length === 1, 3000, 20)).toBeTrue();
          subscription?.unsubscribe();
          // Chromium may close a cancelled response's connection seconds after the abort (once after more than 3 s in
          // a CI run), so the server learns of it late.
          expect(await eventually(async () => (await script.requests())[0]?.aborted === true, 10_000, 20)).toBeTrue();
        }, 15_000);
      });
    }
  }

  for (const api of APIS) {
    it(`${api.label}: an error event mid-stream fails the run with ModelEndpointError and the provider's message, after the text so far`, async () => {
      const script = await scriptModel([{ content: 'one two three four five six', failMidStream: 'Overloaded right now' }]);
      const seen: AgentRunEvent[] = [];
      const error = await new Promise<unknown>((resolve) => {
        runAgent({ source: client, model: api.make(script.baseUrl, true), prompt: 'go' }).subscribe({ next: (event) => seen.push(event), error: resolve, complete: () => resolve(undefined) });
      });
      expect(ModelEndpointError.is(error)).withContext(String(error)).toBeTrue();
      expect((error as Error).message).toBe('The model endpoint failed: Overloaded right now');
      expect(seen.some((event) => event.type === 'text-delta')).toBeTrue();
      expect(seen.map((event) => event.type).filter((type) => type !== 'text-delta' && type !== 'usage')).toEqual(['turn-started', 'error']);
    });

    it(`${api.label}: a stream that ends before the answer does fails the run with ModelEndpointError`, async () => {
      const script = await scriptModel([{ content: 'one two three four five six', cutMidStream: true }]);
      const error = await lastValueFrom(runAgent({ source: client, model: api.make(script.baseUrl, true), prompt: 'go' })).then(() => undefined, (failure: unknown) => failure);
      expect(ModelEndpointError.is(error)).withContext(String(error)).toBeTrue();
      expect((error as Error).message).toMatch(/^The model endpoint answered something that is not .*\(the stream ended before/);
    });
  }

  it('reports a tool call’s progress; a made-up tool and arguments that are not JSON are told to the model as errors', async () => {
    const script = await scriptModel([
      { toolCalls: [{ id: 'p1', name: 'progress', arguments: { steps: 3 } }, { id: 'x1', name: 'nope', arguments: {} }, { id: 'e1', name: 'echo', arguments: '{"text":' }] },
      { content: 'ok' },
    ]);
    const events = await lastValueFrom(runAgent({ source: client, model: openAiChatModel({ baseUrl: script.baseUrl, model: 'm' }), prompt: 'go' }).pipe(toArray()));
    expect(events.flatMap((event) => (event.type === 'tool-progress' ? [`${event.callId} ${event.progress}/${event.total}`] : []))).toEqual(['p1 1/3', 'p1 2/3', 'p1 3/3']);
    const told = (await script.requests())[1]?.body.messages.slice(-3);
    expect(told).toEqual([
      { role: 'tool', tool_call_id: 'p1', content: '3 steps' },
      { role: 'tool', tool_call_id: 'x1', content: 'Error: The tool call failed: There is no tool named nope' },
      { role: 'tool', tool_call_id: 'e1', content: 'Error: The tool call failed: echo: the arguments are not valid JSON' },
    ]);
  });

  it('maxTurns ends the run with reason max-turns, without running the calls of the last answer', async () => {
    const tag = uniqueTag('run-max');
    const script = await scriptModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'a' } }] }, { toolCalls: [{ name: 'slow', arguments: { tag, ms: 10 } }] }]);
    const events = await lastValueFrom(runAgent({ source: client, model: openAiChatModel({ baseUrl: script.baseUrl, model: 'm' }), prompt: 'go', maxTurns: 2 }).pipe(toArray()));
    expect(events.at(-1)).toEqual(jasmine.objectContaining({ type: 'done', turn: 2, reason: 'max-turns' }));
    expect(events.filter((event) => event.type === 'tool-call').length).toBe(1);
    expect(await serverLog(base, tag)).toEqual([]);
  });

  it('a provider of its own plugs in by the ModelProvider shape; one whose turn ends without a reply fails the run with ModelEndpointError', async () => {
    const silent: ModelProvider<string> = {
      api: 'openai-chat', model: 'none', start: (prompt) => [prompt], tool: (entry) => entry.name, toolResults: () => [], turn: () => EMPTY,
    };
    const error = await lastValueFrom(runAgent({ source: client, model: silent, prompt: 'go' })).then(() => undefined, (failure: unknown) => failure);
    expect(ModelEndpointError.is(error)).withContext(String(error)).toBeTrue();
    expect((error as Error).message).toBe('The model request ended without an answer');
  });

  it('the tool calls of one answer run side by side, and unsubscribing cancels every one in flight on the server', async () => {
    const [a, b] = [uniqueTag('run-a'), uniqueTag('run-b')];
    const script = await scriptModel([{ toolCalls: [{ name: 'slow', arguments: { tag: a, ms: 10_000 } }, { name: 'slow', arguments: { tag: b, ms: 10_000 } }] }, { content: 'never' }]);
    const subscription = runAgent({ source: client, model: openAiChatModel({ baseUrl: script.baseUrl, model: 'm' }), prompt: 'wait twice' }).subscribe();
    expect(await waitForLog(base, a, 'tool-started')).toBeDefined();
    expect(await waitForLog(base, b, 'tool-started')).toBeDefined();
    subscription.unsubscribe();
    expect(await waitForLog(base, a, 'tool-aborted')).toBeDefined();
    expect(await waitForLog(base, b, 'tool-aborted')).toBeDefined();
    expect((await script.requests()).length).toBe(1);
  });
});

describe('runAgent cancelled mid-turn, on a 2025 server with sessions (real MCP server over HTTP)', () => {
  let client: Client;
  let base: string;

  beforeEach(async () => {
    base = (await streamableHttpFixtures()).base;
    client = createClient(streamableHttp(routeUrl(base, 'sessions')), { timeout: { firstMs: 10_000 } });
  });

  afterEach(() => client.close());

  for (const api of APIS) {
    it(`${api.label}: unsubscribing during a tool call sends notifications/cancelled, and the server aborts the call`, async () => {
      const tag = uniqueTag('run-cancel');
      const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'slow', arguments: { tag, ms: 10_000 } }] }, { content: 'never' }]);
      const cancelled: unknown[] = [];
      const frames = client.session.frames$.subscribe((event) => {
        const message = event.frame.message as { method?: string; params?: unknown };
        if (event.direction === 'out' && message.method === 'notifications/cancelled') cancelled.push(message.params);
      });
      const types: string[] = [];
      const subscription = runAgent({ source: client, model: api.make(script.baseUrl, true), prompt: 'wait' }).subscribe((event) => types.push(event.type));
      expect(await waitForLog(base, tag, 'tool-started')).toBeDefined();
      expect(types.filter((type) => type !== 'usage')).toEqual(['turn-started', 'tool-call']);
      subscription.unsubscribe();
      expect(await waitForLog(base, tag, 'tool-aborted')).toBeDefined();
      frames.unsubscribe();
      expect(cancelled).toEqual([jasmine.objectContaining({ requestId: jasmine.any(Number) })]);
      expect((await script.requests()).length).toBe(1);
    });
  }
});
