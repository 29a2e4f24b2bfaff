import { Observable, type Subscriber } from 'rxjs';
import type { McpErrorOptions } from '../errors/mcp-error.js';
import { TransportError } from '../errors/errors.js';
import { parseJsonFrame } from './internal/json-frame.js';
import type { InboundFrame, OutboundFrame, Transport } from './types.js';

/** The WebSocket subprotocol of MCP. */
export const MCP_WEBSOCKET_SUBPROTOCOL = 'mcp';

/** The close code of a normal closure, the only one that completes a connection. */
const NORMAL_CLOSURE = 1000;
const CONNECTING = 0;
const OPEN = 1;

/** The part of a WebSocket rxmcp uses: the DOM's and the `ws` package's both fit. */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** Sends one text message. */
  send(data: string): void;
  /** Closes the socket with a close code and reason. */
  close(code?: number, reason?: string): void;
  /** Listens for messages. */
  addEventListener(type: 'message', listener: (event: {
    /** The message: a string for text frames. */
    readonly data: unknown;
  }) => void): void;
  /** Listens for the close, with its code and reason. */
  addEventListener(type: 'close', listener: (event: {
    /** The close code, e.g. 1000 (normal) or 1006 (abnormal). */
    readonly code: number;
    /** The reason the peer gave. */
    readonly reason: string;
  }) => void): void;
  /** Listens for the opening and for errors. */
  addEventListener(type: 'open' | 'error', listener: (event: unknown) => void): void;
}

/** A WebSocket constructor, such as `globalThis.WebSocket` or the `ws` package's `WebSocket`. */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

/** Options of `webSocket`. */
export interface WebSocketOptions {
  /** The WebSocket constructor; default `globalThis.WebSocket` (browsers; Node 22 and later). */
  readonly WebSocket?: WebSocketConstructor;
}

/** The WebSocket closed with a code other than 1000 (normal closure). */
export class WebSocketCloseError extends TransportError {
  static override readonly kind: string = 'WebSocketCloseError';
  /** The close code (1006 when the connection dropped without a close frame). */
  readonly closeCode: number;
  /** The close reason the peer gave, or an empty string. */
  readonly closeReason: string;

  constructor(closeCode: number, closeReason: string, options: McpErrorOptions = {}) {
    super(`WebSocket closed with code ${closeCode}${closeReason === '' ? '' : `: ${closeReason}`}`, options);
    this.closeCode = closeCode;
    this.closeReason = closeReason;
  }
}

/**
 * A WebSocket transport: subprotocol `mcp`, one JSON-RPC message per text frame, both ways.
 *
 * `connect(outbound$)`:
 * - **Temperature:** cold; each subscription opens one WebSocket.
 * - **Emits:** one `InboundFrame` per message (text that is not JSON, and binary frames, become `malformed`
 *   frames).
 * - **Completes:** when the socket closes with code 1000.
 * - **Errors:** `WebSocketCloseError` (a `TransportError`) with the close code and reason for any other close,
 *   including a failed handshake or a server that does not speak the `mcp` subprotocol; `TransportError` when
 *   no WebSocket constructor is available, the URL is refused, or a frame cannot be sent.
 * - **Teardown:** closes the socket with code 1000. `outbound$` is subscribed once the socket is open.
 *
 * @param url A `ws:` or `wss:` URL.
 * @example
 * ```ts
 * import { createClient, webSocket } from 'rxmcp';
 *
 * const client = createClient(webSocket('wss://example.com/mcp'));
 * ```
 */
export function webSocket(url: string | URL, options: WebSocketOptions = {}): Transport {
  return {
    kind: 'websocket',
    cancellation: 'notification',
    connect: (outbound$) => connectWebSocket(String(url), options, outbound$),
  };
}

function connectWebSocket(
  url: string,
  options: WebSocketOptions,
  outbound$: Observable<OutboundFrame>,
): Observable<InboundFrame> {
  return new Observable<InboundFrame>((subscriber) => {
    const socket = openSocket(url, options);
    if (socket instanceof TransportError) return subscriber.error(socket);
    let closed = false;
    subscriber.add(() => {
      closed = true;
      if (socket.readyState === CONNECTING || socket.readyState === OPEN) socket.close(NORMAL_CLOSURE);
    });
    socket.addEventListener('error', () => undefined);
    socket.addEventListener('message', (event) => {
      if (!closed) subscriber.next(toFrame(event.data));
    });
    socket.addEventListener('close', (event) => {
      if (event.code === NORMAL_CLOSURE) subscriber.complete();
      else subscriber.error(new WebSocketCloseError(event.code, event.reason));
    });
    socket.addEventListener('open', () => startWriting(socket, subscriber, outbound$));
    return undefined;
  });
}

function openSocket(url: string, options: WebSocketOptions): WebSocketLike | TransportError {
  const Ctor = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (Ctor === undefined) {
    return new TransportError('No WebSocket constructor: pass one as the WebSocket option');
  }
  try {
    return new Ctor(url, MCP_WEBSOCKET_SUBPROTOCOL);
  } catch (error) {
    return new TransportError(`Cannot open a WebSocket to ${url}`, { cause: error });
  }
}

/** Subscribes to `outbound$` and writes each frame as one text frame. */
function startWriting(
  socket: WebSocketLike,
  subscriber: Subscriber<InboundFrame>,
  outbound$: Observable<OutboundFrame>,
): void {
  subscriber.add(
    outbound$.subscribe({
      next: (frame) => {
        try {
          socket.send(JSON.stringify(frame.message));
        } catch (error) {
          subscriber.error(new TransportError('Cannot send a WebSocket frame', { cause: error }));
        }
      },
      error: (error: unknown) => subscriber.error(TransportError.from(error)),
    }),
  );
}

function toFrame(data: unknown): InboundFrame {
  if (typeof data === 'string') return parseJsonFrame(data);
  return { malformed: { raw: '', reason: 'Binary WebSocket frame: MCP sends one JSON-RPC message per text frame' } };
}
