import { createClient, type Transport } from 'rxmcp';

declare const transport: Transport;
const client = createClient(transport);
// #region guide
const result = await client.callTool('add', { a: 1, b: 2 }); // compiles, sends nothing: result is the Observable
// #endregion
export { result };
