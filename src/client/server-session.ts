import type { ServerCapabilities } from '../protocol/model/capabilities.js';
import type { Implementation } from '../protocol/model/metadata.js';
import type { ProtocolEra, ProtocolVersion } from '../protocol/versions.js';

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
  /**
   * True when the client joined a session another client negotiated (`ClientOptions.joinSession`): nothing was asked
   * of the server, which is taken to be as that option describes.
   */
  readonly joined?: boolean;
}
