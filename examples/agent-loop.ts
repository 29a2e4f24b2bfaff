// An agent loop against a real model: `npm run agent -- "<task>"`.
// The model is any OpenAI-compatible Chat Completions server: OPENAI_BASE_URL (e.g. https://api.openai.com/v1 or
// http://127.0.0.1:11434/v1), OPENAI_MODEL, and OPENAI_API_KEY where the server wants one. The tools come from the
// bundled example server over stdio; its list is live (toggle_tool adds and removes `bonus` mid-run). Read-only
// tools run at once; any other call is put to you on the terminal (AGENT_APPROVE=all approves everything when
// there is no terminal, AGENT_APPROVE=none denies). Ctrl-C cancels the call in flight on the wire.
import { createInterface } from 'node:readline/promises';
import { distinctUntilChanged, filter, map, skip } from 'rxjs';
import { createClient, unlessReadOnly } from 'rxmcp';
import { agentLoop, openAiSampling, type AgentEvent } from 'rxmcp/agent';
import { stdio } from 'rxmcp/node';

const { OPENAI_BASE_URL: baseUrl, OPENAI_MODEL: model, OPENAI_API_KEY: apiKey, AGENT_APPROVE: policy } = process.env;
const DEFAULT_TASK = 'Add 17 and 25. Then make the bonus tool appear with toggle_tool and call it. Say what you did.';

if (baseUrl === undefined || baseUrl === '' || model === undefined || model === '') {
  console.log(`usage: npm run agent -- "<task>"

Set the model to use (any OpenAI-compatible Chat Completions server):
  OPENAI_BASE_URL   e.g. https://api.openai.com/v1, or http://127.0.0.1:11434/v1 for a local server
  OPENAI_MODEL      e.g. gpt-4o-mini, llama3.1
  OPENAI_API_KEY    the key, where the server needs one
Optional: AGENT_APPROVE=all|none decides calls of tools that are not read-only when there is no terminal.`);
  process.exit(0);
}

const endpoint = { baseUrl, model, ...(apiKey === undefined ? {} : { apiKey }) };
const task = process.argv.slice(2).join(' ').trim() || DEFAULT_TASK;
const terminal = process.stdin.isTTY === true;

async function ask(question: string): Promise<boolean> {
  if (!terminal) return policy === 'all';
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await readline.question(`${question} [y/N] `)).trim());
  } finally {
    readline.close();
  }
}

// The server is ours (we started it), so its annotations are trusted as hints: read-only tools run at once, every
// other call is put to the user first. The approval lives in the client, so it covers every tool call, the loop's
// and any other; the loop sees the same trusted hints through `client.toolHints$`.
const client = createClient(stdio({ command: process.execPath, args: ['--import', 'tsx', 'examples/server/example-server.ts'] }), {
  clientInfo: { name: 'rxmcp-agent-example', version: '1.0.0' },
  trustToolAnnotations: true,
  approveToolCall: unlessReadOnly((call) => ask(`Run ${call.name} ${JSON.stringify(call.arguments)}?`)),
  handlers: {
    elicitation: (params) => (console.log(`  ← the server asks: "${params.message}" → the form's defaults`), { action: 'accept', content: {} }),
    sampling: openAiSampling({ ...endpoint, approve: (params) => ask(`The server wants the model to answer ${params.messages.length} message(s). Allow?`) }),
  },
});

const show = (event: AgentEvent): void => {
  switch (event.type) {
    case 'model-request':
      return console.log(`→ model (step ${event.step}, ${event.tools.length} tools)`);
    case 'model-reply':
      if (event.message.role === 'assistant' && event.message.content) console.log(`  model: ${event.message.content}`);
      return;
    case 'tool-call':
      return console.log(`→ ${event.tool} ${JSON.stringify(event.arguments)}`);
    case 'tool-progress':
      return console.log(`  ${event.progress}/${event.total ?? '?'}${event.message === undefined ? '' : ` ${event.message}`}`);
    case 'tool-result': {
      const text = event.output.parts.find((part) => part.type === 'text')?.text ?? '';
      return console.log(`← ${event.tool} (${event.outcome}): ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`);
    }
    case 'final':
      return console.log(`\nanswer (${event.reason}): ${event.text}`);
  }
};

client.tools$.pipe(map((tools) => tools.map((tool) => tool.name).join(', ')), distinctUntilChanged(), skip(1))
  .subscribe((names) => console.log(`  (the tool list changed: ${names})`));
let cancelling = false;
client.session.frames$.pipe(filter((event) => cancelling && event.direction === 'out' && 'method' in event.frame.message && event.frame.message.method === 'notifications/cancelled'))
  .subscribe((event) => console.log(`→ ${JSON.stringify(event.frame.message)}`));

const run = agentLoop({
  source: client,
  model: endpoint,
  messages: [
    { role: 'system', content: 'You are an agent. Use the tools to do the task; the tool list may change while you work. Answer briefly.' },
    { role: 'user', content: task },
  ],
  output: { maxTextChars: 8000 },
}).subscribe({
  next: show,
  error: (error: unknown) => {
    console.error(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    client.close();
  },
  complete: () => client.close(),
});

process.once('SIGINT', () => {
  console.log('\ncancelling…');
  cancelling = true;
  run.unsubscribe();
  process.exitCode = 130;
  // Let the cancellation reach the server before the connection closes.
  setTimeout(() => client.close(), 100);
});
