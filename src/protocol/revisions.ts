import type { MethodTable } from './method-spec.js';
import { LEGACY_METHODS } from './rev-2025-11-25/methods.js';
import { buildSchemas as buildLegacySchemas } from './rev-2025-11-25/schemas.js';
import { METHODS_2026_07_28 } from './rev-2026-07-28/methods.js';
import { buildSchemas as buildModernSchemas } from './rev-2026-07-28/schemas.js';
import type { RevisionSchemas } from './schema-types.js';
import type { LegacyProtocolVersion, ProtocolEra, ProtocolVersion } from './versions.js';

/**
 * What one revision says about how a client talks to a server, as data. Everything that differs between
 * revisions and is not a method or a schema is here, so that code asks "does this revision carry per-request
 * `_meta`?" instead of "is this 2026-07-28?", and a new revision is one entry plus its schema folder.
 */
export interface Revision {
  readonly version: ProtocolVersion;
  readonly era: ProtocolEra;
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
  readonly methods: MethodTable;
  /** The revision's schemas, built on first use. */
  schemas(): RevisionSchemas;
}

function legacy(version: LegacyProtocolVersion, traits: { httpHeaders: 'none' | 'version'; elicitation: boolean; latest: boolean }): Revision {
  return {
    version,
    era: 'legacy',
    handshake: 'initialize',
    requestMeta: false,
    httpHeaders: traits.httpHeaders,
    resultType: false,
    serverRequests: 'jsonrpc',
    streamCancellation: 'notification',
    brokenStream: 'resume',
    emptyCursorContinues: false,
    logLevel: 'request',
    resourceUpdates: 'subscribe',
    listChanges: 'connection',
    capabilities: {
      elicitation: traits.elicitation,
      elicitationModes: traits.latest,
      samplingTools: traits.latest,
      rootsListChanged: true,
      tasks: traits.latest,
      extensions: false,
    },
    methods: LEGACY_METHODS[version],
    schemas: () => buildLegacySchemas(version),
  };
}

const REVISIONS: Readonly<Record<ProtocolVersion, Revision>> = {
  '2026-07-28': {
    version: '2026-07-28',
    era: 'modern',
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
    methods: METHODS_2026_07_28,
    schemas: buildModernSchemas,
  },
  '2025-11-25': legacy('2025-11-25', { httpHeaders: 'version', elicitation: true, latest: true }),
  '2025-06-18': legacy('2025-06-18', { httpHeaders: 'version', elicitation: true, latest: false }),
  '2025-03-26': legacy('2025-03-26', { httpHeaders: 'none', elicitation: false, latest: false }),
  '2024-11-05': legacy('2024-11-05', { httpHeaders: 'none', elicitation: false, latest: false }),
};

/** The registry entry of a revision rxmcp speaks. */
export function revisionOf(version: ProtocolVersion): Revision {
  return REVISIONS[version];
}
