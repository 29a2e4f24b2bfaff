import { defaultIfEmpty, filter, firstValueFrom, lastValueFrom, map, merge, mergeMap, NEVER, Observable, race, Subscription, take, throwError, timer, toArray } from 'rxjs';
import { createClient, type Client, type ClientHandlers, type ClientOptions, type JoinedSession, type ServerSession, type Transport } from '../index.js';
import { DEFAULT_CLIENT_INFO } from '../client/client.js';
import type { StdioExit } from '../node/index.js';
import { cliAuth, type CliAuth } from './auth.js';
import type { Command } from './command.js';
import { NotMcpError } from './errors.js';
import type { FailureContext } from './failure.js';
import { metadataLink } from './inspector-options.js';
import { DEFAULT_TIMEOUT_MS, type CliOptions } from './options.js';
import type { Run } from './run-context.js';
import { isCommandTarget, type ResolvedTarget } from './target.js';
import { openTransport, type OpenedTransport } from './transport.js';

/** One connection to the server of a run. */
export interface Connection {
  readonly client: Client;
  readonly opened: OpenedTransport;
  readonly target: ResolvedTarget;
  /** The negotiated server, once `connect()` resolved. */
  readonly server: () => ServerSession | undefined;
  /** What an error message needs to know now. */
  readonly context: (phase: FailureContext['phase']) => FailureContext;
  /** Negotiates (and sets the log level on legacy revisions). */
  connect(): Promise<ServerSession>;
  /** Closes the client and waits (bounded) for a spawned server to exit. */
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'rxmcp-cli', version: DEFAULT_CLIENT_INFO.version };
/** How long closing waits for a spawned server to exit: the stdin, SIGTERM and SIGKILL graces of `openTransport`. */
const EXIT_WAIT_MS = 2500;

function clientOptions(options: CliOptions, handlers: ClientHandlers, joined: JoinedSession | undefined) {
  const idle = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    clientInfo: CLIENT_INFO,
    ...(joined === undefined ? {} : { joinSession: joined }),
    protocol: options.protocol,
    handlers,
    ...(handlers.elicitation === undefined ? {} : { elicitationModes: ['form', 'url'] as const }),
    timeout: { firstMs: idle, idleMs: idle, ...(options.maxTotalMs === undefined ? {} : { totalMs: options.maxTotalMs }) },
    ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
    ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }),
    ...(Object.keys(options.metadata).length + Object.keys(options.toolMetadata).length === 0 ? {} : { links: [metadataLink(options.metadata, options.toolMetadata)] }),
  };
}

/**
 * The options with the Server Card of a server named by its domain: unless `--protocol` named an era or a revision,
 * the client connects in the era the card names, without the probe.
 */
function withCard(options: ReturnType<typeof clientOptions>, target: ResolvedTarget): ClientOptions {
  if (isCommandTarget(target) || target.card === undefined) return options;
  const { protocol, ...rest } = options;
  return protocol === 'auto' ? { ...rest, serverCard: target.card } : { ...options, serverCard: target.card };
}

/** Fails the handshake at once when an HTTP server answers with something that is not JSON-RPC (an HTML page, ...). */
function notMcp(client: Client, opened: OpenedTransport, target: ResolvedTarget): Observable<never> {
  if (isCommandTarget(target)) return NEVER;
  return client.diagnostics$.pipe(
    filter((diagnostic) => diagnostic.kind === 'malformed-frame'),
    take(1),
    mergeMap(() => {
      const seen = opened.tap.last();
      const type = seen?.contentType ?? 'no content type';
      const message = `${seen?.method ?? 'POST'} ${seen?.url ?? target.label} answered HTTP ${seen?.status ?? '?'} with ${type}, not MCP (JSON-RPC as application/json or text/event-stream)`;
      return throwError(() => new NotMcpError(message, { ...(seen === undefined ? {} : { status: seen.status }), ...(seen?.contentType === undefined ? {} : { contentType: seen.contentType }) }));
    }),
  );
}

function exits(opened: OpenedTransport): { all: () => Promise<unknown>; stop: () => void } {
  const pending: Observable<StdioExit>[] = [];
  const watching = opened.stdio?.processes$.subscribe((process) => pending.push(process.exit$)) ?? new Subscription();
  const all = () => lastValueFrom(merge(...pending).pipe(toArray(), defaultIfEmpty([]))).catch(() => undefined);
  return { all, stop: () => watching.unsubscribe() };
}

function authFor(target: ResolvedTarget, run: Run): CliAuth | undefined {
  if (isCommandTarget(target) || target.kind === 'ws' || run.command.options.oauth === false) return undefined;
  const canSignIn = run.command.options.oauth === true || run.interactive;
  return cliAuth({ ...run.place, out: run.out, canSignIn, browser: run.command.options.browser, openUrl: run.io.openUrl });
}

/** Opens the connection of a run (nothing is sent before `connect()`); `wrap` is put around its transport (a recorder). */
export function openConnection(target: ResolvedTarget, command: Command, run: Run, handlers: ClientHandlers, wrap?: (transport: Transport) => Transport): Connection {
  const auth = authFor(target, run);
  const session = isCommandTarget(target) ? undefined : run.taskSession;
  const opened = openTransport(target, { inheritEnv: command.options.inheritEnv, auth: auth?.auth, WebSocket: run.io.WebSocket, sessionId: session?.sessionId });
  const client = createClient(wrap === undefined ? opened.transport : wrap(opened.transport), withCard(clientOptions(command.options, handlers, session?.joinSession), target));
  const processes = exits(opened);
  let server: ServerSession | undefined;
  const context = (phase: FailureContext['phase']): FailureContext => ({
    phase, target: target.label, transport: target.kind, http: opened.tap.last(), stderr: opened.stderr.lines(),
    resourceMetadata: auth?.resourceMetadata(), ...(auth === undefined ? {} : { tokenFile: auth.tokenFile }), protocol: typeof command.options.protocol === 'string' ? command.options.protocol : command.options.protocol.pin,
  });
  const connect = async (): Promise<ServerSession> => {
    server = await firstValueFrom(race(client.connect(), notMcp(client, opened, target)));
    const level = command.options.logLevel;
    if (level !== undefined && command.verb !== 'set-level' && server.era === 'legacy' && server.capabilities.logging !== undefined) {
      await lastValueFrom(client.setLoggingLevel(level), { defaultValue: undefined });
    }
    return server;
  };
  const close = async (): Promise<void> => {
    client.close();
    auth?.close();
    await firstValueFrom(race(timer(EXIT_WAIT_MS).pipe(map(() => undefined)), processes.all()));
    processes.stop();
    opened.release();
  };
  return { client, opened, target, server: () => server, context, connect, close };
}
