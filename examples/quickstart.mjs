import { firstValueFrom } from 'rxjs';
import { createClient } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const client = createClient(stdio({ command: 'npx', args: ['@modelcontextprotocol/server-everything'] }));
const tools = await firstValueFrom(client.listTools());
console.log(tools.map((tool) => tool.name).join(', '));
const result = await firstValueFrom(client.callTool('echo', { message: 'hello' }));
console.log(result.content); // [ { type: 'text', text: 'Echo: hello' } ]
client.close();
