import type { Observable, ObservableInput } from 'rxjs';
import type { ClientCapabilities, ServerCapabilities } from '../protocol/model/capabilities.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { ElicitRequestParams, ElicitResult } from '../protocol/model/elicitation.js';
import type { Implementation } from '../protocol/model/metadata.js';
import type { ListRootsResult } from '../protocol/model/roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../protocol/model/sampling.js';
import type { ProtocolEra, ProtocolVersion } from '../protocol/versions.js';
import type { HandlerContext, TimeoutOptions } from '../session/types.js';
import type { CatalogOptions } from './live/catalog.js';

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
export type ProtocolMode = 'auto' | 'modern' | 'legacy' | { readonly pin: ProtocolVersion };

/** Options of `createClient`. */
export interface ClientOptions {
  /** Name and version sent to the server (`clientInfo`). Default: `{ name: 'rxmcp', version: <package version> }`. */
  readonly clientInfo?: Implementation;
  /** `auto` (default): probe with `server/discover`, fall back to `initialize`. */
  readonly protocol?: ProtocolMode;
  /** How long the `server/discover` probe waits for an answer before assuming a legacy server (default 5000 ms). */
  readonly probeTimeoutMs?: number;
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
  /** How long the transport has to connect before the connection fails with `ConnectTimeoutError` (default 30 s). */
  readonly connectTimeoutMs?: number;
  /** Close the connection this long after its last user left; default: stay open until `close()`. */
  readonly idleCloseMs?: number;
  /** Timing of the live catalogs (`tools$`, ...): debounce, grace period, reconnection backoff. */
  readonly live?: CatalogOptions;
}

/** What the client and the server agreed on for the current connection. */
export interface ServerSession {
  readonly era: ProtocolEra;
  readonly protocolVersion: ProtocolVersion;
  readonly serverInfo: Implementation | undefined;
  readonly capabilities: ServerCapabilities;
  readonly instructions: string | undefined;
  /** Versions the server listed (`server/discover`), or the one it answered `initialize` with. */
  readonly supportedVersions: readonly string[];
}

/** Observable of the negotiated server, replaying the latest; `undefined` until negotiated. */
export type ServerSession$ = Observable<ServerSession | undefined>;
