// An agent loop with async/await: list the tools, call them, answer the server's questions.
// Run: npx tsx examples/agent-loop.ts
import { firstValueFrom } from 'rxjs';
import { createClient, toAsyncClient, type CallToolResult } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const transport = stdio({ command: process.execPath, args: ['--import', 'tsx', 'examples/server/example-server.ts'] });
const client = createClient(transport, {
  clientInfo: { name: 'agent-loop-example', version: '1.0.0' },
  handlers: {
    // A real agent would show this to a person; the example accepts with the form's defaults.
    elicitation: () => ({ action: 'accept', content: {} }),
    // A real agent would run its model here, with the user's approval.
    sampling: (params) => ({ role: 'assistant', content: { type: 'text', text: `(${params.messages.length} messages summarised)` }, model: 'example' }),
  },
});
const mcp = toAsyncClient(client);

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ');
}

async function main(): Promise<void> {
  const server = await mcp.connect();
  console.log(`connected: ${server.serverInfo?.name ?? 'server'} over MCP ${server.protocolVersion}`);
  const plan: [string, Record<string, unknown>][] = [
    ['add', { a: 2, b: 3 }],
    ['countdown', { from: 3, delayMs: 50 }],
    ['greet', {}],
  ];
  for (const [name, args] of plan) {
    // The live tool list: replayed at once, refreshed by the client whenever the server announces a change.
    const tools = await firstValueFrom(client.tools$);
    if (!tools.some((tool) => tool.name === name)) continue;
    const result = await mcp.callTool(name, args, {
      signal: AbortSignal.timeout(30_000),
      onProgress: (p) => console.log(`  ${name}: ${p.progress}/${p.total ?? '?'}`),
    });
    console.log(`${name} → ${text(result)}`);
  }
  mcp.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
