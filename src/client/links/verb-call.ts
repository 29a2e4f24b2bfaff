import type { Params } from '../../session/types.js';
import type { ToolCallOptions } from '../envelope.js';
import type { ClientConnection } from '../client-connection.js';
import type { LinkOf } from './chain.js';

/**
 * A call as the client's own links see it, above the connection: the verbs' recoveries that may move a call to
 * another connection (a lost session) or repeat it after listing again. `ready` is the connection once the connect
 * link chose one; a call made on a given connection carries it from the start.
 */
export interface VerbCall {
  readonly method: string;
  readonly params: Params | undefined;
  readonly options: ToolCallOptions;
  /** True when sending the call again cannot do harm (see `McpCall.safe`). */
  readonly safe: boolean;
  /** The negotiated connection the call goes on, once chosen. */
  readonly ready?: ClientConnection;
}

/** A link of the client's chain above the connection. */
export type VerbLink = LinkOf<VerbCall>;
