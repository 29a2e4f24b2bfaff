import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
client.listEvents().subscribe((types) => console.log(types.map((type) => `${type.name} (${type.delivery.join(', ')})`)));
// #endregion
