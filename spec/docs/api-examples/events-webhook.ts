declare const secret: string;
// #region example
import { eventsWebhook } from 'rxmcp/node';

eventsWebhook({ secret, port: 8787, report: (e) => console.warn(e.failure, e.message) })
  .subscribe((event) => console.log(event.eventId, event.data));
// #endregion
