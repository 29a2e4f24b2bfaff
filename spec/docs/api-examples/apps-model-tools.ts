import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
import { modelTools } from 'rxmcp/apps';

client.listTools().subscribe((tools) => console.log(modelTools(tools).map((tool) => tool.name)));
// #endregion
