import { createHash, createHmac } from 'node:crypto';
import { ProtocolError, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { type EventLog, type ExampleEvents, type Occurrence, resolve, SubscriptionParams, wire } from './events.js';

const INVALID_PARAMS = -32602;
const MIN_TTL_MS = 1000;
const DEFAULT_TTL_MS = 60_000;
const MAX_TTL_MS = 3_600_000;

/** One webhook subscription: where it delivers, with which key, until when, and how to stop it. */
interface WebhookSubscription {
  readonly id: string;
  readonly url: string;
  key: Buffer;
  expiry: ReturnType<typeof setTimeout>;
  /** The last occurrence taken for delivery. */
  position: number;
  /** The safe-to-persist watermark: every occurrence up to it was accepted by the endpoint or given up on. */
  settled: number;
  stop: () => void;
}

/** The webhook subscriptions of each event source (process-wide, as the sources are). */
const registries = new WeakMap<ExampleEvents, Map<string, WebhookSubscription>>();

const SubscribeParams = z.looseObject({
  ...SubscriptionParams.shape,
  delivery: z.looseObject({ mode: z.optional(z.literal('webhook')), url: z.string(), secret: z.optional(z.string()) }),
  ttlMs: z.optional(z.nullable(z.number())),
});
type SubscribeParams = z.infer<typeof SubscribeParams>;

function keyOf(secret: string | undefined): Buffer {
  const encoded = secret?.startsWith('whsec_') ? secret.slice(6) : '';
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
  if (key.length < 24 || key.length > 64) throw new ProtocolError(INVALID_PARAMS, 'delivery.secret must be "whsec_" and base64 of 24 to 64 random bytes');
  return key;
}

function subscriptionKey(params: SubscribeParams): string {
  const args = params.arguments ?? {};
  const canonical = JSON.stringify(Object.keys(args).sort().map((k) => [k, args[k]]));
  return `${params.delivery.url} ${params.name} ${canonical}`;
}

/** The waits before each retry of a delivery the endpoint did not accept (six attempts over about 1.5 s). */
const RETRY_DELAYS_MS = [50, 100, 200, 400, 800];

/** POSTs one body to the subscription's URL, signed afresh as Standard Webhooks sign (redirects not followed): the status, or 0 when unreachable. */
async function attempt(sub: WebhookSubscription, webhookId: string, body: string): Promise<number> {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = `v1,${createHmac('sha256', sub.key).update(`${webhookId}.${timestamp}.${body}`).digest('base64')}`;
  const headers = { 'content-type': 'application/json', 'webhook-id': webhookId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature, 'x-mcp-subscription-id': sub.id };
  return fetch(sub.url, { method: 'POST', headers, body, redirect: 'manual' }).then(async (r) => (await r.arrayBuffer(), r.status)).catch(() => 0);
}

/**
 * Delivers one body: again after a non-2xx answer or an unreachable endpoint, with growing waits, until accepted, the
 * retries run out or the subscription stops. `410 Gone` and `413` are not retried (the endpoint refused it for good).
 */
async function post(sub: WebhookSubscription, webhookId: string, body: string, stopped: () => boolean): Promise<void> {
  for (const delay of [...RETRY_DELAYS_MS, undefined]) {
    const status = await attempt(sub, webhookId, body);
    if ((status >= 200 && status < 300) || status === 410 || status === 413 || delay === undefined || stopped()) return;
    await new Promise((done) => setTimeout(done, delay));
  }
}

/** Starts delivering `log` after `at` to `sub`, in order (one delivery at a time, retries included); returns the stop function. */
function deliver(sub: WebhookSubscription, log: EventLog, at: number, replay: readonly Occurrence[], matches: (o: Occurrence) => boolean): () => void {
  let chain = Promise.resolve();
  let stopped = false;
  const send = (o: Occurrence) => {
    if (o.seq <= sub.position) return;
    sub.position = o.seq;
    const body = JSON.stringify({ ...wire(log, o), cursor: String(o.seq) });
    chain = chain.then(() => (stopped || !matches(o) ? undefined : post(sub, o.eventId, body, () => stopped))).then(() => void (sub.settled = o.seq));
  };
  sub.position = at;
  sub.settled = at;
  replay.forEach(send);
  const stopListening = log.listen(send);
  return () => ((stopped = true), stopListening());
}

function grantMs(ttlMs: number | null | undefined): number {
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, ttlMs ?? DEFAULT_TTL_MS));
}

function subscribe(events: ExampleEvents, params: SubscribeParams) {
  const { log, at, floor, matches } = resolve(events, params, 'webhook');
  if (!/^https?:\/\//.test(params.delivery.url)) throw new ProtocolError(INVALID_PARAMS, 'delivery.url must be an http or https URL');
  const key = keyOf(params.delivery.secret);
  const registry = registries.get(events) ?? new Map<string, WebhookSubscription>();
  registries.set(events, registry);
  const skey = subscriptionKey(params);
  const ttl = grantMs(params.ttlMs);
  const expire = () => setTimeout(() => (registry.get(skey)?.stop(), registry.delete(skey)), ttl).unref();
  const existing = registry.get(skey);
  let truncated = false;
  if (existing !== undefined) {
    existing.key = key;
    clearTimeout(existing.expiry);
    existing.expiry = expire();
  } else {
    const since = log.since(at, floor);
    truncated = since.truncated;
    const id = `sub_${createHash('sha256').update(skey).digest('hex').slice(0, 16)}`;
    const sub: WebhookSubscription = { id, url: params.delivery.url, key, expiry: expire(), position: at, settled: at, stop: () => undefined };
    sub.stop = deliver(sub, log, at, since.events, matches);
    registry.set(skey, sub);
    events.start();
  }
  const sub = registry.get(skey)!;
  return { id: sub.id, refreshBefore: new Date(Date.now() + ttl).toISOString(), cursor: String(sub.settled), truncated };
}

function unsubscribe(events: ExampleEvents, params: SubscribeParams): Record<string, never> {
  const registry = registries.get(events);
  const skey = subscriptionKey(params);
  const sub = registry?.get(skey);
  if (sub !== undefined) clearTimeout(sub.expiry), sub.stop(), registry!.delete(skey);
  return {};
}

/**
 * Serves webhook delivery of the Events extension on `server`: `events/subscribe` (delivery `{ mode: 'webhook', url,
 * secret }`, `ttlMs` granted between 1 s and 1 h, 60 s by default; again with the same key refreshes it) and
 * `events/unsubscribe`. Each occurrence is POSTed to the URL, in order, signed with the client's secret. No principal
 * is part of the key: the example server has no authentication.
 */
export function registerExampleWebhooks(server: McpServer, events: ExampleEvents): void {
  const inner = server.server;
  inner.setRequestHandler('events/subscribe', { params: SubscribeParams }, (params) => subscribe(events, params));
  inner.setRequestHandler('events/unsubscribe', { params: SubscribeParams }, (params) => unsubscribe(events, params));
}
