// A scripted model for `npm run agent` when no model is configured: an OpenAI-compatible Chat Completions endpoint on
// 127.0.0.1 (a free port) that follows a fixed plan, reading the conversation it is sent: add 17 and 25, make the
// `bonus` tool appear with toggle_tool, call bonus once it is offered, then answer with what the tools said. It
// streams like a real endpoint (`chat.completion.chunk` events, word by word, then `[DONE]`) when asked to.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Message {
  readonly role: string;
  readonly content?: string | null;
  readonly tool_calls?: readonly { readonly function: { readonly name: string } }[];
  readonly tool_call_id?: string;
}

interface Request {
  readonly model: string;
  readonly messages: readonly Message[];
  readonly tools?: readonly { readonly function: { readonly name: string } }[];
  readonly stream?: boolean;
  readonly stream_options?: { readonly include_usage?: boolean };
}

type Step = { readonly call: string; readonly args: Record<string, unknown> } | { readonly text: string };

/** The next step of the plan, from what the conversation shows. */
function nextStep(request: Request): Step {
  const called = request.messages.flatMap((message) => (message.tool_calls ?? []).map((call) => call.function.name));
  const results = request.messages.filter((message) => message.role === 'tool').map((message) => message.content ?? '');
  const offered = (request.tools ?? []).map((tool) => tool.function.name);
  if (!called.includes('add')) return { call: 'add', args: { a: 17, b: 25 } };
  if (!called.includes('toggle_tool')) return { call: 'toggle_tool', args: {} };
  if (!called.includes('bonus') && offered.includes('bonus')) return { call: 'bonus', args: {} };
  const sum = (results[0] ?? '?').split('\n')[0];
  const bonus = called.includes('bonus') ? `, and the bonus tool that appeared said ${results.at(-1) ?? '?'}` : '';
  return { text: `17 + 25 = ${sum}${bonus}` };
}

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stream(res: ServerResponse, model: string, step: Step, n: number, usage: ReturnType<typeof usageOf> | undefined): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk(model, { role: 'assistant', content: '' }));
  if ('text' in step) {
    for (const word of step.text.match(/\S+\s*/g) ?? []) {
      await pause(40);
      res.write(chunk(model, { content: word }));
    }
  } else {
    res.write(chunk(model, { tool_calls: [{ index: 0, id: `call_${n}`, type: 'function', function: { name: step.call, arguments: JSON.stringify(step.args) } }] }));
  }
  res.write(chunk(model, {}, 'text' in step ? 'stop' : 'tool_calls'));
  if (usage !== undefined) res.write(`data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 0, model, choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

/** Token counts as a real endpoint would roughly report them: about four characters a token. */
function usageOf(request: Request, step: Step): { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
  const prompt = Math.ceil(JSON.stringify(request.messages).length / 4);
  const completion = Math.ceil(JSON.stringify(step).length / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function whole(res: ServerResponse, model: string, step: Step, n: number, usage: ReturnType<typeof usageOf>): void {
  const message = 'text' in step
    ? { role: 'assistant', content: step.text }
    : { role: 'assistant', content: null, tool_calls: [{ id: `call_${n}`, type: 'function', function: { name: step.call, arguments: JSON.stringify(step.args) } }] };
  const body = { id: 'chatcmpl-scripted', object: 'chat.completion', created: 0, model, choices: [{ index: 0, message, finish_reason: 'text' in step ? 'stop' : 'tool_calls' }], usage };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function answer(req: IncomingMessage, res: ServerResponse, counter: { n: number }): Promise<void> {
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Only POST /v1/chat/completions is here' } }));
    return;
  }
  const chunks: Buffer[] = [];
  for await (const part of req) chunks.push(part as Buffer);
  const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Request;
  counter.n += 1;
  const step = nextStep(request);
  const usage = usageOf(request, step);
  if (request.stream === true) await stream(res, request.model, step, counter.n, request.stream_options?.include_usage === true ? usage : undefined);
  else whole(res, request.model, step, counter.n, usage);
}

/** Starts the scripted model on 127.0.0.1; its `baseUrl` is OpenAI-compatible. */
export async function startScriptedModel(): Promise<{ readonly baseUrl: string; readonly server: Server }> {
  const counter = { n: 0 };
  const server = createServer((req, res) => {
    answer(req, res, counter).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}
