import { createClient, toAsyncClient } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const mcp = toAsyncClient(createClient(stdio({ command: 'npx', args: ['@modelcontextprotocol/server-everything'] })));
const tools = await mcp.listTools();
console.log(tools.map((tool) => tool.name).join(', '));
const result = await mcp.callTool('echo', { message: 'hello' }, { signal: AbortSignal.timeout(10_000) });
console.log(result.content); // [ { type: 'text', text: 'Echo: hello' } ]
mcp.close();
