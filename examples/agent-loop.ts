// An agent loop, streamed to the terminal: `npm run agent -- "<task>"`.
// The model comes from the environment (OPENAI_* for OpenAI or any OpenAI-compatible server, ANTHROPIC_* for
// Anthropic; `npm run agent -- --help` lists them), and with nothing set a scripted model on 127.0.0.1 plays it. The
// tools come from the bundled example server over stdio; its list is live (toggle_tool adds and removes `bonus`
// mid-run, and the next turn offers the list as it is). Read-only tools run at once; any other call is put to you on
// the terminal (AGENT_APPROVE=all approves everything when there is no terminal, AGENT_APPROVE=none denies; with the
// scripted model and no terminal, everything is approved). Ctrl-C cancels the model request and every tool call in
// flight on the wire.
import { createInterface } from 'node:readline/promises';
import { distinctUntilChanged, filter, map, skip } from 'rxjs';
import { createClient, unlessReadOnly } from 'rxmcp';
import { runAgent, type AgentRunEvent } from 'rxmcp/agent';
import { stdio } from 'rxmcp/node';
import { ENVIRONMENT_HELP, modelFromEnv } from './agent/model-from-env.js';

const DEFAULT_TASK = 'Add 17 and 25. Then make the bonus tool appear with toggle_tool and call it. Say what you did.';
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(`usage: npm run agent -- "<task>"\n\n${ENVIRONMENT_HELP}`);
  process.exit(0);
}

const model = await modelFromEnv(process.env);
const task = args.join(' ').trim() || DEFAULT_TASK;
const terminal = process.stdin.isTTY === true;
const policy = process.env['AGENT_APPROVE'] ?? (model.scripted ? 'all' : undefined);
console.log(`model: ${model.label}\ntask: ${task}\n`);

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
// and any other. The server's sampling requests go to the same model.
const client = createClient(stdio({ command: process.execPath, args: ['--import', 'tsx', 'examples/server/example-server.ts'] }), {
  clientInfo: { name: 'rxmcp-agent-example', version: '1.0.0' },
  trustToolAnnotations: true,
  approveToolCall: unlessReadOnly((call) => ask(`Run ${call.name} ${JSON.stringify(call.arguments)}?`)),
  handlers: {
    elicitation: (params) => (console.log(`  ← the server asks: "${params.message}" → the form's defaults`), { action: 'accept', content: {} }),
    sampling: model.sampling((params) => ask(`The server wants the model to answer ${params.messages.length} message(s). Allow?`)),
  },
});

let speaking = false;
const line = (text: string): void => {
  if (speaking) process.stdout.write('\n');
  speaking = false;
  console.log(text);
};

const show = (event: AgentRunEvent): void => {
  switch (event.type) {
    case 'turn-started':
      return line(`→ model (turn ${event.turn}, ${event.tools.length} tools)`);
    case 'text-delta':
      if (!speaking) process.stdout.write('  model: ');
      speaking = true;
      process.stdout.write(event.text);
      return;
    case 'tool-call':
      return line(`→ ${event.tool} ${JSON.stringify(event.arguments)}`);
    case 'tool-progress':
      return line(`  ${event.progress}/${event.total ?? '?'}${event.message === undefined ? '' : ` ${event.message}`}`);
    case 'input-requested':
      return line(`  ${event.tool} needs input: ${Object.keys(event.inputRequests).join(', ')}`);
    case 'tool-result': {
      const text = event.output.parts.find((part) => part.type === 'text')?.text ?? '';
      return line(`← ${event.tool} (${event.outcome}): ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`);
    }
    case 'error':
      return line(`model request failed: ${event.error instanceof Error ? event.error.message : String(event.error)}`);
    case 'done': {
      const { inputTokens, outputTokens } = event.usage;
      const tokens = inputTokens === undefined && outputTokens === undefined ? '' : `, tokens ${inputTokens ?? '?'} in / ${outputTokens ?? '?'} out`;
      return line(`\ndone (${event.reason}, ${event.turn} turns${tokens})`);
    }
    default:
      return undefined;
  }
};

client.tools$.pipe(map((tools) => tools.map((tool) => tool.name).join(', ')), distinctUntilChanged(), skip(1))
  .subscribe((names) => line(`  (the tool list changed: ${names})`));
let cancelling = false;
client.session.frames$.pipe(filter((event) => cancelling && event.direction === 'out' && 'method' in event.frame.message && event.frame.message.method === 'notifications/cancelled'))
  .subscribe((event) => line(`→ ${JSON.stringify(event.frame.message)}`));

const run = runAgent({
  source: client,
  model: model.provider,
  system: 'You are an agent. Use the tools to do the task; the tool list may change while you work. Answer briefly.',
  prompt: task,
  output: { maxTextChars: 8000 },
}).subscribe({
  next: show,
  error: () => {
    process.exitCode = 1;
    client.close();
  },
  complete: () => client.close(),
});

process.once('SIGINT', () => {
  line('\ncancelling…');
  cancelling = true;
  run.unsubscribe();
  process.exitCode = 130;
  // Let the cancellation reach the server before the connection closes.
  setTimeout(() => client.close(), 100);
});
