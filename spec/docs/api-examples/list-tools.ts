import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
client.listTools().subscribe((tools) => console.log(tools.map((tool) => tool.name)));
// #endregion
