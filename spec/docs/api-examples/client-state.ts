import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
client.state$.subscribe((state) => console.log(state.status)); // idle → connecting → ready …
// #endregion
