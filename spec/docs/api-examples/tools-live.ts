import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
// The tool list now, and again after each `notifications/tools/list_changed`:
client.tools$.subscribe((tools) => console.log(`${tools.length} tools`));
// #endregion
