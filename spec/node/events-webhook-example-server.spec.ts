// Webhook delivery of the Events extension end to end on 127.0.0.1: the example server (Streamable HTTP) POSTs signed
// occurrences of example.tick to an eventsWebhook receiver; webhookSubscription subscribes, refreshes the short TTL
// the server grants, and unsubscribes, after which nothing more arrives.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { filter, firstValueFrom, Subject, take, toArray, type Subscription } from 'rxjs';
import { ExampleEvents } from '../../examples/server/events.js';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { createClient, streamableHttp, type Client } from '../../src/index.js';
import { webhookSubscription, type ReceivedEvent, type WebhookSubscriptionGrant } from '../../src/events/index.js';
import { eventsWebhook, type EventWebhookError } from '../../src/node/index.js';

const TICK_MS = 50;

describe('webhook delivery from the example server (Streamable HTTP on 127.0.0.1)', () => {
  let events: ExampleEvents;
  let running: ExampleHttpServer;
  let client: Client;

  beforeEach(async () => {
    events = new ExampleEvents({ tickMs: TICK_MS, webhook: true });
    running = await startExampleHttpServer({ events });
    client = createClient(streamableHttp(running.url));
  });

  afterEach(async () => {
    client.close();
    events.stop();
    await running.close();
  });

  it('delivers occurrences once and in order, refreshes the TTL before it lapses, and stops delivering after unsubscribing', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const received: ReceivedEvent[] = [];
    const refused: EventWebhookError[] = [];
    const grants: { at: number; grant: WebhookSubscriptionGrant }[] = [];
    const arrived = new Subject<ReceivedEvent>();
    const start = Date.now();
    let kept: Subscription | undefined;
    const receiver = eventsWebhook({
      secret,
      report: (error) => refused.push(error),
      onListening: (url) => {
        kept = webhookSubscription(client, 'example.tick', {}, { url, secret, ttlMs: 1000, refreshMarginMs: 400 })
          .subscribe((grant) => grants.push({ at: Date.now() - start, grant }));
      },
    });
    const subscription = receiver.subscribe((notice) => notice.type === 'event' && (received.push(notice), arrived.next(notice)));
    await firstValueFrom(arrived.pipe(filter(() => grants.length >= 3), take(1)));
    const first = await firstValueFrom(arrived.pipe(take(5), toArray()));
    kept!.unsubscribe();
    await new Promise((done) => setTimeout(done, 4 * TICK_MS));
    const count = received.length;
    await new Promise((done) => setTimeout(done, 6 * TICK_MS));
    subscription.unsubscribe();

    const numbers = received.map((event) => event.data['n'] as number);
    expect(numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1)).withContext(String(numbers)).toBeTrue();
    expect(new Set(received.map((event) => event.eventId)).size).toBe(received.length);
    expect(first.every((event) => event.name === 'example.tick' && event.cursor === String(event.data['n']))).toBeTrue();
    expect(grants[0]!.grant.id).toMatch(/^sub_[0-9a-f]{16}$/);
    expect(grants.every((g) => g.grant.id === grants[0]!.grant.id)).toBeTrue();
    expect(grants[1]!.at).toBeLessThan(1000);
    expect(refused).toEqual([]);
    expect(received.length).toBe(count);
  }, 20_000);

  it('answers events/subscribe with a cursor no later than the deliveries the endpoint accepted (the safe-to-persist watermark)', async () => {
    const refusing = createServer((request, response) => request.resume().on('end', () => response.writeHead(503).end()));
    await new Promise<void>((ready) => refusing.listen(0, '127.0.0.1', ready));
    const url = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/`;
    const params = { name: 'example.tick', arguments: {}, delivery: { mode: 'webhook', url, secret: `whsec_${randomBytes(32).toString('base64')}` } };
    try {
      const started = await firstValueFrom(client.request<WebhookSubscriptionGrant>('events/subscribe', { ...params, cursor: null }));
      await new Promise((done) => setTimeout(done, 6 * TICK_MS));
      const refreshed = await firstValueFrom(client.request<WebhookSubscriptionGrant>('events/subscribe', { ...params, cursor: started.cursor }));
      expect(refreshed.cursor).toBe(started.cursor);
    } finally {
      await firstValueFrom(client.request('events/unsubscribe', { ...params, delivery: { url } }));
      refusing.closeAllConnections();
      refusing.close();
    }
  });

  it('refuses events/subscribe with a secret that is not whsec_ and base64 of 24 to 64 bytes', async () => {
    const answer = await firstValueFrom(client.request('events/subscribe', {
      name: 'example.tick', arguments: {}, delivery: { mode: 'webhook', url: 'http://127.0.0.1:9/', secret: 'hunter2' }, cursor: null,
    })).catch((error: unknown) => error);
    expect((answer as { rpcCode?: number }).rpcCode).toBe(-32602);
  });
});
