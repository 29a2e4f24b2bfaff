// #region guide
import { createClient, toAsyncClient } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const mcp = toAsyncClient(createClient(stdio({ command: 'node', args: ['server.js'] })));
const tools = await mcp.listTools();                          // every page, as one list
const result = await mcp.callTool('add', { a: 1, b: 2 });      // the same result shape as the SDK's
mcp.close();
// #endregion
export { tools, result };
