import type { Transport } from 'rxmcp';
declare const transport: Transport;
// #region example
import { createClient, toAsyncClient } from 'rxmcp';

const client = toAsyncClient(createClient(transport));
const tools = await client.listTools();
const result = await client.callTool(tools[0]!.name, {}, { signal: AbortSignal.timeout(10_000) });
console.log(result.content);
client.close();
// #endregion
