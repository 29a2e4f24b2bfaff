// What a revision says about how a client talks to a server, beside its methods and schemas: the fields of a
// revision registry entry, and the two sets of them the eras start from.

/** The two eras of the protocol. */
export type ProtocolEra = 'legacy' | 'modern';

/**
 * What one revision says about how a client talks to a server, as data. Everything that differs between
 * revisions and is not a method or a schema is here, so that code asks "does this revision carry per-request
 * `_meta`?" instead of "is this 2026-07-28?".
 */
export interface RevisionTraits {
  /** How a connection starts: an `initialize` handshake, or nothing (each request is self-contained). */
  readonly handshake: 'initialize' | 'none';
  /** Every request carries the protocol version, client capabilities and info in `params._meta`. */
  readonly requestMeta: boolean;
  /** HTTP headers on each request: none, `MCP-Protocol-Version`, or that plus `Mcp-Method`/`Mcp-Name`/`Mcp-Param-*`. */
  readonly httpHeaders: 'none' | 'version' | 'routing';
  /** Results carry `resultType` (`complete`, `input_required`, or an enabled extension's). */
  readonly resultType: boolean;
  /** The server asks the client for input with JSON-RPC requests, or inside `input_required` results. */
  readonly serverRequests: 'jsonrpc' | 'input-rounds';
  /** How a request with its own response stream is cancelled: a `notifications/cancelled`, or closing the stream. */
  readonly streamCancellation: 'notification' | 'abort';
  /** A response stream that broke is resumed (SSE `Last-Event-ID`), or the request is re-issued with a new id. */
  readonly brokenStream: 'resume' | 'reissue';
  /** An empty-string `nextCursor` continues a list (it ends one in older revisions). */
  readonly emptyCursorContinues: boolean;
  /** The log level is set with `logging/setLevel`, or travels in each request's `_meta`. */
  readonly logLevel: 'request' | 'meta';
  /** Resource updates need `resources/subscribe`, or a `subscriptions/listen` stream. */
  readonly resourceUpdates: 'subscribe' | 'listen';
  /** List changes arrive as notifications on the connection, or only on a `subscriptions/listen` stream. */
  readonly listChanges: 'connection' | 'listen';
  /** Which client capability fields the revision defines. */
  readonly capabilities: {
    /** `elicitation` at all (2025-06-18+). */
    readonly elicitation: boolean;
    /** `elicitation.form` / `elicitation.url` (2025-11-25+). */
    readonly elicitationModes: boolean;
    /** `sampling.tools` (2025-11-25+). */
    readonly samplingTools: boolean;
    /** `roots.listChanged` (legacy). */
    readonly rootsListChanged: boolean;
    /** Core `tasks` (2025-11-25). */
    readonly tasks: boolean;
    /** `extensions` (2026-07-28). */
    readonly extensions: boolean;
  };
}

/** The traits of the oldest handshake revision (2024-11-05); newer ones change a few. */
export const LEGACY_TRAITS: RevisionTraits = {
  handshake: 'initialize',
  requestMeta: false,
  httpHeaders: 'none',
  resultType: false,
  serverRequests: 'jsonrpc',
  streamCancellation: 'notification',
  brokenStream: 'resume',
  emptyCursorContinues: false,
  logLevel: 'request',
  resourceUpdates: 'subscribe',
  listChanges: 'connection',
  capabilities: { elicitation: false, elicitationModes: false, samplingTools: false, rootsListChanged: true, tasks: false, extensions: false },
};

/** The traits of the first stateless revision (2026-07-28). */
export const MODERN_TRAITS: RevisionTraits = {
  handshake: 'none',
  requestMeta: true,
  httpHeaders: 'routing',
  resultType: true,
  serverRequests: 'input-rounds',
  streamCancellation: 'abort',
  brokenStream: 'reissue',
  emptyCursorContinues: true,
  logLevel: 'meta',
  resourceUpdates: 'listen',
  listChanges: 'listen',
  capabilities: { elicitation: true, elicitationModes: true, samplingTools: true, rootsListChanged: false, tasks: false, extensions: true },
};
