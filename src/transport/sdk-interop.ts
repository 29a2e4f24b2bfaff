// Bridges between rxmcp transports and the official MCP SDK's `Transport` (`@modelcontextprotocol/sdk` 1.x,
// `@modelcontextprotocol/client` 2.x), in both directions. Only the SDK's shape is used, never its code: the SDK is
// not a dependency of rxmcp, and nothing here imports it.
//
// The SDK's transport is callback-driven and push-based (`start`, `send`, `onmessage`, `onclose`); an rxmcp
// transport is an Observable duplex. One SDK transport object is one connection and cannot be started twice, so
// `fromSdkTransport` takes a factory when the connection should be able to open again.
import { Observable, Subject, type Subscription } from 'rxjs';
import { TransportError } from '../errors/errors.js';
import {
  JsonRpcMessageSchema, type JsonRpcErrorResponse, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcRequest,
  type JsonRpcSuccess, type RequestId,
} from '../protocol/jsonrpc.js';
import { frameFailure, streamFailure } from './internal/frame-failure.js';
import type { InboundFrame, OutboundFrame, Transport } from './types.js';

/**
 * A JSON-RPC message as the official SDK types it: as rxmcp's, except that an error response's `id` is never
 * `null` (an id that could not be read is left out).
 */
export type SdkJsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcSuccess | (Omit<JsonRpcErrorResponse, 'id'> & {
  /** The id of the request this answers, when it could be read. */
  readonly id?: RequestId;
});

/** What the official SDK passes to `Transport.send` (the members the bridges read or give). */
export interface SdkTransportSendOptions {
  /** The inbound request this message answers or belongs to. */
  readonly relatedRequestId?: RequestId | undefined;
  /** SDK 2.x: headers for this message's own HTTP request (the 2026-07-28 routing headers). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The SDK's token to resume a request's event stream; the bridges never pass one. */
  readonly resumptionToken?: string | undefined;
}

/**
 * The official MCP SDK's `Transport` interface, by shape: every SDK client transport fits it
 * (`StdioClientTransport`, `StreamableHTTPClientTransport`, `SSEClientTransport`, `InMemoryTransport`, your own),
 * and what `toSdkTransport` returns fits the SDK's.
 *
 * The callbacks are declared as methods on purpose: the SDK types their parameters with its own message and
 * extra-info types, and method parameters are compared both ways, so transports of either side fit.
 */
export interface SdkTransport {
  /** Opens the connection; resolves once messages can be sent. */
  start(): Promise<void>;
  /** Sends one JSON-RPC message. */
  send(message: SdkJsonRpcMessage, options?: SdkTransportSendOptions): Promise<void>;
  /** Closes the connection; `onclose` is called too. */
  close(): Promise<void>;
  /** Called once when the connection ended, for any reason. */
  onclose?(): void;
  /** Called for failures that may or may not end the connection. */
  onerror?(error: Error): void;
  /** Called for every message received. */
  onmessage?(message: JsonRpcMessage, extra?: unknown): void;
  /** The session id, once the server gave one (Streamable HTTP). */
  sessionId?: string | undefined;
  /** Called by the client with the negotiated revision, after the handshake. */
  setProtocolVersion?(version: string): void;
}

/** Options of `fromSdkTransport`. */
export interface FromSdkTransportOptions {
  /** The `kind` of the rxmcp transport (default `sdk`). */
  readonly kind?: string;
}

/** An official SDK transport as an rxmcp `Transport`. */
export interface FromSdkTransport extends Transport {
  /** Whether another connection can be opened: true when made from a factory. */
  readonly reconnectable: boolean;
  /** The SDK transport's session id, when it has one (of the current or last connection). */
  readonly sessionId: string | undefined;
}

const PROTOCOL_VERSION_HEADER = 'mcp-protocol-version';

const asTransportError = (error: unknown): TransportError =>
  error instanceof TransportError ? error : new TransportError(error instanceof Error ? error.message : String(error), { cause: error });

function headerValue(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** One connection over one SDK transport object. */
function sdkConnection(sdk: SdkTransport, outbound$: Observable<OutboundFrame>, kind: string): Observable<InboundFrame> {
  return new Observable<InboundFrame>((subscriber) => {
    let writes: Subscription | undefined;
    let closed = false;
    let version: string | undefined;
    sdk.onmessage = (message) => subscriber.next(sdk.sessionId === undefined ? { message } : { message, info: { sessionId: sdk.sessionId } });
    // The SDK reports failures that do not end the connection here (a broken event stream, a message it could not read).
    sdk.onerror = (error) => subscriber.next(streamFailure(`${kind} transport`, error));
    sdk.onclose = () => {
      closed = true;
      subscriber.complete();
    };
    const write = (frame: OutboundFrame): void => {
      const next = headerValue(frame.headers, PROTOCOL_VERSION_HEADER);
      if (next !== undefined && next !== version) {
        version = next;
        sdk.setProtocolVersion?.(next);
      }
      const options: SdkTransportSendOptions = {
        ...(frame.relatedRequestId === undefined ? {} : { relatedRequestId: frame.relatedRequestId }),
        ...(frame.headers === undefined ? {} : { headers: frame.headers }),
      };
      // rxmcp never sends an error response whose id is null: the session answers requests by their ids.
      sdk.send(frame.message as SdkJsonRpcMessage, options).catch((error: unknown) => {
        if (!closed) subscriber.next(frameFailure(frame, error));
      });
    };
    sdk.start().then(
      () => {
        if (!subscriber.closed) writes = outbound$.subscribe({ next: write });
      },
      (error: unknown) => subscriber.error(asTransportError(error)),
    );
    return () => {
      writes?.unsubscribe();
      sdk.onmessage = undefined;
      sdk.onerror = undefined;
      sdk.onclose = undefined;
      if (!closed) sdk.close().catch(() => undefined);
    };
  });
}

/**
 * Wraps an official MCP SDK transport as an rxmcp `Transport`, so transports written for the SDK (your own, or the
 * SDK's `StdioClientTransport`, `StreamableHTTPClientTransport`, `InMemoryTransport`) work with `createClient`.
 * Pass a factory (`() => new StdioClientTransport(…)`) to let the client reconnect: an SDK transport object opens
 * once. The negotiated revision reaches the SDK transport through `setProtocolVersion`, per-request headers through
 * `send`'s `headers` option; requests are cancelled with `notifications/cancelled`.
 *
 * `connect(outbound$)`:
 * - **Temperature:** cold; each subscription starts one SDK transport (a new one from the factory).
 * - **Emits:** every message the SDK transport receives; its `onerror` reports and the messages it could not send
 *   as `failure` frames (a request that could not be sent fails with its error).
 * - **Completes:** when the SDK transport calls `onclose`.
 * - **Errors:** `TransportError` when `start()` rejects (or a second connection over one transport object).
 * - **Teardown:** closes the SDK transport.
 */
export function fromSdkTransport(transport: SdkTransport | (() => SdkTransport), options: FromSdkTransportOptions = {}): FromSdkTransport {
  const kind = options.kind ?? 'sdk';
  const factory = typeof transport === 'function' ? transport : undefined;
  let current = typeof transport === 'function' ? undefined : transport;
  let used = false;
  return {
    kind,
    cancellation: 'notification',
    reconnectable: factory !== undefined,
    get sessionId() {
      return current?.sessionId;
    },
    connect: (outbound$) =>
      new Observable<InboundFrame>((subscriber) => {
        if (factory === undefined && used) {
          subscriber.error(new TransportError('This SDK transport was connected before; pass a factory to fromSdkTransport to connect again'));
          return undefined;
        }
        used = true;
        const sdk = factory === undefined ? (current as SdkTransport) : (current = factory());
        return sdkConnection(sdk, outbound$, kind).subscribe(subscriber);
      }),
  };
}

/** An rxmcp `Transport` as an official SDK `Transport`: what `toSdkTransport` returns. */
export interface ToSdkTransport extends SdkTransport {
  /** The session id the rxmcp transport reported, if any. */
  sessionId: string | undefined;
}

/** The messages of one inbound frame (a batch is several); anything that is not JSON-RPC is left out. */
function messagesOf(frame: InboundFrame): JsonRpcMessage[] {
  const values = Array.isArray(frame.message) ? (frame.message as unknown[]) : frame.message === undefined ? [] : [frame.message];
  return values.filter((value): value is JsonRpcMessage => JsonRpcMessageSchema.safeParse(value).success);
}

/** The synthetic answer to a request whose frame could not be sent: the SDK's pending request settles with it. */
function failedRequest(id: RequestId, error: Error): JsonRpcMessage {
  return { jsonrpc: '2.0', id, error: { code: -32603, message: `The request could not be sent: ${error.message}` } };
}

class SdkTransportBridge implements ToSdkTransport {
  sessionId: string | undefined;
  onclose?(): void;
  onerror?(error: Error): void;
  onmessage?(message: JsonRpcMessage, extra?: unknown): void;
  readonly #transport: Transport;
  readonly #outbound = new Subject<OutboundFrame>();
  #version: string | undefined;
  #connection: Subscription | undefined;
  #ended = false;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  start(): Promise<void> {
    if (this.#connection !== undefined) return Promise.reject(new Error('The transport was started before; make a new one with toSdkTransport'));
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      // The transport subscribes to the outbound frames once it can write: that is when `start` resolves.
      const outbound$ = new Observable<OutboundFrame>((subscriber) => {
        ready = true;
        resolve();
        return this.#outbound.subscribe(subscriber);
      });
      this.#connection = this.#transport.connect(outbound$).subscribe({
        next: (frame) => this.#receive(frame),
        error: (error: unknown) => {
          if (!ready) reject(asTransportError(error));
          else this.onerror?.(asTransportError(error));
          this.#end();
        },
        complete: () => {
          if (!ready) reject(new TransportError('The connection closed before it was open'));
          this.#end();
        },
      });
    });
  }

  send(message: SdkJsonRpcMessage, options: SdkTransportSendOptions = {}): Promise<void> {
    if (this.#connection === undefined || this.#ended) return Promise.reject(new TransportError('The transport is not connected'));
    const headers = { ...(this.#version === undefined ? {} : { 'MCP-Protocol-Version': this.#version }), ...options.headers };
    this.#outbound.next({
      message,
      ...(options.relatedRequestId === undefined ? {} : { relatedRequestId: options.relatedRequestId }),
      ...(Object.keys(headers).length === 0 ? {} : { headers }),
    });
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.#connection?.unsubscribe();
    this.#end();
    return Promise.resolve();
  }

  setProtocolVersion(version: string): void {
    this.#version = version;
  }

  #receive(frame: InboundFrame): void {
    if (frame.info?.sessionId !== undefined) this.sessionId = frame.info.sessionId;
    if (frame.malformed !== undefined) this.onerror?.(new TransportError(`Inbound bytes are not JSON: ${frame.malformed.reason}`));
    if (frame.failure !== undefined) {
      this.onerror?.(frame.failure.error);
      if (frame.failure.requestId !== undefined) this.onmessage?.(failedRequest(frame.failure.requestId, frame.failure.error));
    }
    for (const message of messagesOf(frame)) this.onmessage?.(message);
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#outbound.complete();
    this.onclose?.();
  }
}

/**
 * Wraps an rxmcp transport as an official MCP SDK `Transport`, so the SDK's `Client` can talk over `stdio`,
 * `streamableHttp`, `webSocket`, `inMemoryPair` or any rxmcp transport (with rxmcp's reconnecting event streams,
 * OAuth, header rules). `start()` opens the connection and resolves once it can write; `send` hands the message to
 * it; `close()` closes it. The revision the SDK sets with `setProtocolVersion` goes out as `MCP-Protocol-Version`
 * on every later message. A frame the transport could not send is reported through `onerror`, and a request among
 * them is answered locally with a JSON-RPC error (`-32603`, "The request could not be sent: …") so the SDK's
 * pending call settles. One object is one connection: make a new one to reconnect.
 */
export function toSdkTransport(transport: Transport): ToSdkTransport {
  return new SdkTransportBridge(transport);
}
