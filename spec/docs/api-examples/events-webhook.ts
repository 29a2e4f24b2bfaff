declare const secret: string;
// #region example
import { eventsWebhook } from 'rxmcp/node';

eventsWebhook({ secret, port: 8787, report: (e) => console.warn(e.failure, e.message) })
  .subscribe((notice) => console.log(notice.subscriptionId, notice.type === 'event' ? notice.data : notice));
// #endregion
