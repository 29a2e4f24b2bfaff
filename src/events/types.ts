import type { EventSchemaError } from '../errors/event-errors.js';
import type { OutputValidation } from '../protocol/output-schema.js';
import type { EventDeliveryMode, EventOccurrence, EventType } from '../protocol/model/events.js';
import type { EventCursorStore } from './cursor-store.js';

/** An occurrence, as a subscription delivers it: the occurrence's fields and `type: 'event'`. */
export interface ReceivedEvent extends EventOccurrence {
  /** Tells it from a notice. */
  readonly type: 'event';
}

/**
 * The server started later than the position the subscription resumed from: occurrences between were skipped
 * (`truncated: true` of a poll answer or of `notifications/events/active`). Fetch authoritative state if it matters.
 */
export interface EventsTruncated {
  /** Tells it from an occurrence. */
  readonly type: 'truncated';
  /** The event type's name. */
  readonly name: string;
  /** The fresh position the server continues from. */
  readonly cursor: string | null;
}

/** What a subscription emits: occurrences, and a notice where some were skipped. */
export type EventNotice = ReceivedEvent | EventsTruncated;

/** Options of `subscribeEvents`. */
export interface SubscribeEventsOptions {
  /** Run this mode (it must be offered); by default push where the type offers it, else poll. */
  readonly mode?: Exclude<EventDeliveryMode, 'webhook'>;
  /** The event type's entry, when already listed; otherwise `events/list` is walked to find it. */
  readonly eventType?: EventType;
  /** Where the cursor is kept between runs; default: a memory store of this subscription's own. */
  readonly store?: EventCursorStore;
  /** Prefix of the store key, to tell servers apart in a shared store (the key is `scope name canonical-arguments`). */
  readonly scope?: string;
  /** Payloads against `payloadSchema`: `error` (default: the stream fails with `EventSchemaError`), `diagnostic`, `off`. */
  readonly validatePayload?: OutputValidation;
  /** Receives each payload failure in `diagnostic` mode, and each `notifications/events/error` as an `Error`. */
  readonly report?: (problem: EventSchemaError | Error) => void;
  /** Replay no occurrence older than this many milliseconds (`maxAgeMs`). */
  readonly maxAgeMs?: number;
  /** Poll: at most this many occurrences per answer (`maxEvents`). */
  readonly maxEvents?: number;
  /** Poll: the shortest wait between polls, whatever `nextPollMs` says (default 1000). */
  readonly minPollMs?: number;
  /** Poll: the wait when the server gives no `nextPollMs` (default 5000). */
  readonly defaultPollMs?: number;
  /** Push: a stream silent (no event, no heartbeat) this long is dead and is opened again (default 60000). */
  readonly heartbeatTimeoutMs?: number;
  /** The first wait before resuming after a dropped stream or connection; doubles per failure up to 30 s (default 500). */
  readonly resumeDelayMs?: number;
  /** How many `eventId`s are remembered to skip repeats across resumptions (default 256). */
  readonly seenLimit?: number;
}
