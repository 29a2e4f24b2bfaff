// The Events extension's webhook receiver (eventsWebhook of rxmcp/node) on a real HTTP server on 127.0.0.1: signed
// deliveries (Standard Webhooks: HMAC-SHA256 over `id.timestamp.body`, `v1,<base64>`) are emitted once and in order;
// a bad signature, a replay and a stale timestamp are each answered with a 4xx and an EventWebhookError, and the
// stream goes on.
import { randomBytes } from 'node:crypto';
import { firstValueFrom, type Subscription } from 'rxjs';
import { eventsWebhook, EventWebhookError, type EventsWebhookOptions } from '../../src/node/index.js';
import type { WebhookEvent, WebhookNotice } from '../../src/events/index.js';
import { signWebhook, webhookKey } from '../../src/node/webhook-signature.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const key = webhookKey(secret) as Buffer;
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Delivery {
  readonly subscriptionId?: string;
  readonly id: string;
  readonly body: string;
  readonly timestamp: number;
  readonly signature: string;
}

/** A signed control envelope (`gap`, `terminated`) for subscription `subscriptionId`. */
function envelope(id: string, subscriptionId: string, body: Record<string, unknown>, timestamp = nowSeconds()): Delivery {
  const text = JSON.stringify(body);
  return { id, subscriptionId, body: text, timestamp, signature: signWebhook(key, id, timestamp, text) };
}

function occurrence(n: number, extra: Partial<Delivery> = {}): Delivery {
  const id = `example.tick-${n}`;
  const body = JSON.stringify({ eventId: id, name: 'example.tick', timestamp: new Date().toISOString(), data: { n }, cursor: String(n) });
  const timestamp = extra.timestamp ?? nowSeconds();
  return { id, body, timestamp, signature: signWebhook(key, id, timestamp, body), ...extra };
}

async function post(url: string, delivery: Delivery): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json', 'webhook-id': delivery.id, 'webhook-timestamp': String(delivery.timestamp), 'webhook-signature': delivery.signature,
      ...(delivery.subscriptionId === undefined ? {} : { 'x-mcp-subscription-id': delivery.subscriptionId }),
    },
    body: delivery.body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('eventsWebhook (rxmcp/node)', () => {
  let subscription: Subscription | undefined;
  let received: WebhookEvent[];
  let notices: WebhookNotice[];
  let reported: EventWebhookError[];

  async function start(options: Partial<EventsWebhookOptions> = {}): Promise<string> {
    received = [];
    notices = [];
    reported = [];
    return new Promise((resolve, reject) => {
      subscription = eventsWebhook({ secret, onListening: resolve, report: (error) => reported.push(error), ...options })
        .subscribe({ next: (notice) => (notices.push(notice), notice.type === 'event' && received.push(notice)), error: reject });
    });
  }

  afterEach(() => subscription?.unsubscribe());

  it('emits each verified occurrence once and in the order received, and answers a redelivery with a fresh signature with 200 without emitting it again', async () => {
    const url = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    for (const n of [1, 2, 3]) expect((await post(url, occurrence(n))).status).toBe(200);
    expect((await post(url, occurrence(2, { timestamp: nowSeconds() + 1 }))).status).toBe(200);
    expect(received.map((event) => [event.type, event.eventId, event.data['n'], event.cursor])).toEqual([
      ['event', 'example.tick-1', 1, '1'], ['event', 'example.tick-2', 2, '2'], ['event', 'example.tick-3', 3, '3'],
    ]);
    expect(reported).toEqual([]);
  });

  it('emits an eventId once per subscription: the same occurrence delivered for two X-MCP-Subscription-Ids reaches both, each with its subscriptionId', async () => {
    const url = await start();
    expect((await post(url, occurrence(1, { subscriptionId: 'sub_a' }))).status).toBe(200);
    expect((await post(url, occurrence(1, { subscriptionId: 'sub_b', timestamp: nowSeconds() + 1 }))).status).toBe(200);
    expect((await post(url, occurrence(1, { subscriptionId: 'sub_a', timestamp: nowSeconds() + 2 }))).status).toBe(200);
    expect(received.map((event) => [event.subscriptionId, event.eventId])).toEqual([['sub_a', 'example.tick-1'], ['sub_b', 'example.tick-1']]);
  });

  it('emits a signed gap envelope as a gap notice and a terminated envelope as a terminated notice, each once, answering 200', async () => {
    const url = await start();
    const gap = envelope('msg_gap_1', 'sub_a', { type: 'gap', cursor: '42' });
    const terminated = envelope('msg_terminated_1', 'sub_a', { type: 'terminated', error: { code: -32012, message: 'Forbidden', data: { reason: 'Access revoked' } } });
    for (const delivery of [gap, terminated]) expect((await post(url, delivery)).status).toBe(200);
    expect((await post(url, envelope('msg_gap_1', 'sub_a', { type: 'gap', cursor: '42' }, nowSeconds() + 1))).status).toBe(200);
    expect(notices).toEqual([
      { type: 'gap', cursor: '42', subscriptionId: 'sub_a', webhookId: 'msg_gap_1' },
      { type: 'terminated', error: { code: -32012, message: 'Forbidden', data: { reason: 'Access revoked' } }, subscriptionId: 'sub_a', webhookId: 'msg_terminated_1' },
    ]);
    expect(reported).toEqual([]);
  });

  it('refuses a signed envelope of a type it does not know with 400 and malformed', async () => {
    const url = await start();
    expect((await post(url, envelope('msg_x_1', 'sub_a', { type: 'surprise' }))).status).toBe(400);
    expect(notices).toEqual([]);
    expect(reported.map((error) => error.failure)).toEqual(['malformed']);
  });

  it('refuses a bad signature with 401 and a bad-signature EventWebhookError, and the next delivery still arrives', async () => {
    const url = await start();
    const forged = occurrence(1);
    const answer = await post(url, { ...forged, body: forged.body.replace('"n":1', '"n":99') });
    expect(answer).toEqual({ status: 401, body: jasmine.objectContaining({ error: 'bad-signature' }) });
    expect((await post(url, occurrence(2))).status).toBe(200);
    expect(received.map((event) => event.eventId)).toEqual(['example.tick-2']);
    expect(reported.length).toBe(1);
    expect(EventWebhookError.is(reported[0])).toBeTrue();
    expect([reported[0]!.failure, reported[0]!.status, reported[0]!.webhookId]).toEqual(['bad-signature', 401, 'example.tick-1']);
  });

  it('refuses a replay of an accepted delivery with 409 and a replay EventWebhookError, and the stream goes on', async () => {
    const url = await start();
    const first = occurrence(1);
    expect((await post(url, first)).status).toBe(200);
    expect((await post(url, first)).status).toBe(409);
    expect((await post(url, occurrence(2))).status).toBe(200);
    expect(received.map((event) => event.eventId)).toEqual(['example.tick-1', 'example.tick-2']);
    expect(reported.map((error) => [error.failure, error.status])).toEqual([['replay', 409]]);
  });

  it('refuses a timestamp outside the tolerance of the scheduler\'s clock with 401 and stale-timestamp', async () => {
    const clock = { now: () => 1_000_000_000_000, schedule: () => { throw new Error('not used'); } };
    const url = await start({ scheduler: clock as never, toleranceMs: 60_000 });
    expect((await post(url, occurrence(1, { timestamp: 1_000_000_000 - 61 }))).status).toBe(401);
    expect((await post(url, occurrence(2, { timestamp: 1_000_000_000 - 59 }))).status).toBe(200);
    expect(received.map((event) => event.eventId)).toEqual(['example.tick-2']);
    expect(reported.map((error) => [error.failure, error.status])).toEqual([['stale-timestamp', 401]]);
  });

  it('refuses a delivery without the signature headers or with a body that is no occurrence with 400 and malformed', async () => {
    const url = await start();
    const bare = await fetch(url, { method: 'POST', body: occurrence(1).body });
    expect(bare.status).toBe(400);
    const body = JSON.stringify({ hello: 'world' });
    const timestamp = nowSeconds();
    expect((await post(url, { id: 'x', body, timestamp, signature: signWebhook(key, 'x', timestamp, body) })).status).toBe(400);
    expect(received).toEqual([]);
    expect(reported.map((error) => error.failure)).toEqual(['malformed', 'malformed']);
  });

  it('echoes the challenge of a signed verification envelope', async () => {
    const url = await start();
    const body = JSON.stringify({ type: 'verification', challenge: 'nonce-1' });
    const timestamp = nowSeconds();
    expect(await post(url, { id: 'msg_verification_1', body, timestamp, signature: signWebhook(key, 'msg_verification_1', timestamp, body) }))
      .toEqual({ status: 200, body: { challenge: 'nonce-1' } });
    expect(received).toEqual([]);
  });

  it('fails at once with bad-secret for a secret that is not whsec_ and base64 of 24 to 64 bytes', async () => {
    const error = await firstValueFrom(eventsWebhook({ secret: 'whsec_c2hvcnQ=' })).catch((e: unknown) => e);
    expect(EventWebhookError.is(error)).toBeTrue();
    expect((error as EventWebhookError).failure).toBe('bad-secret');
  });

  it('closes its HTTP server when unsubscribed', async () => {
    const url = await start();
    subscription!.unsubscribe();
    await expectAsync(fetch(url, { method: 'POST', body: '{}' })).toBeRejected();
  });
});
