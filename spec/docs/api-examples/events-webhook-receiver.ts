import type { Client } from 'rxmcp';
declare const client: Client;
declare const secret: string;
// #region example
import { webhookEvents } from 'rxmcp/events';
import { eventsWebhookReceiver } from 'rxmcp/node';

const receiver = eventsWebhookReceiver({ secret });
receiver.refusals$.subscribe((refused) => console.warn(refused.failure, refused.message));
webhookEvents(client, 'example.tick', { every: 2 }, { receiver }).subscribe((notice) => console.log('even', notice));
webhookEvents(client, 'example.tick', { every: 3 }, { receiver }).subscribe((notice) => console.log('third', notice));
// #endregion
