import type { Observable } from 'rxjs';
import type { ConnectionEnd, Params } from '../../session/types.js';
import type { CallOptions } from '../envelope.js';
import type { CallEvent } from '../call-event.js';
import type { ServerSession } from '../server-session.js';

/** The connection a call goes on, as a link sees it. */
export interface CallConnection {
  /** 1 for the client's first connection, 2 for the next, ... */
  readonly id: number;
  /**
   * The negotiated server; `undefined` for the requests of the negotiation itself (`initialize`,
   * `server/discover` while probing), which go through the links before anything is agreed.
   */
  readonly server: ServerSession | undefined;
  /** The kind of transport it runs on: `stdio`, `streamable-http`, `http`, `legacy-sse`, `websocket`, ... */
  readonly transport: string;
  /** The session id the server issued on it (Streamable HTTP's `Mcp-Session-Id`, before 2026-07-28), once it did. */
  readonly sessionId: string | undefined;
  /** When it was opened, in scheduler time (`asyncScheduler.now()`, in ms). */
  readonly openedAt: number;
  /**
   * How it ended.
   * - **Temperature:** hot, replaying its value. **Emits:** the `ConnectionEnd` once. **Completes:** right after.
   * - **Errors:** never. **Teardown:** none.
   */
  readonly ended$: Observable<ConnectionEnd>;
}

/**
 * One request on its way to the server, as every link of the chain sees it. Links never change it in place: a link
 * that rewrites the call hands a new object to `next` (`{ ...call, params }`).
 */
export interface McpCall {
  /** The JSON-RPC method, e.g. `tools/call`. */
  readonly method: string;
  /** The params the caller gave (without the revision's `_meta`, which the wire adds from `options`). */
  readonly params: Params | undefined;
  /** The caller's per-call options: limits, progress, trace context, extra `_meta`, the called tool, ... */
  readonly options: CallOptions;
  /** The connection the call is sent on. */
  readonly connection: CallConnection;
  /**
   * True when sending the call again cannot do harm: every method but `tools/call`, and a tool call whose caller
   * said so (`idempotent`) or whose trusted hints say so.
   */
  readonly safe: boolean;
}

/** The rest of the chain after a link: sends `call` on, and returns its events. */
export type LinkNext = (call: McpCall) => Observable<CallEvent<unknown>>;

/**
 * Behaviour around every request the client sends, in the manner of tRPC links and Angular's functional
 * interceptors: a function of the call and the rest of the chain, returning the call's events (progress, input
 * rounds, then one `result` event: the same events `callToolEvents` emits).
 *
 * A link may observe (tap the events), rewrite (call `next` with a changed call: params, `options.meta`), answer
 * by itself (return an Observable of a `result` event without calling `next`), or retry (subscribe to `next(call)`
 * again). It must return a cold Observable: unsubscribing it must unsubscribe what it subscribed, so that
 * cancellation reaches the wire.
 *
 * - **Temperature:** cold: nothing is sent until the returned Observable is subscribed.
 * - **Emits:** the call's events, ending with one `{ type: 'result', result }`.
 * - **Completes:** after the result.
 * - **Errors:** with the call's error, or one of the link's own.
 * - **Teardown:** unsubscribes `next(call)`, which cancels the request on the wire.
 *
 * @example
 * ```ts
 * import { tap } from 'rxjs';
 * import { createClient, type Link } from 'rxmcp';
 *
 * const logging: Link = (call, next) => {
 *   const started = Date.now();
 *   return next(call).pipe(tap({
 *     complete: () => console.log(`${call.method} took ${Date.now() - started} ms`),
 *     error: (error) => console.log(`${call.method} failed: ${error.message}`),
 *   }));
 * };
 * const client = createClient(transport, { links: [logging] });
 * ```
 */
export type Link = (call: McpCall, next: LinkNext) => Observable<CallEvent<unknown>>;
