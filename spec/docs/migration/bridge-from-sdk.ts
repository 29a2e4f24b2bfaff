// #region guide
import { createClient } from 'rxmcp';
import { fromSdkTransport } from 'rxmcp/session';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

// Your own SDK transport, or one of the SDK's: a factory lets the client reconnect (an SDK transport opens once).
const client = createClient(fromSdkTransport(() => new StdioClientTransport({ command: 'node', args: ['server.js'] })));
// #endregion
export { client };
