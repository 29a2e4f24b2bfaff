import type { FetchLike as EventSourceFetch } from 'eventsource';
import { from, Observable, switchMap } from 'rxjs';
import { McpError } from '../../errors/mcp-error.js';
import { TransportError } from '../../errors/errors.js';
import { networkReason } from './network-error.js';
import { resolveFetch, type FetchLike } from './fetch.js';

/** What an `EventSource` constructor receives besides the URL (the DOM's ignores `fetch`). */
export interface EventSourceInitLike {
  /** Send cookies cross-origin (the DOM's `withCredentials`). */
  readonly withCredentials?: boolean;
  /** The request function of the `eventsource` package; how headers reach the server. */
  readonly fetch?: EventSourceFetch;
}

/** The part of an `EventSource` rxmcp uses: the DOM's and the `eventsource` package's both fit. */
export interface EventSourceLike {
  /** Listens for `open`, `error`, `message` and named events. */
  addEventListener(type: string, listener: (event: Event) => void): void;
  /** Closes the stream for good. */
  close(): void;
}

/** A constructor of `EventSourceLike`, such as `globalThis.EventSource` or the `eventsource` package's. */
export type EventSourceConstructor = new (url: string, init?: EventSourceInitLike) => EventSourceLike;

/** One event of a `text/event-stream`. */
export interface SseEvent {
  /** The event type (`message` when the stream gave none). */
  readonly type: string;
  readonly data: string;
  /** The `id:` of the event, when it had one. */
  readonly id?: string;
}

/** Options of `eventStream`. */
export interface EventStreamOptions {
  /** Event types to listen for; others are ignored. */
  readonly types: readonly string[];
  /**
   * The request function for the GET; default `globalThis.fetch`. Its responses must have web
   * `ReadableStream` bodies (`cross-fetch` in Node has Node streams and fails).
   */
  readonly fetch?: FetchLike;
  /** Headers for the GET, read once per connection attempt (`Accept` stays `text/event-stream`). */
  readonly headers?: () => Promise<Readonly<Record<string, string>>>;
  /** The constructor to use; default the `eventsource` package's `EventSource` (loaded on the first stream). */
  readonly EventSource?: EventSourceConstructor;
}

let polyfill: Promise<EventSourceConstructor> | undefined;

/**
 * The `eventsource` package, imported when the first stream opens without a constructor of its own: only the
 * legacy HTTP+SSE transport needs it, so importing rxmcp does not load it.
 */
function loadPolyfill(): Promise<EventSourceConstructor> {
  polyfill ??= import('eventsource').then(
    (module) => module.EventSource as EventSourceConstructor,
    (error: unknown) => {
      throw new TransportError('the eventsource package could not be loaded: pass `EventSource` in the options', { cause: error });
    },
  );
  return polyfill;
}

/**
 * Opens an event stream with an `EventSource` and treats its first failure as the end: the stream is never
 * reconnected, because a new connection would be a new server session.
 *
 * - **Temperature:** cold; each subscription opens one `EventSource`.
 * - **Emits:** every event of the requested types, in arrival order.
 * - **Completes:** never on its own.
 * - **Errors:** `TransportError` (with the HTTP `status` when there was one) on the first `error` event: a
 *   failed or refused GET, or the server closing the stream. An error thrown by `options.headers` is passed
 *   on as it is when it is an `McpError`.
 *   A failure to load the `eventsource` package is a `TransportError` too.
 * - **Teardown:** closes the `EventSource`, which aborts its GET.
 */
export function eventStream(url: URL, options: EventStreamOptions): Observable<SseEvent> {
  if (options.EventSource !== undefined) return openStream(url, options, options.EventSource);
  return from(loadPolyfill()).pipe(switchMap((Ctor) => openStream(url, options, Ctor)));
}

function openStream(url: URL, options: EventStreamOptions, Ctor: EventSourceConstructor): Observable<SseEvent> {
  return new Observable<SseEvent>((subscriber) => {
    const failure: { cause?: unknown } = {};
    let source: EventSourceLike;
    try {
      source = new Ctor(url.href, { fetch: streamFetch(options, failure) });
    } catch (error) {
      subscriber.error(TransportError.from(error));
      return undefined;
    }
    subscriber.add(() => source.close());
    for (const type of options.types) {
      source.addEventListener(type, (event) => subscriber.next(toSseEvent(type, event)));
    }
    source.addEventListener('error', (event) => {
      source.close();
      subscriber.error(streamError(url, event, failure.cause));
    });
    return undefined;
  });
}

/** The `fetch` handed to the `EventSource`: the chosen one, with our headers under the stream's own. */
function streamFetch(options: EventStreamOptions, failure: { cause?: unknown }): EventSourceFetch {
  const fetchImpl = resolveFetch(options.fetch);
  const readHeaders = options.headers ?? (() => Promise.resolve({}));
  return async (input, init) => {
    try {
      const headers: Record<string, string> = { ...(await readHeaders()) };
      for (const [name, value] of Object.entries(init.headers)) headers[name.toLowerCase()] = value;
      return await fetchImpl(String(input), { ...init, headers } as RequestInit);
    } catch (error) {
      failure.cause = error;
      throw error;
    }
  };
}

function toSseEvent(type: string, event: Event): SseEvent {
  const { data, lastEventId } = event as MessageEvent<unknown>;
  const text = typeof data === 'string' ? data : String(data ?? '');
  return lastEventId ? { type, data: text, id: lastEventId } : { type, data: text };
}

/** The typed error for an `error` event (`eventsource` adds `code` and `message`; the DOM's has neither). */
function streamError(url: URL, event: Event, cause: unknown): McpError {
  if (McpError.is(cause)) return cause;
  const { code, message } = event as Event & { code?: unknown; message?: unknown };
  const status = typeof code === 'number' ? code : undefined;
  const detail = typeof message === 'string' && message !== '' ? message : 'the stream failed or was closed';
  const reason = cause === undefined ? detail : `${detail}: ${networkReason(cause)}`;
  return new TransportError(`Event stream ${url.href}: ${reason}`, { status, cause });
}
