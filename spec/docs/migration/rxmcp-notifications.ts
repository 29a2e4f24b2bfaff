import { filter } from 'rxjs';
import type { Client } from 'rxmcp';
declare const client: Client;
// #region guide
client.notifications.logs$('info').subscribe((entry) => console.log(entry.data));
client.tools$.subscribe((tools) => console.log(tools.length)); // the whole list now, and after every change
client.session.notifications$
  .pipe(filter((notification) => notification.method === 'notifications/resources/list_changed'))
  .subscribe(() => console.log('resources changed'));
// #endregion
