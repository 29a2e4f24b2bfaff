import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
import { subscribeEvents } from 'rxmcp/events';

subscribeEvents(client, 'example.tick', { every: 1 }).subscribe((notice) => {
  if (notice.type === 'event') console.log(notice.eventId, notice.data);
  else console.warn(`some "${notice.name}" events were skipped`);
});
// #endregion
