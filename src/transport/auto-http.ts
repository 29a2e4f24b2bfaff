import {
  catchError,
  concat,
  defaultIfEmpty,
  defer,
  EMPTY,
  from,
  map,
  merge,
  Observable,
  of,
  share,
  Subject,
  switchMap,
  take,
  tap,
  throwError,
} from 'rxjs';
import { TransportError } from '../errors/errors.js';
import { legacySse, type LegacySseOptions } from './legacy-sse.js';
import type { HttpAuth } from './streamable-http-auth.js';
import { streamableHttp, type StreamableHttpTransport } from './streamable-http.js';
import type { StreamableHttpOptions } from './streamable-http-options.js';
import type { InboundFrame, OutboundFrame, Transport } from './types.js';

/** HTTP statuses to the first POST that mean "not a Streamable HTTP endpoint": try HTTP+SSE instead. */
const LEGACY_STATUSES: readonly number[] = [400, 404, 405];

/** What an HTTP server turned out to speak. */
export type DetectedHttpKind = 'streamable-http' | 'legacy-sse';

/** Options of `httpTransport`: those of `streamableHttp`, plus the legacy fallback's own. */
export interface HttpTransportOptions extends StreamableHttpOptions {
  /**
   * Options of the HTTP+SSE fallback. `fetch`, `headers`, `requestHeaders` and `auth` default to the ones above (the
   * fallback's `fetch` must give web-stream bodies: in Node, the global `fetch`, not `cross-fetch`).
   */
  readonly legacy?: LegacySseOptions;
}

/** An HTTP transport that finds out which HTTP transport the server speaks. */
export interface HttpTransport extends Transport {
  readonly kind: 'http';
  /** What the server speaks, once a connection found out; later connections use it directly. */
  readonly detected: DetectedHttpKind | undefined;
  /** The authorization both transports consult (`options.auth`), if any. */
  readonly auth: HttpAuth | undefined;
}

interface AutoState {
  readonly streamable: StreamableHttpTransport;
  readonly legacy: Transport;
  detected: DetectedHttpKind | undefined;
}

/**
 * An HTTP transport for servers of any revision: it POSTs the first frame the Streamable HTTP way; when that POST
 * answers 400, 404 or 405 it falls back to the HTTP+SSE transport of 2024-11-05 on the same URL and sends the
 * first frame again there. A request sent before `initialize` that is refused so (a `server/discover` probe) gets a
 * JSON-RPC error instead, and the `initialize` that follows decides. Every frame goes through `connect`
 * (there is no `exchange`), so requests are cancelled with `notifications/cancelled` on both.
 *
 * `connect(outbound$)`:
 * - **Temperature:** cold; each subscription opens one connection (the first one detects the transport).
 * - **Emits:** the inbound frames of the detected transport, the first frame's response included.
 * - **Completes:** as the detected transport does (Streamable HTTP: when `outbound$` completes and its POSTs
 *   are done; right away when `outbound$` completes before its first frame).
 * - **Errors:** `TransportError` when the first POST fails otherwise, and the detected transport's errors.
 * - **Teardown:** that of the detected transport; frames written while the first POST is pending are held and
 *   sent, in order, to the transport detected.
 *
 * @param url The MCP endpoint (Streamable HTTP) or the SSE URL (HTTP+SSE).
 */
export function httpTransport(url: string | URL, options: HttpTransportOptions = {}): HttpTransport {
  const state: AutoState = {
    streamable: streamableHttp(url, options),
    legacy: legacySse(url, {
      fetch: options.fetch,
      headers: options.headers,
      requestHeaders: options.requestHeaders,
      auth: options.auth,
      ...options.legacy,
    }),
    detected: undefined,
  };
  return {
    kind: 'http',
    cancellation: 'notification',
    connect: (outbound$) => connectAuto(state, outbound$),
    get detected() {
      return state.detected;
    },
    auth: options.auth,
  };
}

function connectAuto(state: AutoState, outbound$: Observable<OutboundFrame>): Observable<InboundFrame> {
  if (state.detected === 'legacy-sse') return state.legacy.connect(outbound$);
  if (state.detected === 'streamable-http') return state.streamable.connect(outbound$);
  return detecting(state, outbound$);
}

/** Detects the transport on the first frame of `outbound$` (see `detect`), holding the frames that follow it. */
function detecting(state: AutoState, outbound$: Observable<OutboundFrame>): Observable<InboundFrame> {
  return new Observable<InboundFrame>((subscriber) => {
    const relay = outboundRelay();
    let started = false;
    subscriber.add(
      outbound$.subscribe({
        next: (frame) => {
          if (started) return relay.next(frame);
          started = true;
          subscriber.add(
            detect(state, frame, relay.frames$).subscribe({
              next: (inbound) => subscriber.next(inbound),
              error: (error: unknown) => subscriber.error(error),
              complete: () => subscriber.complete(),
            }),
          );
        },
        error: (error: unknown) => (started ? relay.error(error) : subscriber.error(TransportError.from(error))),
        complete: () => (started ? relay.complete() : subscriber.complete()),
      }),
    );
  });
}

/**
 * POSTs `first` with the Streamable HTTP transport. Its first inbound frame, or a response without frames
 * (202), settles it: the rest of the frames go to `streamableHttp`. A 400, 404 or 405 before that switches
 * to `legacySse`, which gets `first` again and then the rest, when `first` is `initialize` (or not a request).
 * A request before `initialize` (the `server/discover` probe of a client that negotiates by itself) proves
 * nothing: a 2025 Streamable HTTP server refuses it with 400 for want of a session. It is answered with a
 * JSON-RPC error naming the status, so that the client goes on to `initialize`, and detection waits for that.
 */
function detect(state: AutoState, first: OutboundFrame, rest$: Observable<OutboundFrame>): Observable<InboundFrame> {
  return defer(() => {
    let settled = false;
    const probe$ = state.streamable.exchange(first).pipe(share());
    const settle$ = probe$.pipe(
      take(1),
      map(() => true),
      defaultIfEmpty(true),
      tap(() => {
        settled = true;
        state.detected = 'streamable-http';
      }),
    );
    return merge(probe$, settle$.pipe(switchMap(() => state.streamable.connect(rest$)))).pipe(
      catchError((error: unknown) => {
        if (settled || !isLegacyAnswer(error)) return throwError(() => error);
        const id = requestIdOf(first);
        if (id !== undefined && !isInitialize(first)) return concat(of(refusedProbe(id, error as TransportError)), detecting(state, rest$));
        state.detected = 'legacy-sse';
        return state.legacy.connect(concat(of(first), rest$));
      }),
    );
  });
}

function requestIdOf(frame: OutboundFrame): string | number | undefined {
  const message = frame.message as { id?: unknown; method?: unknown };
  return typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number') ? message.id : undefined;
}

const isInitialize = (frame: OutboundFrame): boolean => (frame.message as { method?: unknown }).method === 'initialize';

/** The JSON-RPC error answering a request that was refused with an HTTP status before `initialize`. */
function refusedProbe(id: string | number, error: TransportError): InboundFrame {
  const message = { jsonrpc: '2.0', id, error: { code: -32600, message: `Refused before initialize: ${error.message}`, data: { status: error.status } } };
  return { message, info: { httpStatus: error.status as number } };
}

function isLegacyAnswer(error: unknown): boolean {
  return TransportError.is(error) && error.status !== undefined && LEGACY_STATUSES.includes(error.status);
}

interface OutboundRelay {
  /** The held frames, then the live ones; for one subscriber. */
  readonly frames$: Observable<OutboundFrame>;
  next(frame: OutboundFrame): void;
  error(error: unknown): void;
  complete(): void;
}

/** Holds outbound frames until a transport subscribes to `frames$`, then passes them on as they come. */
function outboundRelay(): OutboundRelay {
  const held: OutboundFrame[] = [];
  const live = new Subject<OutboundFrame>();
  let attached = false;
  let end: { readonly failed: boolean; readonly error?: unknown } | undefined;
  return {
    frames$: defer(() => {
      attached = true;
      const last = end;
      const tail$: Observable<OutboundFrame> =
        last === undefined ? live : last.failed ? throwError(() => last.error) : EMPTY;
      return concat(from(held.splice(0)), tail$);
    }),
    next: (frame) => (attached ? live.next(frame) : void held.push(frame)),
    error: (error) => (attached ? live.error(error) : void (end = { failed: true, error })),
    complete: () => (attached ? live.complete() : void (end = { failed: false })),
  };
}
