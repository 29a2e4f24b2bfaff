import { concat, defer, EMPTY, from, Observable, Subject, tap, throwError, type Subscriber, type Subscription } from 'rxjs';
import { TransportError } from '../errors/errors.js';
import { frameFailure } from './internal/frame-failure.js';
import { legacySse, type LegacySseOptions } from './legacy-sse.js';
import type { HttpAuth } from './streamable-http-auth.js';
import { streamableHttp, type StreamableHttpTransport } from './streamable-http.js';
import type { StreamableHttpOptions } from './streamable-http-options.js';
import type { InboundFrame, OutboundFrame, Transport } from './types.js';

/** HTTP statuses to `initialize` that mean "not a Streamable HTTP endpoint" (without a JSON-RPC body): try HTTP+SSE. */
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
  /**
   * The Streamable HTTP exchange of one request; usable once the server turned out to speak Streamable HTTP
   * (`exchangeable()` says when).
   *
   * - **Temperature:** cold; each subscription POSTs `frame` once.
   * - **Emits:** every frame of that POST's response. **Completes:** once the response has arrived.
   * - **Errors:** as `streamableHttp`'s `exchange`: `SessionExpiredError`, `TransportError`.
   * - **Teardown:** aborts the POST.
   */
  exchange(frame: OutboundFrame): Observable<InboundFrame>;
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
 * An HTTP transport that finds out what the server speaks, as the specification's back-compat rules say. Until it
 * knows, it POSTs each frame the Streamable HTTP way, in order: a success, or an error whose body is JSON-RPC (a
 * Streamable HTTP server refusing a request it cannot take yet, say a `server/discover` before `initialize`),
 * means Streamable HTTP; an `initialize` refused with 400, 404 or 405 and no JSON-RPC body means the HTTP+SSE
 * transport of 2024-11-05 on the same URL, which gets that `initialize` again and then the rest. Any other
 * refusal fails only the frame refused (the client then falls back from its probe to `initialize`). Once known,
 * later connections use the transport found directly, and requests get their own exchange on Streamable HTTP
 * (so 2026-07-28 requests are cancelled by closing their stream); a connection of the known kind that fails before
 * it received anything makes the next one find out again.
 *
 * `connect(outbound$)`:
 * - **Temperature:** cold; each subscription opens one connection (the first one detects the transport).
 * - **Emits:** the inbound frames of the detected transport (and, while detecting, of each POST); a frame that
 *   could not be delivered while detecting is emitted as a `failure` frame.
 * - **Completes:** as the detected transport does; right away when `outbound$` completes before a decision.
 * - **Errors:** the detected transport's errors.
 * - **Teardown:** that of the detected transport, and of the POSTs in flight.
 *
 * @param url The MCP endpoint (Streamable HTTP) or the SSE URL (HTTP+SSE).
 * @example
 * ```ts
 * import { createClient, httpTransport } from 'rxmcp';
 *
 * // Streamable HTTP when the server speaks it, else the older HTTP+SSE transport.
 * const transport = httpTransport('https://example.com/mcp');
 * const client = createClient(transport);
 * client.connect().subscribe(() => console.log(`the server speaks ${transport.detected}`));
 * ```
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
    exchange: (frame) => state.streamable.exchange(frame),
    exchangeable: () => state.detected === 'streamable-http',
    checkHealth: () => {
      if (state.detected === 'legacy-sse') return { ok: true, detail: 'HTTP+SSE (2024-11-05)' };
      return state.streamable.checkHealth?.() ?? { ok: true, detail: 'nothing detected yet' };
    },
    keepSession: () => state.streamable.keepSession(),
    get detected() {
      return state.detected;
    },
    auth: options.auth,
  };
}

/** The detected kind's connection; when it fails before anything arrived, the next connection detects again. */
function connectDetected(state: AutoState, kind: DetectedHttpKind, outbound$: Observable<OutboundFrame>): Observable<InboundFrame> {
  return defer(() => {
    let received = false;
    const transport = kind === 'legacy-sse' ? state.legacy : state.streamable;
    return transport.connect(outbound$).pipe(
      tap({
        next: () => (received = true),
        error: () => {
          if (!received && state.detected === kind) state.detected = undefined;
        },
      }),
    );
  });
}

function connectAuto(state: AutoState, outbound$: Observable<OutboundFrame>): Observable<InboundFrame> {
  const known = state.detected;
  return known === undefined ? detecting(state, outbound$) : connectDetected(state, known, outbound$);
}

const isInitialize = (frame: OutboundFrame): boolean => (frame.message as { method?: unknown }).method === 'initialize';

/** POSTs the frames one by one until one answer decides; then hands every later frame to the transport found. */
function detecting(state: AutoState, outbound$: Observable<OutboundFrame>): Observable<InboundFrame> {
  return new Observable<InboundFrame>((subscriber) => {
    const relay = outboundRelay();
    const waiting: OutboundFrame[] = [];
    let decided = false;
    let probing = false;
    let outboundDone = false;
    // The connection ends when both the transport found and the probe still streaming (an SSE answer) are done.
    let open = 1;
    const done = () => {
      open -= 1;
      if (open === 0) subscriber.complete();
    };
    const decide = (kind: DetectedHttpKind, replay: readonly OutboundFrame[]) => {
      decided = true;
      state.detected = kind;
      subscriber.add(
        connectDetected(state, kind, concat(from(replay), relay.frames$)).subscribe({
          next: (frame) => subscriber.next(frame),
          error: (error: unknown) => subscriber.error(error),
          complete: done,
        }),
      );
    };
    const probeNext = (): void => {
      if (probing || decided || waiting.length === 0) {
        if (!decided && !probing && outboundDone) done();
        return;
      }
      const frame = waiting.shift() as OutboundFrame;
      probing = true;
      open += 1;
      subscriber.add(
        probe(state, frame, subscriber, {
          settle: (kind, legacy) => {
            probing = false;
            if (kind !== undefined) decide(kind, legacy ? [frame, ...waiting.splice(0)] : waiting.splice(0));
            else probeNext();
          },
          ended: done,
        }),
      );
    };
    subscriber.add(
      outbound$.subscribe({
        next: (frame) => {
          if (decided) return relay.next(frame);
          waiting.push(frame);
          return probeNext();
        },
        error: (error: unknown) => (decided ? relay.error(error) : subscriber.error(TransportError.from(error))),
        complete: () => {
          outboundDone = true;
          relay.complete();
          if (!decided) probeNext();
        },
      }),
    );
  });
}

/** What a probe reports: what its answer showed, and when its stream has ended. */
interface ProbeOutcome {
  settle(kind: DetectedHttpKind | undefined, replayFrame: boolean): void;
  ended(): void;
}

/**
 * POSTs one frame the Streamable HTTP way and says what its answer shows: `streamable-http` on any answer that
 * arrives (a frame, or a response without frames), `legacy-sse` for an `initialize` refused without JSON-RPC, or
 * nothing (the frame failed: reported as a `failure` frame).
 */
function probe(state: AutoState, frame: OutboundFrame, subscriber: Subscriber<InboundFrame>, outcome: ProbeOutcome): Subscription {
  let settled = false;
  const once = (kind: DetectedHttpKind | undefined, replayFrame = false) => {
    if (settled) return;
    settled = true;
    outcome.settle(kind, replayFrame);
  };
  return state.streamable.exchange(frame).subscribe({
    next: (inbound) => {
      // Decided before the answer is routed: what the client decides on it (its wire policy) sees the kind.
      once('streamable-http');
      subscriber.next(inbound);
    },
    error: (error: unknown) => {
      if (!settled && isInitialize(frame) && isLegacyAnswer(error)) once('legacy-sse', true);
      else {
        subscriber.next(frameFailure(frame, error));
        once(undefined);
      }
      outcome.ended();
    },
    complete: () => {
      once('streamable-http');
      outcome.ended();
    },
  });
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
