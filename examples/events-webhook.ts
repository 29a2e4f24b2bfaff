// Webhook delivery of the Events extension, as docs/events.md shows it: one receiver on 127.0.0.1 serving two
// subscriptions of the example server's example.tick, each stream with only its own occurrences, the client's list of
// its webhook subscriptions, and the receiver's refusals. Run it against the example server over Streamable HTTP,
// with webhook delivery on:
//   EXAMPLE_EVENT_WEBHOOK=1 npx tsx examples/server/http.ts 3000 &
//   npx tsx examples/events-webhook.ts http://127.0.0.1:3000/mcp
import { createClient, streamableHttp } from 'rxmcp';

const client = createClient(streamableHttp(process.argv[2] ?? 'http://127.0.0.1:3000/mcp'));

// #region docs
import { randomBytes } from 'node:crypto';
import { lastValueFrom, take, toArray } from 'rxjs';
import { memoryCursorStore, webhookEvents, webhookSubscriptions$ } from 'rxmcp/events';
import { eventsWebhookReceiver } from 'rxmcp/node';

const secret = `whsec_${randomBytes(32).toString('base64')}`; // the receiver verifies with it, the server signs with it
const receiver = eventsWebhookReceiver({ secret }); // an HTTP server on 127.0.0.1 (a free port) while in use
receiver.refusals$.subscribe((refused) => console.warn('refused:', refused.failure, refused.message));
webhookSubscriptions$(client).subscribe((list) => console.log('subscriptions:', list.map(({ name, arguments: args }) => `${name} ${JSON.stringify(args)}`)));

const store = memoryCursorStore(); // fileCursorStore(path) of rxmcp/node keeps the cursors across restarts
const numbers = (every: number, count: number) =>
  lastValueFrom(webhookEvents(client, 'example.tick', { every }, { receiver, store }).pipe(take(count), toArray()))
    .then((notices) => notices.map((notice) => (notice.type === 'event' ? notice.data['n'] : 'skipped some')));

// One receiver, two subscriptions: each stream gets only the deliveries of its own (by X-MCP-Subscription-Id).
const [even, third] = await Promise.all([numbers(2, 3), numbers(3, 2)]);
console.log('every 2nd:', even, 'every 3rd:', third); // e.g. every 2nd: [ 2, 4, 6 ] every 3rd: [ 3, 6 ]
// #endregion

client.close();
