import { McpError, type McpErrorOptions } from '../errors/mcp-error.js';

/** What a group could not do. */
export type ClientGroupFailure =
  /** No server of the group has a tool, prompt or resource by that name or URI (after every list loaded). */
  | 'unknown-tool'
  | 'unknown-prompt'
  | 'unknown-resource'
  /** Several servers list the resource: name one with `{ server }`. */
  | 'ambiguous-resource'
  /** No server of that name is in the group. */
  | 'unknown-server'
  /** A server name is taken or empty. */
  | 'invalid-server'
  /** The group was closed. */
  | 'closed';

/** Options of `ClientGroupError`. */
export interface ClientGroupErrorOptions extends McpErrorOptions {
  /** What the group could not do. */
  readonly reason: ClientGroupFailure;
  /** The servers concerned (the candidates of an ambiguous resource, the server named). */
  readonly servers?: readonly string[];
}

/** A group call could not be routed, or a member could not be added (the message names the name and the servers). */
export class ClientGroupError extends McpError {
  static override readonly kind: string = 'ClientGroupError';
  /** What the group could not do (see `ClientGroupFailure`). */
  readonly reason: ClientGroupFailure;
  /**
   * The servers concerned: the candidates of an ambiguous resource, the server named (an unknown one, a name that
   * is taken, a server added after `close()`), every server of the group when a name or URI is not found; empty
   * when none is.
   */
  readonly servers: readonly string[];

  constructor(message: string, options: ClientGroupErrorOptions) {
    super('group', message, options);
    this.reason = options.reason;
    this.servers = options.servers ?? [];
  }
}
