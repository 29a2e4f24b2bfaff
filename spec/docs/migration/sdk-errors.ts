import { Client } from '@modelcontextprotocol/sdk/client/index.js';
declare const client: Client;
// #region guide
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

try {
  await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } }, undefined, { timeout: 30_000 });
} catch (error) {
  if (error instanceof McpError && error.code === ErrorCode.MethodNotFound) console.log('no tools here');
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) console.log('too slow');
}
// #endregion
