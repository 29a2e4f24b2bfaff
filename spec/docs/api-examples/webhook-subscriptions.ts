import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
import { webhookSubscriptions$ } from 'rxmcp/events';

webhookSubscriptions$(client).subscribe((list) => console.table(list.map(({ id, name, refreshBefore, cursor }) => ({ id, name, refreshBefore, cursor }))));
// #endregion
