// #region guide
import { createClient } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const client = createClient(stdio({ command: 'node', args: ['server.js'] }), {
  clientInfo: { name: 'my-app', version: '1.0.0' },
});
client.listTools().subscribe((tools) => console.log(tools.map((tool) => tool.name)));
client.callTool('add', { a: 1, b: 2 }).subscribe((result) => console.log(result.content));
// #endregion
