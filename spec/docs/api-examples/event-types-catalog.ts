import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
client.eventTypes$.subscribe((types) => console.log(types.map((type) => type.name)));
// #endregion
