// #region guide
import { createClient, fromSdkTransport } from 'rxmcp';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

// Your own SDK transport, or one of the SDK's: a factory lets the client reconnect (an SDK transport opens once).
const client = createClient(fromSdkTransport(() => new StdioClientTransport({ command: 'node', args: ['server.js'] })));
// #endregion
export { client };
