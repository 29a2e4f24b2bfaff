import type { Observable, ObservableInput } from 'rxjs';
import type { ClientCapabilities, ServerCapabilities } from '../protocol/model/capabilities.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { ElicitRequestParams, ElicitResult } from '../protocol/model/elicitation.js';
import type { Implementation } from '../protocol/model/metadata.js';
import type { ListRootsResult } from '../protocol/model/roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../protocol/model/sampling.js';
import type { ProtocolEra, ProtocolVersion } from '../protocol/versions.js';
import type { HandlerContext, TimeoutOptions } from '../session/types.js';

/** Delays between attempts to re-open a live stream: exponential from `initialMs`, capped at `maxMs`. */
export interface BackoffOptions {
  /** The first delay, in ms. */
  readonly initialMs?: number;
  /** The longest delay, in ms. */
  readonly maxMs?: number;
}

/** Timing of live catalogs. */
export interface CatalogOptions {
  /** Changes closer together than this cause one refresh (default 100 ms). */
  readonly debounceMs?: number;
  /** How long a catalog keeps listening after its last subscriber left (default 1000 ms). */
  readonly graceMs?: number;
  /** Delays before re-opening a 2026-07-28 listen stream that dropped or was ended by the server. */
  readonly backoff?: BackoffOptions;
}

/**
 * How the client re-opens a lost connection while something live needs it (catalogs, resource watches,
 * notification streams): exponential backoff with jitter, reset once a connection succeeds, waiting at least what
 * a 429 or 503 answer's `Retry-After` asks.
 */
export interface ReconnectOptions {
  /** Failed attempts in a row before giving up until the next use opens a connection (default: no limit). */
  readonly maxAttempts?: number;
  /** Delay before the first attempt, in ms (default 500). */
  readonly initialDelayMs?: number;
  /** Longest delay between attempts, in ms (default 30 000). */
  readonly maxDelayMs?: number;
  /** Growth of the delay per failed attempt (default 2). */
  readonly factor?: number;
  /** Share of each delay that is random, 0 to 1 (default 0.5: a delay lies between half and all of its value). */
  readonly jitter?: number;
  /** The random source of the jitter (default `Math.random`). */
  readonly random?: () => number;
}

/** What a client handler may return: the answer itself, a Promise or an Observable of it (first value). */
export type HandlerOutput<T> = T | ObservableInput<T>;

/** Context of a client handler: the session's handler context, plus which era asked. */
export interface ClientHandlerContext {
  /** Aborted when the server cancels the request, the connection ends, or the caller gives up (2026). */
  readonly signal: AbortSignal;
  /** `legacy`: a JSON-RPC request from the server. `modern`: an input request inside a 2026-07-28 result. */
  readonly era: ProtocolEra;
  /** Reports progress to the server (legacy requests that carried a progress token; a no-op otherwise). */
  progress(progress: number, total?: number, message?: string): void;
}

/**
 * Answers to the server's requests: legacy JSON-RPC requests and 2026-07-28 input requests go through the same
 * handlers. A handler that is present is advertised as a capability; one that is absent is not.
 */
export interface ClientHandlers {
  /** `sampling/createMessage`: run the model (with the user's approval). */
  readonly sampling?: (params: CreateMessageRequestParams, context: ClientHandlerContext) => HandlerOutput<CreateMessageResult>;
  /** `elicitation/create`: ask the user (form and, when `elicitationModes` includes it, URL mode). */
  readonly elicitation?: (params: ElicitRequestParams, context: ClientHandlerContext) => HandlerOutput<ElicitResult>;
  /** `roots/list`: the roots the server may use. */
  readonly roots?: (context: ClientHandlerContext) => HandlerOutput<ListRootsResult>;
}

/** How the client chooses the protocol revision. */
export type ProtocolMode = 'auto' | 'modern' | 'legacy' | {
  /** Exactly this revision. */
  readonly pin: ProtocolVersion
};

/** Options of `createClient`. */
export interface ClientOptions {
  /** Name and version sent to the server (`clientInfo`). Default: `{ name: 'rxmcp', version: <package version> }`. */
  readonly clientInfo?: Implementation;
  /** `auto` (default): probe with `server/discover`, fall back to `initialize`. */
  readonly protocol?: ProtocolMode;
  /** How long the `server/discover` probe waits for an answer before assuming a legacy server (default 5000 ms). */
  readonly probeTimeoutMs?: number;
  /** Answers to the server's requests (sampling, elicitation, roots); each one present is declared as a capability. */
  readonly handlers?: ClientHandlers;
  /** Elicitation modes the client offers (default `['form']`; add `'url'` when the handler can open URLs). */
  readonly elicitationModes?: readonly ('form' | 'url')[];
  /** Whether the sampling handler supports tool use (`sampling.tools`, 2025-11-25+). Default false. */
  readonly samplingTools?: boolean;
  /** Legacy era: declare `roots.listChanged` (then call `client.notifyRootsChanged()` whenever roots change). */
  readonly rootsListChanged?: boolean;
  /** Trust the server's tool annotations (e.g. `readOnlyHint` makes a call safe to repeat). Default false. */
  readonly trustToolAnnotations?: boolean;
  /** Extra capabilities merged into what the handlers imply (e.g. `experimental`, `extensions`). */
  readonly capabilities?: ClientCapabilities;
  /** Default time limits of every request (default: 60 s to the first event). */
  readonly timeout?: TimeoutOptions | false;
  /** Most `input_required` rounds of one 2026-07-28 request before it fails (default 10). */
  readonly maxInputRounds?: number;
  /** Most pages a full list walks before failing (default 100). */
  readonly maxPages?: number;
  /** 2026-07-28 only: the log level sent with every request (`logging/setLevel` in the legacy era). */
  readonly logLevel?: LoggingLevel;
  /**
   * The one bound on connecting: from opening the transport (spawning the process, the first HTTP request) until
   * the protocol revision is negotiated, in ms (default 30 000). Past it the connection fails with
   * `ConnectTimeoutError` and is closed. The `server/discover` probe and `initialize` run within it.
   */
  readonly connectTimeoutMs?: number;
  /** Close the connection this long after its last user left; default: stay open until `close()`. */
  readonly idleCloseMs?: number;
  /** Timing of the live catalogs (`tools$`, ...): debounce, grace period, listen-stream backoff. */
  readonly live?: CatalogOptions;
  /**
   * Re-opening a lost connection while something live needs it. Default: on, with the defaults of
   * `ReconnectOptions`, except for transports that say they cannot reconnect (`reconnectable: false`, such as an
   * in-memory pair); `false` turns it off (a lost connection is then opened again only by the next call).
   */
  readonly reconnect?: ReconnectOptions | false;
}

/** What the client and the server agreed on for the current connection. */
export interface ServerSession {
  /** `legacy` (a handshake revision) or `modern` (2026-07-28). */
  readonly era: ProtocolEra;
  /** The agreed revision. */
  readonly protocolVersion: ProtocolVersion;
  /** The server's name and version (self-reported), when it gave them. */
  readonly serverInfo: Implementation | undefined;
  /** What the server offers. */
  readonly capabilities: ServerCapabilities;
  /** How to use the server, for the model, when it gave any. */
  readonly instructions: string | undefined;
  /** Versions the server listed (`server/discover`), or the one it answered `initialize` with. */
  readonly supportedVersions: readonly string[];
}

/** Observable of the negotiated server, replaying the latest; `undefined` until negotiated. */
export type ServerSession$ = Observable<ServerSession | undefined>;
