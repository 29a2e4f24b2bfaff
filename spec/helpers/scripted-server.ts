import { Observable, Subject, type Subscriber } from 'rxjs';
import type { Params, Transport } from '../../src/index.js';
import type { JsonRpcMessage } from '../../src/protocol/index.js';
import type { InboundFrame, OutboundFrame } from '../../src/session/index.js';
import { initializeResult } from './mcp-fixtures.js';

/** What a scripted server answers a request with: a result, `{ error }`, or `undefined` (no answer). */
export type Answer = Params | { readonly error: { readonly code: number; readonly message: string; readonly data?: unknown } } | undefined;

/** One request the scripted server received. */
export interface Received {
  readonly connection: number;
  readonly message: JsonRpcMessage;
  readonly frame: OutboundFrame;
}

/** Options of `scriptedServer`. */
export interface ScriptedServerOptions {
  /**
   * Answers the requests the handshake does not cover; `undefined` means no answer. Without it: an empty list for
   * the list methods, `{}` for the others.
   */
  readonly answer?: (method: string, params: Params, connection: number) => Answer;
  /** Makes `connect` fail for these connection numbers (1-based), with this error. */
  readonly refuse?: (connection: number) => Error | undefined;
  /** `reconnectable` of the transport (default: left unset). */
  readonly reconnectable?: boolean;
  /** Answer nothing at all, not even the handshake. */
  readonly silent?: boolean;
}

/** Controls one connection of a scripted server. */
export interface ScriptedConnection {
  /** Sends a message to the client on this connection. */
  push(message: JsonRpcMessage | Params): void;
  /** Ends the connection cleanly. */
  end(): void;
  /** Fails the connection with `error`. */
  fail(error: Error): void;
}

const LISTS: Readonly<Record<string, string>> = {
  'tools/list': 'tools', 'resources/list': 'resources', 'resources/templates/list': 'resourceTemplates', 'prompts/list': 'prompts',
};

function handshake(method: string): Answer | null {
  if (method === 'server/discover') return { error: { code: -32601, message: 'Method not found' } };
  if (method === 'initialize') return initializeResult('2025-11-25', { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: {}, logging: {} });
  return null;
}

function defaultAnswer(method: string): Answer {
  const key = LISTS[method];
  return key === undefined ? {} : { [key]: [], ttlMs: 0, cacheScope: 'public' };
}

function reply(subscriber: Subscriber<InboundFrame>, id: unknown, answer: Answer): void {
  if (answer === undefined) return;
  const message = 'error' in answer ? { jsonrpc: '2.0', id, error: answer['error'] } : { jsonrpc: '2.0', id, result: answer };
  subscriber.next({ message });
}

/**
 * A legacy (2025-11-25) server end for client specs that span connections: each `connect` is a new connection
 * (numbered from 1) that answers the handshake by itself (it refuses `server/discover` and accepts `initialize`), and
 * answers everything else through `options.answer`. Everything the client sends is recorded.
 */
export function scriptedServer(options: ScriptedServerOptions = {}) {
  const received: Received[] = [];
  const connections: ScriptedConnection[] = [];
  const opened = new Subject<number>();
  const transport: Transport = {
    kind: 'scripted',
    ...(options.reconnectable === undefined ? {} : { reconnectable: options.reconnectable }),
    connect: (outbound$) =>
      new Observable<InboundFrame>((subscriber) => {
        const number = connections.length + 1;
        connections.push({
          push: (message) => subscriber.next({ message }),
          end: () => subscriber.complete(),
          fail: (error) => subscriber.error(error),
        });
        const refused = options.refuse?.(number);
        if (refused !== undefined) {
          subscriber.error(refused);
          return undefined;
        }
        opened.next(number);
        return outbound$.subscribe((frame) => {
          const message = frame.message as JsonRpcMessage & { id?: unknown; method?: string; params?: Params };
          received.push({ connection: number, message, frame });
          if (message.method === undefined || message.id === undefined || options.silent) return;
          const known = handshake(message.method);
          if (known !== null) return reply(subscriber, message.id, known);
          const answer = options.answer === undefined ? defaultAnswer(message.method) : options.answer(message.method, message.params ?? {}, number);
          return reply(subscriber, message.id, answer);
        });
      }),
  };
  return {
    transport,
    received,
    /** The methods the client sent on connection `n` (1-based), in order. */
    methods: (n: number) => received.filter((r) => r.connection === n).map((r) => (r.message as { method?: string }).method ?? 'response'),
    /** Controls connection `n` (1-based). */
    connection: (n: number): ScriptedConnection => connections[n - 1] as ScriptedConnection,
    connectionCount: () => connections.length,
    opened$: opened.asObservable(),
  };
}
