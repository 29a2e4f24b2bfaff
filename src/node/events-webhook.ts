import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asyncScheduler, Observable, type SchedulerLike, type Subscriber } from 'rxjs';
import { EventWebhookError } from '../errors/webhook-errors.js';
import type { WebhookGap, WebhookNotice, WebhookTerminated } from '../events/webhook-types.js';
import type { EventOccurrence } from '../protocol/model/events.js';
import { checkWebhook, webhookKey } from './webhook-signature.js';

/** Options of {@link eventsWebhook}. */
export interface EventsWebhookOptions {
  /** The secret given to `events/subscribe` as `delivery.secret`: `whsec_` and base64 of 24 to 64 random bytes. */
  readonly secret: string;
  /** The port to listen on (default 0: any free port, see `onListening`). */
  readonly port?: number;
  /** The address to listen on (default `127.0.0.1`). */
  readonly host?: string;
  /** How far `webhook-timestamp` may be from the clock, in milliseconds (default 300000, five minutes). */
  readonly toleranceMs?: number;
  /** How many `eventId`s are remembered to skip repeats (default 256). */
  readonly seenLimit?: number;
  /** The largest body accepted, in bytes (default 1 MiB). */
  readonly maxBodyBytes?: number;
  /** The clock the timestamps are checked against (default `asyncScheduler`; a `TestScheduler` in specs). */
  readonly scheduler?: SchedulerLike;
  /** Called once the receiver listens, with its URL (`http://host:port/`): the `delivery.url` to subscribe with. */
  readonly onListening?: (url: string) => void;
  /** Receives every refused delivery (each also answered with its HTTP 4xx); the receiver goes on. */
  readonly report?: (error: EventWebhookError) => void;
}

interface ReceiverState {
  readonly options: EventsWebhookOptions;
  readonly key: Buffer;
  readonly subscriber: Subscriber<WebhookNotice>;
  /** The signatures accepted, each after its subscription id. */
  readonly accepted: Set<string>;
  readonly seen: Set<string>;
}

const DEFAULT_MAX_BODY = 1 << 20;

function remember(set: Set<string>, value: string, limit: number): void {
  set.add(value);
  for (const oldest of set) {
    if (set.size <= limit) break;
    set.delete(oldest);
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(' ') : value;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function refuse(state: ReceiverState, response: ServerResponse, error: EventWebhookError): void {
  state.options.report?.(error);
  answer(response, error.status ?? 400, { error: error.failure, message: error.message });
}

function isOccurrence(value: unknown): value is EventOccurrence {
  const o = value as Partial<Record<keyof EventOccurrence, unknown>> | null;
  return typeof o === 'object' && o !== null && typeof o.eventId === 'string' && typeof o.name === 'string'
    && typeof o.timestamp === 'string' && typeof o.data === 'object' && o.data !== null && !Array.isArray(o.data);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type Control = Omit<WebhookGap, 'subscriptionId' | 'webhookId'> | Omit<WebhookTerminated, 'subscriptionId' | 'webhookId'>;

/** A `gap` or `terminated` envelope of the design sketch, or `undefined` when `body` is neither. */
function controlOf(body: { type?: unknown; cursor?: unknown; error?: unknown }): Control | undefined {
  if (body.type === 'gap' && (body.cursor === undefined || body.cursor === null || typeof body.cursor === 'string')) {
    return { type: 'gap', cursor: body.cursor ?? null };
  }
  const error = body.error as { code?: unknown; message?: unknown; data?: unknown } | null | undefined;
  if (body.type === 'terminated' && typeof error === 'object' && error !== null && typeof error.code === 'number' && typeof error.message === 'string') {
    return { type: 'terminated', error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
  }
  return undefined;
}

/**
 * Answers 200, then emits `notice` once the answer is written, unless `key` (subscription and `eventId`, or
 * `webhook-id` for an envelope) was taken before: a subscriber that leaves on it (a `terminated` envelope) closes
 * the server without cutting the answer off.
 */
function acceptOnce(state: ReceiverState, response: ServerResponse, key: string, notice: WebhookNotice): void {
  const fresh = !state.seen.has(key);
  if (fresh) remember(state.seen, key, state.options.seenLimit ?? 256);
  if (fresh) response.once('finish', () => state.subscriber.next(notice));
  answer(response, 200, {});
}

/**
 * Handles one verified body: a verification challenge is echoed, an occurrence or a `gap`/`terminated` envelope
 * emitted once per subscription, anything else refused.
 */
function deliver(state: ReceiverState, response: ServerResponse, id: string, subscriptionId: string | undefined, text: string): void {
  const body = parse(text) as { type?: unknown; challenge?: unknown } | undefined;
  if (body?.type === 'verification' && typeof body.challenge === 'string') return answer(response, 200, { challenge: body.challenge });
  const control = typeof body === 'object' && body !== null && 'type' in body ? controlOf(body) : undefined;
  if (control !== undefined) return acceptOnce(state, response, `${subscriptionId ?? ''} ${id}`, { ...control, subscriptionId, webhookId: id });
  if (!isOccurrence(body) || 'type' in body) {
    return refuse(state, response, new EventWebhookError('malformed', `The body of delivery "${id}" is neither an event occurrence nor a gap or terminated envelope`, { webhookId: id, status: 400 }));
  }
  acceptOnce(state, response, `${subscriptionId ?? ''} ${body.eventId}`, { ...body, type: 'event', subscriptionId });
}

function receive(state: ReceiverState, request: IncomingMessage, response: ServerResponse, text: string): void {
  const headers = { id: header(request, 'webhook-id'), timestamp: header(request, 'webhook-timestamp'), signature: header(request, 'webhook-signature') };
  const { options } = state;
  const subscriptionId = header(request, 'x-mcp-subscription-id');
  const nowMs = (options.scheduler ?? asyncScheduler).now();
  // The signature does not cover X-MCP-Subscription-Id: the same occurrence for two subscriptions under one secret is
  // signed alike in the same second, and is no replay.
  const accepted = (signature: string) => state.accepted.has(`${subscriptionId ?? ''} ${signature}`);
  const checked = checkWebhook(headers, text, { key: state.key, nowMs, toleranceMs: options.toleranceMs ?? 300_000, accepted });
  if (checked instanceof EventWebhookError) return refuse(state, response, checked);
  remember(state.accepted, `${subscriptionId ?? ''} ${checked}`, 4 * (options.seenLimit ?? 256));
  deliver(state, response, headers.id ?? '', subscriptionId, text);
}

function handle(state: ReceiverState, request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'POST') return answer(response, 405, { error: 'method-not-allowed' });
  const limit = state.options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  });
  request.on('end', () => {
    if (size > limit) {
      return refuse(state, response, new EventWebhookError('malformed', `A delivery body of ${size} bytes is over the limit of ${limit}`, { webhookId: header(request, 'webhook-id'), status: 413 }));
    }
    receive(state, request, response, Buffer.concat(chunks).toString('utf8'));
  });
}

/**
 * A receiver of the Events extension's webhook deliveries: an HTTP server on `host:port` that verifies each POST
 * (Standard Webhooks signature under `secret`, timestamp within `toleranceMs`, no replay of an accepted signature),
 * answers a refused one with an HTTP 4xx and an `EventWebhookError` to `report`, and emits each verified occurrence,
 * and each `gap` and `terminated` envelope, once per subscription (by `X-MCP-Subscription-Id` and `eventId`, or
 * `webhook-id` for an envelope; in the order received), each with its `subscriptionId`. A `verification` challenge is
 * echoed. Subscribe with the URL `onListening` gives (`events/subscribe`, `delivery.url`); `eventsWebhookReceiver`
 * wraps it for `webhookEvents`, which routes the notices to each subscription's stream.
 *
 * **Temperature:** cold; each subscription runs its own HTTP server.
 * **Emits:** one `WebhookNotice` per verified delivery not seen before: an occurrence (`type: 'event'`, the shape
 * `subscribeEvents` emits and `subscriptionId`), a `gap` or a `terminated` envelope.
 * **Completes:** never by itself.
 * **Errors:** `EventWebhookError` (`bad-secret`) at once for an unusable secret; the server's listen error (e.g. the
 * port is taken). A refused delivery is not an error of the stream.
 * **Teardown:** closes the HTTP server and its connections.
 * @example
 * ```ts
 * import { eventsWebhook } from 'rxmcp/node';
 *
 * eventsWebhook({ secret, port: 8787, report: (e) => console.warn(e.failure, e.message) })
 *   .subscribe((notice) => console.log(notice.subscriptionId, notice.type === 'event' ? notice.data : notice));
 * ```
 */
export function eventsWebhook(options: EventsWebhookOptions): Observable<WebhookNotice> {
  return new Observable<WebhookNotice>((subscriber) => {
    const key = webhookKey(options.secret);
    if (key instanceof EventWebhookError) return subscriber.error(key);
    const state: ReceiverState = { options, key, subscriber, accepted: new Set(), seen: new Set() };
    const server = createServer((request, response) => handle(state, request, response));
    const teardown = () => {
      server.close();
      server.closeAllConnections();
    };
    server.on('error', (error) => subscriber.error(error));
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { address, port } = server.address() as AddressInfo;
      options.onListening?.(`http://${address.includes(':') ? `[${address}]` : address}:${port}/`);
    });
    return teardown;
  });
}
