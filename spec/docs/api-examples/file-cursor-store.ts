import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
import { subscribeEvents } from 'rxmcp/events';
import { fileCursorStore } from 'rxmcp/node';

subscribeEvents(client, 'example.tick', {}, { store: fileCursorStore('.cache/event-cursors.json') })
  .subscribe((notice) => console.log(notice));
// #endregion
