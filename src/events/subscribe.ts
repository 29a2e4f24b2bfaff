import { Observable, concatMap, defer, finalize, from, map, of, repeat, retry, switchMap, takeUntil, throwError, timer } from 'rxjs';
import type { Client } from '../client/client-types.js';
import { EventSubscriptionError } from '../errors/event-errors.js';
import { McpError } from '../errors/mcp-error.js';
import type { EventDeliveryMode, EventType } from '../protocol/model/events.js';
import type { JsonObject } from '../protocol/model/common.js';
import { eventCursorKey, memoryCursorStore, type StoredEventCursor } from './cursor-store.js';
import { deliver, persistOnTeardown, type DeliveryContext } from './delivery.js';
import { pollSteps, pushSteps, type DeliveryStep } from './steps.js';
import type { EventNotice, SubscribeEventsOptions } from './types.js';
import { schemaCheck } from './validate.js';

/** Failures after which a subscription resumes from its cursor: the connection or the stream went away. */
const RESUMABLE = new Set(['transport', 'closed', 'timeout', 'session-lost']);
const MAX_RESUME_DELAY_MS = 30_000;

/** The event type `name` (`given`, else from `events/list`), or `EventSubscriptionError` (`unknown-type`). */
export function findType(client: Client, name: string, given: EventType | undefined): Observable<EventType> {
  if (given !== undefined) return of(given);
  return client.listEvents().pipe(
    switchMap((types) => {
      const found = types.find((type) => type.name === name);
      return found ? of(found) : throwError(() => new EventSubscriptionError(name, 'unknown-type', `The server lists no event type "${name}"`));
    }),
  );
}

function modeOf(type: EventType, wanted: SubscribeEventsOptions['mode']): Exclude<EventDeliveryMode, 'webhook'> | EventSubscriptionError {
  const offered = type.delivery;
  if (wanted !== undefined) {
    return offered.includes(wanted) ? wanted : new EventSubscriptionError(type.name, 'no-delivery-mode', `Event type "${type.name}" is not delivered by ${wanted} (it offers ${offered.join(', ')})`);
  }
  if (offered.includes('push')) return 'push';
  if (offered.includes('poll')) return 'poll';
  return new EventSubscriptionError(type.name, 'no-delivery-mode', `Event type "${type.name}" offers no delivery mode this client runs (it offers ${offered.join(', ')})`);
}

/** Emits once when `client` is closed for good. */
export const closed = (client: Client) => new Observable<void>((subscriber) => client.server$.subscribe({ complete: () => subscriber.next() }));

function steps(client: Client, mode: 'push' | 'poll', context: DeliveryContext, name: string, args: JsonObject | undefined, options: SubscribeEventsOptions): Observable<DeliveryStep> {
  const base = { name, ...(args === undefined ? {} : { arguments: args }), ...(options.maxAgeMs === undefined ? {} : { maxAgeMs: options.maxAgeMs }) };
  const firstDelay = options.resumeDelayMs ?? 500;
  const delay = (attempt: number) => timer(Math.min(MAX_RESUME_DELAY_MS, firstDelay * 2 ** Math.max(0, attempt - 1)));
  const round = defer(() => {
    const params = { ...base, cursor: context.state.cursor };
    if (mode === 'push') return pushSteps(client, params, options.heartbeatTimeoutMs ?? 60_000);
    const poll = { ...params, ...(options.maxEvents === undefined ? {} : { maxEvents: options.maxEvents }) };
    return pollSteps(client, poll, { minPollMs: options.minPollMs ?? 1000, defaultPollMs: options.defaultPollMs ?? 5000 });
  });
  return round.pipe(
    retry({ delay: (error: unknown, attempt) => (McpError.is(error) && RESUMABLE.has(error.code) ? delay(attempt) : throwError(() => error)), resetOnSuccess: true }),
    // A stream the server ended gracefully is opened again from the cursor.
    repeat({ delay: () => delay(1) }),
  );
}

/**
 * Subscribes to the event type `name` with `args` (Events extension): finds the type (`events/list`, or
 * `options.eventType`), checks `args` against its `inputSchema` before sending anything, picks the delivery mode the
 * type offers (push over `events/stream`, else poll over `events/poll` at the server's `nextPollMs`), and delivers
 * each occurrence once: de-duplicated by `eventId`, its `data` checked against `payloadSchema`, the position saved to
 * the cursor store after each. A dropped stream or connection resumes from the saved cursor (with backoff); a new
 * subscription with the same store, name and arguments resumes where the last one stopped, after a restart too.
 *
 * - **Temperature:** cold; each subscription is one subscription to the server's events.
 * - **Emits:** `ReceivedEvent`s (`type: 'event'`) in the server's order, and `EventsTruncated` (`type: 'truncated'`)
 *   where the server skipped occurrences.
 * - **Completes:** when the client is closed.
 * - **Errors:** `EventSchemaError` (`arguments`: nothing sent; `payload` with `validatePayload: 'error'`: the cursor
 *   stays before that occurrence), `EventSubscriptionError` (`unknown-type`, `no-delivery-mode`, `terminated`),
 *   `UnsupportedMethodError` when the server does not declare the extension, and a verb's errors other than a lost
 *   connection or stream.
 * - **Teardown:** ends the push stream on the wire, or stops polling (cancelling a poll in flight).
 * @example
 * ```ts
 * import { subscribeEvents } from 'rxmcp/events';
 *
 * subscribeEvents(client, 'example.tick', { every: 1 }).subscribe((notice) => {
 *   if (notice.type === 'event') console.log(notice.eventId, notice.data);
 *   else console.warn(`some "${notice.name}" events were skipped`);
 * });
 * ```
 */
export function subscribeEvents(client: Client, name: string, args?: JsonObject, options: SubscribeEventsOptions = {}): Observable<EventNotice> {
  return findType(client, name, options.eventType).pipe(
    switchMap((type) => {
      const mode = modeOf(type, options.mode);
      if (mode instanceof EventSubscriptionError) return throwError(() => mode);
      const refused = schemaCheck(name, 'arguments', type.inputSchema)(args ?? {});
      if (refused !== undefined) return throwError(() => refused);
      const store = options.store ?? memoryCursorStore();
      const key = eventCursorKey(name, args, options.scope);
      const loaded = defer(() => {
        const entry = store.load(key);
        return entry instanceof Promise ? from(entry) : of(entry);
      });
      return loaded.pipe(
        map((entry): DeliveryContext => ({
          name, key, store, checkPayload: schemaCheck(name, 'payload', type.payloadSchema), validate: options.validatePayload ?? 'error',
          report: options.report, seenLimit: options.seenLimit ?? 256, state: entry ?? ({ cursor: null, seen: [] } satisfies StoredEventCursor), saved: entry,
        })),
        switchMap((context) =>
          steps(client, mode, context, name, args, options).pipe(
            concatMap((step) => deliver(context, step)),
            finalize(() => persistOnTeardown(context)),
          ),
        ),
      );
    }),
    takeUntil(closed(client)),
  );
}
