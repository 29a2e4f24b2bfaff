import type { Link } from './links/types.js';
import type { Observable, ObservableInput } from 'rxjs';
import type { McpError } from '../errors/mcp-error.js';
import type { ClientCapabilities, ServerCapabilities } from '../protocol/model/capabilities.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { ElicitRequestParams, ElicitResult } from '../protocol/model/elicitation.js';
import type { Implementation } from '../protocol/model/metadata.js';
import type { ListRootsResult } from '../protocol/model/roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../protocol/model/sampling.js';
import type { ProtocolEra, ProtocolVersion } from '../protocol/versions.js';
import type { TimeoutOptions } from '../session/types.js';
import type { ToolCallApproval } from './tool-hints.js';
import type { WarmStart } from './warm/option.js';
import type { ToolPinning } from './pinning/pinning.js';
import type { NotificationCallback } from './callbacks.js';
import type { OutputValidation } from '../protocol/output-schema.js';
import type { ServerCard } from '../protocol/server-card.js';

/** Delays between attempts to re-open a live stream: exponential from `initialMs`, capped at `maxMs`. */
export interface BackoffOptions {
  /** The first delay, in ms. */
  readonly initialMs?: number;
  /** The longest delay, in ms. */
  readonly maxMs?: number;
  /**
   * How long a re-opened stream has to stay up (acknowledged and open) to count as healthy, in ms: only then do the
   * delays start over from `initialMs`, so a server that acknowledges each stream and then ends it meets growing
   * delays (default 5000).
   */
  readonly healthyMs?: number;
}

/** Timing of live catalogs. */
export interface CatalogOptions {
  /** Changes closer together than this cause one refresh (default 100 ms). */
  readonly debounceMs?: number;
  /** How long a catalog keeps listening after its last subscriber left (default 1000 ms). */
  readonly graceMs?: number;
  /** Delays before re-opening a 2026-07-28 listen stream that dropped, was ended by the server or went unacknowledged. */
  readonly backoff?: BackoffOptions;
  /**
   * How long a 2026-07-28 listen stream may go without its acknowledgement, in ms (default 10 000): past it the
   * stream is given up with a `listen-retry` diagnostic, what it covers is marked stale, and it is re-opened with
   * backoff.
   */
  readonly listenAckTimeoutMs?: number;
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
  /**
   * Callbacks for the server's notifications, by method (`'*'` for every one), for code that does not use the
   * streams: called with the params and the notification, in arrival order, across reconnections. A callback that
   * throws is reported on `diagnostics$`; it keeps being called. Passive: they keep no connection open.
   */
  readonly notifications?: Readonly<Record<string, NotificationCallback>>;
}

/** How the client chooses the protocol revision. */
export type ProtocolMode = 'auto' | 'modern' | 'legacy' | {
  /** Exactly this revision. */
  readonly pin: ProtocolVersion
};

/** What was negotiated in a session a client joins (`ClientOptions.joinSession`). */
export interface JoinedSession {
  /** The revision the session was negotiated at: one with the `initialize` handshake (2025-11-25 and before). */
  readonly protocolVersion: ProtocolVersion;
  /** The server's name and version, as its `initialize` result gave them. */
  readonly serverInfo?: Implementation;
  /** What the server offered in the session (default: nothing). */
  readonly capabilities?: ServerCapabilities;
}

/** Options of `Client.close`. */
export interface CloseOptions {
  /**
   * Leave the server's session in place (no `DELETE` of a Streamable HTTP session) so that another client, in this
   * process or another, can join it (`ClientOptions.joinSession`): a task that a 2025-era server binds to the
   * session goes on there. Default false. Transports without sessions close as usual.
   */
  readonly keepSession?: boolean;
}

/** Options of `createClient`. */
export interface ClientOptions {
  /** Name and version sent to the server (`clientInfo`). Default: `{ name: 'rxmcp', version: <package version> }`. */
  readonly clientInfo?: Implementation;
  /** `auto` (default): probe with `server/discover`, fall back to `initialize`. */
  readonly protocol?: ProtocolMode;
  /**
   * The server's Server Card (`discoverServer(...).card`, SEP-2127). Without `protocol`, when its endpoints name a
   * revision rxmcp speaks, the client connects in that revision's era without the `server/discover` probe: a
   * 2026-07-28 card goes straight to `server/discover` (no probe timeout, no fallback), a legacy one straight to
   * `initialize` with the newest legacy revision it names. A card naming none changes nothing.
   */
  readonly serverCard?: Pick<ServerCard, 'remotes'>;
  /**
   * Join a session another client negotiated (the transport's `sessionId` option: a Streamable HTTP session of the
   * 2025 revisions that was left open, say by `close({ keepSession: true })` in the process that handed off a task):
   * the client sends no `initialize` and takes the server to be as described. Wins over `protocol` and `warmStart`.
   * A server that no longer knows the session refuses every request (HTTP 404, or 400 from some servers).
   */
  readonly joinSession?: JoinedSession;
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
  /**
   * Trust the server's tool annotations (default false). Annotations are what a server claims, not what its tools
   * do: only a trusted server's hints are reported on `toolHints$`, given to `approveToolCall`, and make a call safe to
   * repeat (`readOnlyHint`, `idempotentHint`). Untrusted, every tool has the conservative defaults.
   */
  readonly trustToolAnnotations?: boolean;
  /**
   * An approval step for every tool call, run before anything is sent (`unlessReadOnly(ask)` is a ready policy). A
   * refusal fails the call with `ToolCallDeniedError`. It is a wait on a person: bounded by `humanWaitMs`, and no
   * request clock runs meanwhile (nothing is in flight).
   */
  readonly approveToolCall?: ToolCallApproval;
  /**
   * Tools pinned by fingerprint (`toolPinning` from `rxmcp/agent`): a call of a tool whose definition changed since it
   * was pinned (description, schemas, annotations such as `readOnlyHint`, MCP App resource) fails with
   * `ToolDriftError` before anything is sent, or is put to `approveToolCall` again (`onDrift: 'ask'`). Checked before
   * the approval step, against the tool as the client last listed it. Default: no pinning.
   */
  readonly pinning?: ToolPinning;
  /**
   * Checking `structuredContent` against the tool's `outputSchema` (when the client knows the tool: listed, or given
   * as `options.tool`): `error` (default) fails the call with `OutputSchemaError`, `diagnostic` keeps the result and
   * reports an `invalid-tool-output` diagnostic, `off` does not check.
   */
  readonly validateOutput?: OutputValidation;
  /** Extra capabilities merged into what the handlers imply (e.g. `experimental`, `extensions`). */
  readonly capabilities?: ClientCapabilities;
  /**
   * The longest wait on a person (an elicitation dialog, a sampling approval, a tool call approval), in ms; `false`
   * waits without limit. Past it the handler's signal is aborted and the call the wait belongs to fails with
   * `HumanWaitTimeoutError` (a legacy server request gets an error answer). Default 600 000 ms (10 min).
   */
  readonly humanWaitMs?: number | false;
  /** Default time limits of every request (default: 60 s to the first event). */
  readonly timeout?: TimeoutOptions | false;
  /**
   * What happens to a 2026-07-28 request whose response stream broke (the request is lost). `'always'` (default, as
   * the specification requires): it is re-issued once with a new id, which can run a tool twice. `'safe-only'`: only
   * requests safe to repeat are re-issued (lists, reads, prompts, completions, tool calls marked `idempotent: true`
   * or, with trusted annotations, read-only or idempotent tools); the others fail with `OutcomeUnknownError`: the
   * call may or may not have run. Work that must survive a broken connection belongs in a task.
   */
  readonly reissue?: 'always' | 'safe-only';
  /**
   * Behaviour around every request the client sends (verbs, pages, reads, negotiation, the listen stream, health
   * checks, task requests, `request()`), outermost first. Each link sees the call and the rest of the chain; the
   * built-in links (cache, input rounds, re-issue) and the wire come after them. See `Link`.
   */
  readonly links?: readonly Link[];
  /**
   * The authorization context of requests now, for the results a 2026-07-28 server marks private: they are cached per
   * context, and not at all while it is `undefined`. Default: none for a transport without authorization; the
   * transport's `auth.partition()` (the current access token of `oauth()`) otherwise.
   */
  readonly cachePartition?: () => string | undefined;
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
  /**
   * Called when the connection fails (the client state becomes `reconnecting` or `disconnected` with an error, or
   * `failed`), once per failure, for code that does not watch `state$`. A callback that throws is reported on `diagnostics$`.
   */
  readonly onFailure?: (error: McpError, state: ClientState) => void;
  /** Timing of the live catalogs (`tools$`, ...): debounce, grace period, listen-stream backoff. */
  readonly live?: CatalogOptions;
  /**
   * Warm start: what the client learns of its server (the negotiated discovery, the catalogs, cacheable results) is
   * kept in `store` and used by the next client of the same server, within the server's cache hints: no
   * `server/discover` probe while the stored discovery is fresh, stored catalogs shown at once (marked stale) until
   * the server's lists arrive. Made by `warmStart({ store, server })` of `rxmcp/warm`; see docs/warm-start.md.
   */
  readonly warmStart?: WarmStart;
  /**
   * Re-opening a lost connection while something live needs it. Default: on, with the defaults of
   * `ReconnectOptions`, except for transports that say they cannot reconnect (`reconnectable: false`, such as an
   * in-memory pair); `false` turns it off (a lost connection is then opened again only by the next call).
   */
  readonly reconnect?: ReconnectOptions | false;
}

export type { ServerSession } from './server-session.js';
import type { ServerSession } from './server-session.js';

/** Observable of the negotiated server, replaying the latest; `undefined` until negotiated. */
export type ServerSession$ = Observable<ServerSession | undefined>;

/**
 * The client's connection as a UI shows it. `connecting` covers opening the transport and negotiating, the first
 * time; `authorizing` means the transport's authorization waits for the user (to sign in, or to approve in a
 * browser window); `ready` carries the negotiated server; `reconnecting` means a connection was lost and the client
 * is opening another (which attempt, how long it waits before it, and why the last one ended); `disconnected`
 * means the connection ended and nothing is re-opening it (nothing live needs it, the reconnect policy is off or
 * gave up): the next call opens one; `failed` means connecting failed in a way that trying again cannot mend (no
 * protocol revision in common, authorization refused, a server command that cannot start, an HTTP 4xx other than
 * 408 and 429), so the client stopped re-opening it: the next call tries once more; `closed` means `close()` was
 * called.
 */
export type ClientState =
  | {
      /** Nothing opened yet. */
      readonly status: 'idle';
    }
  | {
      /** The transport's authorization waits for the user. */
      readonly status: 'authorizing';
    }
  | {
      /** Opening the transport and negotiating, the first time. */
      readonly status: 'connecting';
    }
  | {
      /** Negotiated. */
      readonly status: 'ready';
      /** The negotiated server. */
      readonly server: ServerSession;
    }
  | {
      /** A connection was lost; another is being opened. */
      readonly status: 'reconnecting';
      /** Which attempt, from 1. */
      readonly attempt: number;
      /** How long the client waits before this attempt. */
      readonly delayMs?: number;
      /** Why the last connection ended. */
      readonly error?: McpError;
    }
  | {
      /** Nothing is re-opening the connection; the next call opens one. */
      readonly status: 'disconnected';
      /** Why it ended, when it failed. */
      readonly error?: McpError;
    }
  | {
      /**
       * Connecting failed for good (a permanent failure, never retried by the reconnect policy): nothing re-opens
       * the connection until the next call does.
       */
      readonly status: 'failed';
      /** The permanent failure: `NegotiationError`, `AuthError`, `ProcessSpawnError`, a `TransportError` with a 4xx status, ... */
      readonly error: McpError;
    }
  | {
      /** `close()` was called. */
      readonly status: 'closed';
    };
