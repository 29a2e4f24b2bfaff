import {
  type CallToolResult,
  inputRequired,
  inputResponse,
  type InputRequiredResult,
  type McpServer,
  type RegisteredTool,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { ExampleWorld } from './state.js';
import { registerVolumeTools } from './volume-tools.js';

type ToolResult = CallToolResult | InputRequiredResult;

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** Logs one info message for a tool call; logging is best effort and never fails the call. */
async function logCall(ctx: ServerContext, tool: string, detail: unknown): Promise<void> {
  try {
    await ctx.mcpReq.log('info', { tool, arguments: detail }, 'example-server');
  } catch {
    // a client that cannot receive the log message still gets the tool result
  }
}

function registerAdd(server: McpServer): void {
  server.registerTool(
    'add',
    {
      title: 'Add',
      description: 'Adds two numbers and returns their sum as structured content.',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      outputSchema: z.object({ sum: z.number() }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async ({ a, b }, ctx) => {
      await logCall(ctx, 'add', { a, b });
      const sum = a + b;
      return { content: [{ type: 'text', text: String(sum) }], structuredContent: { sum } };
    },
  );
}

const reasonOf = (signal: AbortSignal): string => {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason.message : String(reason ?? 'aborted');
};

function registerCountdown(server: McpServer, state: ExampleWorld): void {
  server.registerTool(
    'countdown',
    {
      title: 'Countdown',
      description: 'Counts down from `from` to zero, reporting progress at each step.',
      inputSchema: z.object({ from: z.number().int().min(0).max(100), delayMs: z.optional(z.number().int().min(0).max(5000)) }),
    },
    async ({ from, delayMs }, ctx) => {
      await logCall(ctx, 'countdown', { from, delayMs });
      const progressToken = ctx.mcpReq._meta?.progressToken;
      try {
        for (let step = 1; step <= from; step += 1) {
          await sleep(delayMs ?? 10, ctx.mcpReq.signal);
          if (progressToken !== undefined) {
            await ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken, progress: step, total: from, message: `${from - step} left` },
            });
          }
        }
      } catch (error) {
        if (ctx.mcpReq.signal.aborted) state.record({ kind: 'cancelled', tool: 'countdown', reason: reasonOf(ctx.mcpReq.signal) });
        throw error;
      }
      return text(`Liftoff after ${from} steps`);
    },
  );
}

const GREET_KEY = 'name';

function registerGreet(server: McpServer, state: ExampleWorld): void {
  server.registerTool(
    'greet',
    { title: 'Greet', description: 'Asks the user for a name (elicitation) and greets them.' },
    async (ctx): Promise<ToolResult> => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, GREET_KEY);
      if (answer.kind === 'missing') {
        await logCall(ctx, 'greet', {});
        return inputRequired({
          inputRequests: {
            [GREET_KEY]: inputRequired.elicit({
              mode: 'form',
              message: 'Who should be greeted?',
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string', title: 'Name', description: 'The name to greet', default: 'world' } },
                required: ['name'],
              },
            }),
          },
        });
      }
      if (answer.kind === 'elicit') {
        state.record({ kind: 'elicitation', tool: 'greet', action: answer.action, ...(answer.content ? { content: answer.content } : {}) });
      }
      if (answer.kind === 'elicit' && answer.action === 'accept' && typeof answer.content?.['name'] === 'string') {
        return text(`Hello, ${answer.content['name']}!`);
      }
      return text(answer.kind === 'elicit' ? `No greeting: the user chose ${answer.action}` : 'No greeting: unexpected answer');
    },
  );
}

const SUMMARY_KEY = 'summary';

function registerSummarize(server: McpServer): void {
  server.registerTool(
    'summarize',
    {
      title: 'Summarize',
      description: 'Asks the client to summarize a text with its language model (sampling).',
      inputSchema: z.object({ text: z.string() }),
    },
    async ({ text: input }, ctx): Promise<ToolResult> => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, SUMMARY_KEY);
      if (answer.kind === 'missing') {
        await logCall(ctx, 'summarize', { text: input });
        return inputRequired({
          inputRequests: {
            [SUMMARY_KEY]: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `Summarize in one sentence:\n\n${input}` } }],
              systemPrompt: 'You are a concise summarizer.',
              maxTokens: 200,
            }),
          },
        });
      }
      if (answer.kind !== 'sampling') return { ...text('No summary: unexpected answer'), isError: true };
      const blocks = Array.isArray(answer.result.content) ? answer.result.content : [answer.result.content];
      const summary = blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
      return text(`Summary (${answer.result.model}): ${summary}`);
    },
  );
}

function registerBonus(server: McpServer): RegisteredTool {
  const config = { title: 'Bonus', description: 'An extra tool that toggle_tool adds and removes.' };
  return server.registerTool('bonus', config, async (ctx) => {
    await logCall(ctx, 'bonus', {});
    return text('Bonus!');
  });
}

/**
 * Keeps the `bonus` tool of one server instance in line with the shared state. Registering and removing a tool on a
 * connected instance makes the package emit `notifications/tools/list_changed` on that instance's connection.
 */
export function bonusSync(server: McpServer, state: ExampleWorld): () => void {
  let bonus: RegisteredTool | undefined;
  const sync = (): void => {
    if (state.bonusEnabled && bonus === undefined) bonus = registerBonus(server);
    if (!state.bonusEnabled && bonus !== undefined) {
      bonus.remove();
      bonus = undefined;
    }
  };
  sync();
  return sync;
}

function registerStateTools(server: McpServer, state: ExampleWorld): void {
  server.registerTool(
    'toggle_tool',
    { title: 'Toggle tool', description: 'Adds the tool `bonus` if it is absent, removes it otherwise.' },
    async (ctx) => {
      await logCall(ctx, 'toggle_tool', {});
      return text(state.toggleBonus() ? 'bonus tool added' : 'bonus tool removed');
    },
  );
  server.registerTool(
    'bump',
    { title: 'Bump', description: 'Increments the counter behind the resource example://counter.' },
    async (ctx) => {
      await logCall(ctx, 'bump', {});
      return text(`counter is now ${state.bump()}`);
    },
  );
}

/**
 * Registers the example tools: add, countdown, greet, summarize, toggle_tool, bump, big_result, flood (and bonus when
 * enabled).
 */
export function registerExampleTools(server: McpServer, state: ExampleWorld): () => void {
  registerAdd(server);
  registerCountdown(server, state);
  registerGreet(server, state);
  registerSummarize(server);
  registerStateTools(server, state);
  registerVolumeTools(server);
  return bonusSync(server, state);
}
