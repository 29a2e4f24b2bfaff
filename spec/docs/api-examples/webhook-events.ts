import type { Client } from 'rxmcp';
declare const client: Client;
declare const secret: string;
// #region example
import { webhookEvents } from 'rxmcp/events';
import { eventsWebhookReceiver } from 'rxmcp/node';

const receiver = eventsWebhookReceiver({ secret });
webhookEvents(client, 'example.tick', {}, { receiver }).subscribe((notice) => console.log(notice));
// #endregion
