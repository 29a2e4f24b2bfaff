import type { Client } from 'rxmcp';
declare const client: Client;
declare const cursor: string | undefined;
// #region guide
client.listTools().subscribe((tools) => console.log(tools.length));           // every page; a failure is never a shorter list
client.listToolsPage(cursor).subscribe(({ tools, nextCursor }) => console.log(tools.length, nextCursor)); // the SDK's shape
// #endregion
