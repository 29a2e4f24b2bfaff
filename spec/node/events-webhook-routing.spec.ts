// webhookEvents over one eventsWebhookReceiver, against the example server (Streamable HTTP on 127.0.0.1): deliveries
// routed by X-MCP-Subscription-Id to each subscription's own stream, the client's list of its webhook subscriptions,
// cursors kept in the store subscribeEvents uses (a second run resumes after the last occurrence), gap and terminated
// envelopes as notices, refusals on a diagnostics stream.
import { randomBytes } from 'node:crypto';
import { filter, firstValueFrom, take, toArray, type Subscription } from 'rxjs';
import { ExampleEvents } from '../../examples/server/events.js';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { createClient, streamableHttp, type Client } from '../../src/index.js';
import {
  EventSubscriptionError, memoryCursorStore, webhookEvents, webhookSubscriptions$, type EventNotice, type WebhookSubscriptionEntry,
} from '../../src/events/index.js';
import { eventsWebhookReceiver, type EventWebhookError } from '../../src/node/index.js';
import { signWebhook, webhookKey } from '../../src/node/webhook-signature.js';

const TICK_MS = 40;
const numbers = (notices: readonly EventNotice[]) => notices.map((notice) => (notice.type === 'event' ? (notice.data['n'] as number) : notice.type));
const consecutive = (list: readonly number[]) => list.every((n, i) => i === 0 || n === list[i - 1]! + 1);

/** POSTs a signed body to `url` as the server would, for subscription `id`. */
async function postSigned(url: string, secret: string, id: string, webhookId: string, body: unknown): Promise<number> {
  const text = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = signWebhook(webhookKey(secret) as Buffer, webhookId, timestamp, text);
  const headers = { 'content-type': 'application/json', 'webhook-id': webhookId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature, 'x-mcp-subscription-id': id };
  return (await fetch(url, { method: 'POST', headers, body: text })).status;
}

describe('webhookEvents with eventsWebhookReceiver (the example server over Streamable HTTP on 127.0.0.1)', () => {
  let events: ExampleEvents;
  let running: ExampleHttpServer;
  let client: Client;
  const secret = `whsec_${randomBytes(32).toString('base64')}`;

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

  it('routes by X-MCP-Subscription-Id: one receiver serves two subscriptions, each stream sees only its own occurrences (none refused), and webhookSubscriptions$ lists both until they end', async () => {
    const receiver = eventsWebhookReceiver({ secret });
    const refused: EventWebhookError[] = [];
    receiver.refusals$.subscribe((error) => refused.push(error));
    const lists: (readonly WebhookSubscriptionEntry[])[] = [];
    const watching = webhookSubscriptions$(client).subscribe((list) => lists.push(list));
    const evens = firstValueFrom(webhookEvents(client, 'example.tick', { every: 2 }, { receiver, ttlMs: 60_000 }).pipe(take(4), toArray()));
    const thirds = firstValueFrom(webhookEvents(client, 'example.tick', { every: 3 }, { receiver, ttlMs: 60_000 }).pipe(take(3), toArray()));
    const listed = await firstValueFrom(webhookSubscriptions$(client).pipe(filter((list) => list.length === 2)));
    const [two, three] = await Promise.all([evens, thirds]);
    watching.unsubscribe();

    expect(numbers(two).every((n) => typeof n === 'number' && n % 2 === 0)).withContext(String(numbers(two))).toBeTrue();
    expect(numbers(three).every((n) => typeof n === 'number' && n % 3 === 0)).withContext(String(numbers(three))).toBeTrue();
    expect(listed.map((entry) => entry.arguments)).toEqual([{ every: 2 }, { every: 3 }]);
    const url = await firstValueFrom(receiver.url$);
    for (const entry of listed) {
      expect(entry).toEqual(jasmine.objectContaining({ name: 'example.tick', url }));
      expect(entry.id).toMatch(/^sub_[0-9a-f]{16}$/);
      expect(Date.parse(entry.refreshBefore!)).toBeGreaterThan(Date.now());
    }
    expect(listed[0]!.id).not.toBe(listed[1]!.id);
    expect(lists.some((list) => list.some((entry) => entry.cursor !== null && Number(entry.cursor) >= 2))).withContext('the last cursor follows the occurrences').toBeTrue();
    expect(lists[lists.length - 1]).toEqual([]);
    expect(refused.map((error) => error.message)).withContext('the same occurrence, signed alike, for the other subscription is no replay').toEqual([]);
  }, 20_000);

  it('keeps the cursor in the store subscribeEvents uses: a second run with the same store re-subscribes from it, so every occurrence arrives once and in order across both', async () => {
    const store = memoryCursorStore();
    const receiver = eventsWebhookReceiver({ secret });
    const first = await firstValueFrom(webhookEvents(client, 'example.tick', {}, { receiver, store }).pipe(take(3), toArray()));
    await new Promise((done) => setTimeout(done, 5 * TICK_MS));
    const second = await firstValueFrom(webhookEvents(client, 'example.tick', {}, { receiver: eventsWebhookReceiver({ secret }), store }).pipe(take(8), toArray()));
    const all = [...numbers(first), ...numbers(second)] as number[];
    expect(consecutive(all)).withContext(String(all)).toBeTrue();
    expect(second.every((notice) => notice.type === 'event')).toBeTrue();
  }, 20_000);

  it('turns a gap envelope into a truncated notice and a terminated envelope into EventSubscriptionError (terminated), taking the subscription off the list', async () => {
    const receiver = eventsWebhookReceiver({ secret });
    const notices: EventNotice[] = [];
    let failure: unknown;
    const done = new Promise<void>((resolve) => {
      webhookEvents(client, 'example.tick', { every: 1000 }, { receiver }).subscribe({ next: (n) => notices.push(n), error: (e: unknown) => ((failure = e), resolve()) });
    });
    const [entry] = await firstValueFrom(webhookSubscriptions$(client).pipe(filter((list) => list.length === 1)));
    const url = await firstValueFrom(receiver.url$);
    expect(await postSigned(url, secret, 'sub_someone_else', 'msg_gap_0', { type: 'gap', cursor: '7' })).toBe(200);
    expect(await postSigned(url, secret, entry!.id, 'msg_gap_1', { type: 'gap', cursor: '5' })).toBe(200);
    expect(await postSigned(url, secret, entry!.id, 'msg_terminated_1', { type: 'terminated', error: { code: -32012, message: 'Forbidden', data: { reason: 'Access revoked' } } })).toBe(200);
    await done;
    expect(notices).toEqual([{ type: 'truncated', name: 'example.tick', cursor: '5' }]);
    expect(EventSubscriptionError.is(failure)).toBeTrue();
    expect([(failure as EventSubscriptionError).failure, (failure as EventSubscriptionError).rpcCode]).toEqual(['terminated', -32012]);
    expect(await firstValueFrom(webhookSubscriptions$(client))).toEqual([]);
  }, 20_000);

  it('completes when the client is closed, taking the subscription off the list', async () => {
    const receiver = eventsWebhookReceiver({ secret });
    const completed = new Promise<string>((resolve) => {
      webhookEvents(client, 'example.tick', {}, { receiver }).subscribe({ complete: () => resolve('completed'), error: (e: unknown) => resolve(`failed: ${String(e)}`) });
    });
    await firstValueFrom(webhookSubscriptions$(client).pipe(filter((list) => list.length === 1)));
    client.close();
    expect(await completed).toBe('completed');
    expect(await firstValueFrom(webhookSubscriptions$(client))).toEqual([]);
  }, 20_000);

  it('gives each refused delivery on refusals$ while the subscriptions go on', async () => {
    const receiver = eventsWebhookReceiver({ secret });
    const refused: EventWebhookError[] = [];
    const diagnostics: Subscription = receiver.refusals$.subscribe((error) => refused.push(error));
    const running$ = webhookEvents(client, 'example.tick', {}, { receiver }).pipe(take(3), toArray());
    const taken = firstValueFrom(running$);
    const url = await firstValueFrom(receiver.url$);
    expect(await postSigned(url, `whsec_${randomBytes(32).toString('base64')}`, 'sub_x', 'example.tick-999', { eventId: 'example.tick-999' })).toBe(401);
    expect((await taken).length).toBe(3);
    diagnostics.unsubscribe();
    expect(refused.map((error) => [error.failure, error.status])).toEqual([['bad-signature', 401]]);
  }, 20_000);
});
