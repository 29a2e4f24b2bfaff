// #region guide
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const client = new Client({ name: 'my-app', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: 'node', args: ['server.js'] }));
const { tools } = await client.listTools();
const result = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
// #endregion
export { tools, result };
