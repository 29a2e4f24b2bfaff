import { createParser, type EventSourceParser } from 'eventsource-parser';
import { Observable, type OperatorFunction } from 'rxjs';
import { TransportError } from '../../errors/errors.js';

/** One dispatched server-sent event. */
export interface SseEvent {
  readonly type: 'event';
  /** The `event:` field, when the server sent one (`undefined` means the default type, `message`). */
  readonly event: string | undefined;
  /** The `id:` field of this event, when present (an empty `data` event with an id is a priming event). */
  readonly id: string | undefined;
  readonly data: string;
}

/** A `retry:` field: the reconnection delay the server asks for, in milliseconds. */
export interface SseRetry {
  readonly type: 'retry';
  readonly ms: number;
}

/** What `parseSse` emits: events and reconnection-delay updates, in stream order. Comments are dropped. */
export type SseItem = SseEvent | SseRetry;

/** Options of `parseSse`. */
export interface ParseSseOptions {
  /** Most characters buffered for one event before the stream fails (default: unbounded). */
  readonly maxBufferSize?: number;
}

const CR = 0x0d;

function createItemParser(emit: (item: SseItem) => void, fail: (error: unknown) => void, options: ParseSseOptions) {
  return createParser({
    onEvent: (message) => emit({ type: 'event', event: message.event, id: message.id, data: message.data }),
    onRetry: (ms) => emit({ type: 'retry', ms }),
    onError: (error) => {
      // Unknown fields and bad `retry` values are ignored, as the SSE standard says; only an overflow is fatal.
      if (error.type === 'max-buffer-size-exceeded') {
        fail(new TransportError(`Server-sent event larger than ${options.maxBufferSize} characters`, { cause: error }));
      }
    },
    maxBufferSize: options.maxBufferSize,
  });
}

/**
 * Parses decoded `text/event-stream` chunks (any split) into events with `eventsource-parser`.
 *
 * - **Temperature:** cold; each subscription parses its own subscription of the source.
 * - **Emits:** an `SseEvent` per dispatched event and an `SseRetry` per `retry:` field, in order.
 * - **Completes:** when the source completes (an event whose blank line ends in the stream's last CR is
 *   dispatched first). An event without its terminating blank line is dropped.
 * - **Errors:** the source's error; `TransportError` when one event exceeds `maxBufferSize`.
 * - **Teardown:** unsubscribes from the source.
 */
export function parseSse(options: ParseSseOptions = {}): OperatorFunction<string, SseItem> {
  return (source) =>
    new Observable<SseItem>((subscriber) => {
      const parser: EventSourceParser = createItemParser(
        (item) => subscriber.next(item),
        (error) => subscriber.error(error),
        options,
      );
      // A CR at the end of a chunk may be the first half of a CRLF, so the parser holds it; at the end of the
      // stream it is a whole line end, and an event it terminates must still be dispatched.
      let endsInCr = false;
      return source.subscribe({
        next: (chunk) => {
          if (subscriber.closed || chunk === '') return;
          parser.feed(chunk);
          endsInCr = chunk.charCodeAt(chunk.length - 1) === CR;
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          if (endsInCr && !subscriber.closed) parser.feed('\n');
          subscriber.complete();
        },
      });
    });
}
