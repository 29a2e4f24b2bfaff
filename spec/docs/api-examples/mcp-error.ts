import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
import { McpError, RequestTimeoutError, RpcError } from 'rxmcp';

client.callTool('search', { query: 'rxjs' }).subscribe({
  error: (error: unknown) => {
    if (RequestTimeoutError.is(error)) console.log('no answer in time');
    else if (RpcError.is(error)) console.log(`the server refused: ${error.rpcCode} ${error.message}`);
    else if (McpError.is(error)) console.log(`${error.code}: ${error.message}`);
  },
});
// #endregion
