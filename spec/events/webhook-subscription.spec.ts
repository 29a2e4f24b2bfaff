import { Observable, of, throwError, type Subscription } from 'rxjs';
import type { Client } from '../../src/client/client-types.js';
import { RpcError } from '../../src/errors/errors.js';
import { webhookSubscription, webhookSubscriptions$, type WebhookSubscriptionEntry, type WebhookSubscriptionGrant, type WebhookSubscriptionOptions } from '../../src/events/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const OPTIONS: WebhookSubscriptionOptions = { url: 'http://127.0.0.1:8787/', secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0', ttlMs: 60_000, refreshMarginMs: 10_000 };

/** A client whose `request` answers events/subscribe with `grant(at, index)` and records every request with its time. */
function fakeClient(now: () => number, grant: (at: number, index: number) => Observable<WebhookSubscriptionGrant>) {
  const sent: { at: number; method: string; params: Record<string, unknown> }[] = [];
  const client = {
    request: (method: string, params: Record<string, unknown>) => {
      sent.push({ at: now(), method, params });
      return method === 'events/subscribe' ? grant(now(), sent.filter((s) => s.method === method).length - 1) : of({});
    },
  } as unknown as Client;
  return { client, sent };
}

const grantFor = (ttl: number | null) => (at: number, index: number) =>
  of({ id: 'sub_1', refreshBefore: ttl === null ? null : new Date(at + ttl).toISOString(), cursor: `c${index}`, truncated: false });

function run(grant: (at: number, index: number) => Observable<WebhookSubscriptionGrant>, ms: number) {
  const scheduler = createTestScheduler();
  const grants: { at: number; grant: WebhookSubscriptionGrant }[] = [];
  let made: ReturnType<typeof fakeClient> | undefined;
  let error: unknown;
  scheduler.run(({ flush }) => {
    made = fakeClient(() => scheduler.now(), grant);
    const subscription: Subscription = webhookSubscription(made.client, 'example.tick', { every: 2 }, OPTIONS).subscribe({
      next: (g) => grants.push({ at: scheduler.now(), grant: g }), error: (e: unknown) => (error = e),
    });
    scheduler.schedule(() => subscription.unsubscribe(), ms);
    flush();
  });
  return { grants, sent: made!.sent, error };
}

describe('webhookSubscription (virtual time)', () => {
  it('subscribes with the webhook delivery, refreshes with the last cursor refreshMarginMs before each refreshBefore, and sends events/unsubscribe when unsubscribed', () => {
    const { grants, sent } = run(grantFor(60_000), 120_000);
    expect(sent.map((s) => [s.at, s.method])).toEqual([
      [0, 'events/subscribe'], [50_000, 'events/subscribe'], [100_000, 'events/subscribe'], [120_000, 'events/unsubscribe'],
    ]);
    expect(sent[0]!.params).toEqual({ name: 'example.tick', arguments: { every: 2 }, delivery: { mode: 'webhook', url: OPTIONS.url, secret: OPTIONS.secret }, cursor: null, ttlMs: 60_000 });
    expect(sent.slice(1, 3).map((s) => s.params['cursor'])).toEqual(['c0', 'c1']);
    expect(sent[3]!.params).toEqual({ name: 'example.tick', arguments: { every: 2 }, delivery: { url: OPTIONS.url } });
    expect(grants.map((g) => [g.at, g.grant.cursor])).toEqual([[0, 'c0'], [50_000, 'c1'], [100_000, 'c2']]);
  });

  it('refreshes a short grant at half its time rather than after it lapses', () => {
    const { sent } = run(grantFor(8_000), 18_000);
    expect(sent.filter((s) => s.method === 'events/subscribe').map((s) => s.at)).toEqual([0, 4_000, 8_000, 12_000, 16_000]);
  });

  it('does not refresh a grant without expiry and still unsubscribes when unsubscribed', () => {
    const { sent } = run(grantFor(null), 500_000);
    expect(sent.map((s) => [s.at, s.method])).toEqual([[0, 'events/subscribe'], [500_000, 'events/unsubscribe']]);
  });

  it('keeps the subscription on webhookSubscriptions$ of its client from the first grant, follows each refresh, and takes it off when unsubscribed', () => {
    const scheduler = createTestScheduler();
    const seen: { at: number; list: readonly WebhookSubscriptionEntry[] }[] = [];
    scheduler.run(({ flush }) => {
      const { client } = fakeClient(() => scheduler.now(), grantFor(60_000));
      webhookSubscriptions$(client).subscribe((list) => seen.push({ at: scheduler.now(), list }));
      const subscription = webhookSubscription(client, 'example.tick', { every: 2 }, OPTIONS).subscribe();
      scheduler.schedule(() => subscription.unsubscribe(), 70_000);
      flush();
    });
    const entry = (cursor: string, at: number) => ({ id: 'sub_1', name: 'example.tick', arguments: { every: 2 }, url: OPTIONS.url, refreshBefore: new Date(at + 60_000).toISOString(), cursor });
    expect(seen.map(({ at, list }) => [at, list])).toEqual([[0, []], [0, [entry('c0', 0)]], [50_000, [entry('c1', 50_000)]], [70_000, []]]);
  });

  it('fails with the error of events/subscribe', () => {
    const refused = new RpcError(-32602, 'Invalid secret');
    const { error, grants } = run(() => throwError(() => refused), 1_000);
    expect(error).toBe(refused);
    expect(grants).toEqual([]);
  });
});
