import { ProtocolError, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** The identifier of the Events extension (SEP-3415). */
export const EVENTS_EXTENSION_ID = 'io.modelcontextprotocol/events';
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
/** `NotFound` of the Events extension: an unknown event type. */
const NOT_FOUND = -32023;
const INVALID_PARAMS = -32602;

/** One stored occurrence: its sequence number is its position (the cursor after it is `String(seq)`). */
export interface Occurrence {
  readonly seq: number;
  readonly eventId: string;
  readonly timestamp: string;
  readonly at: number;
  readonly data: { readonly n: number; readonly at: string };
}

/** An event source: occurrences numbered from 1, the last `capacity` of them kept for replay. */
export class EventLog {
  readonly #kept: Occurrence[] = [];
  readonly #listeners = new Set<(occurrence: Occurrence) => void>();
  #seq = 0;

  constructor(readonly name: string, readonly capacity: number) {}

  get head(): number {
    return this.#seq;
  }

  append(now: number): void {
    const seq = ++this.#seq;
    const timestamp = new Date(now).toISOString();
    const occurrence = { seq, eventId: `${this.name}-${seq}`, timestamp, at: now, data: { n: seq, at: timestamp } };
    this.#kept.push(occurrence);
    if (this.#kept.length > this.capacity) this.#kept.shift();
    for (const listener of this.#listeners) listener(occurrence);
  }

  /** The kept occurrences after position `after` (not older than `floor`), and whether some after it are gone. */
  since(after: number, floor: number): { readonly events: readonly Occurrence[]; readonly truncated: boolean } {
    const events = this.#kept.filter((o) => o.seq > after && o.at >= floor);
    const first = events[0]?.seq ?? this.#seq + 1;
    return { events, truncated: first > after + 1 };
  }

  listen(listener: (occurrence: Occurrence) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** Options of {@link ExampleEvents}. */
export interface ExampleEventsOptions {
  /** Milliseconds between two occurrences of each type (default 1000). */
  readonly tickMs?: number;
  /** The `nextPollMs` hint of every poll answer (default `tickMs`). */
  readonly pollMs?: number;
  /** Milliseconds between heartbeats on a push stream (default 15000). */
  readonly heartbeatMs?: number;
  /** Offer webhook delivery of `example.tick` too (`events/subscribe`, signed POSTs; default false). */
  readonly webhook?: boolean;
}

const PAYLOAD_SCHEMA = {
  type: 'object',
  properties: { n: { type: 'integer', description: 'The sequence number' }, at: { type: 'string', format: 'date-time' } },
  required: ['n', 'at'],
};
const INPUT_SCHEMA = {
  type: 'object',
  properties: { every: { type: 'integer', minimum: 1, description: 'Only every n-th occurrence (default 1)' } },
  additionalProperties: false,
};

/**
 * The example server's event sources, shared by every instance of one process: `example.tick` (push and poll, the
 * last 1000 kept) and `example.bounded` (poll only, the last 5 kept: a subscriber away longer gets `truncated`).
 * Both tick every `tickMs`; the clock runs only while a subscriber is connected or a poll came in lately.
 */
export class ExampleEvents {
  readonly tickMs: number;
  readonly pollMs: number;
  readonly heartbeatMs: number;
  readonly logs: ReadonlyMap<string, EventLog>;
  readonly descriptions: Readonly<Record<string, { description: string; delivery: readonly string[] }>>;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: ExampleEventsOptions = {}) {
    this.tickMs = options.tickMs ?? 1000;
    this.pollMs = options.pollMs ?? this.tickMs;
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.descriptions = {
      'example.tick': { description: 'A tick every few moments; the last 1000 are kept for replay', delivery: options.webhook === true ? ['push', 'poll', 'webhook'] : ['push', 'poll'] },
      'example.bounded': { description: 'A tick every few moments; only the last 5 are kept, so a late poller misses some', delivery: ['poll'] },
    };
    this.logs = new Map([['example.tick', new EventLog('example.tick', 1000)], ['example.bounded', new EventLog('example.bounded', 5)]]);
  }

  /** Starts the clock (idempotent); it does not keep the process alive. */
  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => {
      const now = Date.now();
      for (const log of this.logs.values()) log.append(now);
    }, this.tickMs);
    this.#timer.unref();
  }

  /** Stops the clock. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** The event types, as `events/list` gives them. */
  types(): readonly Record<string, unknown>[] {
    return [...this.logs.keys()].map((name) => ({ name, ...this.descriptions[name], inputSchema: INPUT_SCHEMA, payloadSchema: PAYLOAD_SCHEMA }));
  }
}

let processEvents: ExampleEvents | undefined;

/** The event sources shared by all example servers of this process (`EXAMPLE_EVENT_TICK_MS` sets the tick, `EXAMPLE_EVENT_WEBHOOK=1` offers webhook delivery). */
export function defaultExampleEvents(): ExampleEvents {
  const tickMs = Number(process.env['EXAMPLE_EVENT_TICK_MS'] ?? 1000);
  processEvents ??= new ExampleEvents({ tickMs: Number.isFinite(tickMs) && tickMs > 0 ? tickMs : 1000, webhook: process.env['EXAMPLE_EVENT_WEBHOOK'] === '1' });
  return processEvents;
}

/** The params shared by `events/poll`, `events/stream` and `events/subscribe`. */
export const SubscriptionParams = z.looseObject({
  name: z.string(),
  arguments: z.optional(z.record(z.string(), z.unknown())),
  cursor: z.optional(z.nullable(z.string())),
  maxAgeMs: z.optional(z.number()),
  maxEvents: z.optional(z.number()),
});
export type Subscription = z.infer<typeof SubscriptionParams>;

/** The event log, start position, age floor and argument filter of a subscription (or the protocol error to answer). */
export function resolve(events: ExampleEvents, params: Subscription, mode: 'poll' | 'push' | 'webhook') {
  const log = events.logs.get(params.name);
  if (log === undefined) throw new ProtocolError(NOT_FOUND, `Unknown event type: ${params.name}`, { kind: 'event' });
  if (!events.descriptions[params.name]?.delivery.includes(mode)) {
    throw new ProtocolError(-32026, `${params.name} is not delivered by ${mode}`, { feature: 'deliveryMode', value: mode });
  }
  const { every, ...rest } = params.arguments ?? {};
  if (Object.keys(rest).length > 0 || (every !== undefined && (!Number.isInteger(every) || (every as number) < 1))) {
    throw new ProtocolError(INVALID_PARAMS, `Invalid arguments for ${params.name}: only "every" (an integer of at least 1) is accepted`);
  }
  const at = params.cursor === undefined || params.cursor === null ? log.head : Number(params.cursor);
  if (!Number.isInteger(at) || at < 0 || at > log.head) throw new ProtocolError(INVALID_PARAMS, `Invalid cursor: ${params.cursor}`);
  const floor = params.maxAgeMs === undefined || params.cursor == null ? 0 : Date.now() - params.maxAgeMs;
  const matches = (o: Occurrence) => o.seq % ((every as number | undefined) ?? 1) === 0;
  return { log, at, floor, matches };
}

/** An occurrence as the wire carries it. */
export const wire = (log: EventLog, o: Occurrence) => ({ eventId: o.eventId, name: log.name, timestamp: o.timestamp, data: o.data });

function poll(events: ExampleEvents, params: Subscription) {
  const { log, at, floor, matches } = resolve(events, params, 'poll');
  events.start();
  const { events: after, truncated } = log.since(at, floor);
  const limit = Math.max(1, Math.min(params.maxEvents ?? 50, 100));
  const batch = after.slice(0, limit);
  const cursor = batch.length < after.length ? batch[batch.length - 1]!.seq : Math.max(at, log.head);
  const delivered = batch.filter(matches).map((o) => wire(log, o));
  return { events: delivered, cursor: String(cursor), truncated, hasMore: batch.length < after.length, nextPollMs: events.pollMs };
}

type Notify = (notification: { method: string; params: Record<string, unknown> }) => Promise<void>;

/** Serves one `events/stream` until the client ends it: `active`, the replay, then each new occurrence and heartbeats. */
async function stream(events: ExampleEvents, params: Subscription, id: string | number, notify: Notify, signal: AbortSignal): Promise<Record<string, unknown>> {
  const { log, at, floor, matches } = resolve(events, params, 'push');
  events.start();
  const meta = { [SUBSCRIPTION_ID]: id };
  const send = (method: string, body: Record<string, unknown>) => notify({ method, params: { ...body, _meta: meta } }).catch(() => undefined);
  const { events: replay, truncated } = log.since(at, floor);
  let position = Math.max(at, log.head);
  const pending: Occurrence[] = [];
  const stopListening = log.listen((o) => pending.push(o));
  await send('notifications/events/active', { cursor: String(replay[0] ? replay[0].seq - 1 : position), truncated });
  const deliver = async (o: Occurrence) => {
    position = o.seq;
    if (matches(o)) await send('notifications/events/event', { ...wire(log, o), cursor: String(o.seq) });
  };
  for (const o of replay) await deliver(o);
  let since = Date.now();
  try {
    while (!signal.aborted) {
      await new Promise((done) => setTimeout(done, Math.min(events.tickMs, 100)));
      for (const o of pending.splice(0)) if (o.seq > position) await deliver(o), (since = Date.now());
      if (Date.now() - since >= events.heartbeatMs) await send('notifications/events/heartbeat', { cursor: String(position) }), (since = Date.now());
    }
  } finally {
    stopListening();
  }
  return { _meta: meta };
}

/** Serves the Events extension on `server` from `events`: `events/list`, `events/poll` and `events/stream`. */
export function registerExampleEvents(server: McpServer, events: ExampleEvents): void {
  const inner = server.server;
  inner.setRequestHandler('events/list', { params: z.optional(z.looseObject({ cursor: z.optional(z.string()) })) }, () => ({ events: events.types() }));
  inner.setRequestHandler('events/poll', { params: SubscriptionParams }, (params) => poll(events, params));
  inner.setRequestHandler('events/stream', { params: SubscriptionParams }, (params, ctx) =>
    stream(events, params, ctx.mcpReq.id, (n) => ctx.mcpReq.notify(n as never), ctx.mcpReq.signal),
  );
  // SEP-3415 declares the extension under `extensions`; the design sketch (and clients that follow it, such as the AI
  // SDK's) read a top-level `events` capability. Deployed servers declare both, and so does this one.
  inner.registerCapabilities({ events: {}, extensions: { [EVENTS_EXTENSION_ID]: {} } } as never);
}
