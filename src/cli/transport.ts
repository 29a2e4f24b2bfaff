import { Subscription } from 'rxjs';
import type { FetchLike, HttpAuth, Transport, WebSocketConstructor } from '../index.js';
import { remoteTransport } from '../transport/remote.js';
import { commandTransportEntry } from '../node/registry.js';
import type { StdioTransport } from '../node/stdio.js';
import { UsageError } from './errors.js';
import { isCommandTarget, type CommandTarget, type RemoteTarget, type ResolvedTarget } from './target.js';

/** What the tool saw of the last HTTP response of the MCP server, for error messages. */
export interface HttpSeen {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly contentType: string | undefined;
}

/** A `fetch` that remembers the last response it saw. */
export interface HttpTap {
  readonly fetch: FetchLike;
  last(): HttpSeen | undefined;
}

/** Wraps the platform `fetch` to remember status and content type of each response (bodies are not touched). */
export function httpTap(base: FetchLike = (input, init) => globalThis.fetch(input, init)): HttpTap {
  let last: HttpSeen | undefined;
  return {
    fetch: async (input, init) => {
      const response = await base(input, init);
      last = { method: init.method ?? 'GET', url: input, status: response.status, contentType: response.headers.get('content-type') ?? undefined };
      return response;
    },
    last: () => last,
  };
}

/** The last lines a spawned server wrote to stderr. */
export interface StderrTail {
  readonly lines: () => readonly string[];
}

const TAIL_LINES = 20;

/** A transport, with what the tool watches beside it. */
export interface OpenedTransport {
  readonly transport: Transport;
  /** Set for a spawned server. */
  readonly stdio: StdioTransport | undefined;
  readonly tap: HttpTap;
  readonly stderr: StderrTail;
  /** Stops watching. */
  readonly release: () => void;
}

/** What building a transport needs beside the target. */
export interface TransportContext {
  readonly inheritEnv: boolean;
  readonly auth: HttpAuth | undefined;
  readonly WebSocket: WebSocketConstructor | undefined;
  /** A Streamable HTTP session to join (`tasks resume` of a task bound to its session). */
  readonly sessionId?: string | undefined;
}

/** The target's transport of `COMMAND_TRANSPORTS` (a usage error when `--transport` named one that cannot run it). */
function spawned(target: CommandTarget, context: TransportContext): StdioTransport {
  const entry = commandTransportEntry(target.kind);
  const transport = entry.create(target, { inheritEnv: context.inheritEnv, closeGraceMs: 1000, termGraceMs: 1000 });
  if (transport === undefined) throw new UsageError(`--transport ${target.kind} runs ${entry.claimsText}, not ${target.label}`);
  return transport;
}

function remote(target: RemoteTarget, tap: HttpTap, context: TransportContext): Transport {
  const options = {
    headers: target.headers, fetch: tap.fetch, ...(context.auth === undefined ? {} : { auth: context.auth }), ...(context.WebSocket === undefined ? {} : { WebSocket: context.WebSocket }),
    ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
  };
  return remoteTransport(target.kind, target.url, options, (why) =>
    why === 'no-websocket'
      ? new UsageError('A WebSocket target needs a WebSocket: Node 22 and later have one; on Node 20 run with NODE_OPTIONS=--experimental-websocket')
      : new UsageError('WebSocket connections cannot carry --header values'));
}

/** Builds the transport of a target, with the HTTP tap and the stderr tail in place. */
export function openTransport(target: ResolvedTarget, context: TransportContext): OpenedTransport {
  const tap = httpTap();
  const lines: string[] = [];
  const watching = new Subscription();
  if (!isCommandTarget(target)) {
    return { transport: remote(target, tap, context), stdio: undefined, tap, stderr: { lines: () => lines }, release: () => undefined };
  }
  const transport = spawned(target, context);
  watching.add(
    transport.stderr$.subscribe((line) => {
      lines.push(line);
      if (lines.length > TAIL_LINES) lines.shift();
    }),
  );
  return { transport, stdio: transport, tap, stderr: { lines: () => lines }, release: () => watching.unsubscribe() };
}
