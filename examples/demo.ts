// npm start: rxmcp against the bundled example server (examples/server), over stdio.
// Shows negotiation, the server's catalogs, a tool call with live progress, and the server asking the client for
// input (elicitation and sampling) answered by handlers: JSON-RPC requests on older revisions, input rounds on
// 2026-07-28. Pass --legacy to make the client speak the 2025 revisions.
import { concat, defer, lastValueFrom, tap } from 'rxjs';
import { createClient, type CallToolResult } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const legacy = process.argv.includes('--legacy');
const server = stdio({ command: process.execPath, args: ['--import', 'tsx', 'examples/server/example-server.ts'] });
const client = createClient(server, {
  clientInfo: { name: 'rxmcp-demo', version: '0.1.0' },
  protocol: legacy ? 'legacy' : 'auto',
  handlers: {
    elicitation: (params) => {
      console.log(`  ← the server asks: "${params.message}" → answering with the form's defaults`);
      return { action: 'accept', content: {} };
    },
    sampling: (params) => {
      console.log(`  ← the server asks the client's model (${params.messages.length} message(s)) → answering`);
      return { role: 'assistant', content: { type: 'text', text: 'MCP lets models use tools and data.' }, model: 'demo-model' };
    },
  },
});

const text = (result: CallToolResult) => result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ');

const demo$ = concat(
  client.connect().pipe(
    tap((s) => console.log(`connected to ${s.serverInfo?.name} ${s.serverInfo?.version} over MCP ${s.protocolVersion} (${s.era} era)`)),
  ),
  client.listTools().pipe(tap((tools) => console.log(`tools: ${tools.map((t) => t.name).join(', ')}`))),
  client.listResources().pipe(tap((resources) => console.log(`resources: ${resources.map((r) => r.uri).join(', ')}`))),
  client.listPrompts().pipe(tap((prompts) => console.log(`prompts: ${prompts.map((p) => p.name).join(', ')}`))),
  defer(() => (console.log('calling countdown…'), client.callToolEvents('countdown', { from: 3, delayMs: 150 }))).pipe(
    tap((event) => {
      if (event.type === 'progress') console.log(`  progress ${event.progress}/${event.total ?? '?'}${event.message ? `: ${event.message}` : ''}`);
      if (event.type === 'result') console.log(`  result: ${text(event.result)}`);
    }),
  ),
  defer(() => (console.log('calling greet…'), client.callTool('greet'))).pipe(tap((result) => console.log(`  result: ${text(result)}`))),
  defer(() => (console.log('calling summarize…'), client.callTool('summarize', { text: 'The Model Context Protocol connects models to tools.' }))).pipe(
    tap((result) => console.log(`  result: ${text(result)}`)),
  ),
);

lastValueFrom(demo$, { defaultValue: undefined })
  .catch((error: unknown) => {
    console.error('demo failed:', error);
    process.exitCode = 1;
  })
  .finally(() => client.close());
