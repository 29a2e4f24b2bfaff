// #region guide
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { streamableHttp } from 'rxmcp';
import { toSdkTransport } from 'rxmcp/session';

// The SDK's client over rxmcp's Streamable HTTP transport (reconnecting event stream, OAuth, header rules).
const client = new Client({ name: 'my-app', version: '1.0.0' });
await client.connect(toSdkTransport(streamableHttp('https://mcp.example.com/mcp')));
// #endregion
