import type { Client } from 'rxmcp';
declare const client: Client;
// #region guide
// The SDK: client.callTool({ name: 'add', arguments: { a: 1, b: 2 }, _meta: { 'com.example/tenant': 't1' } })
client.callTool('add', { a: 1, b: 2 }, { meta: { 'com.example/tenant': 't1' } }).subscribe();
// #endregion
