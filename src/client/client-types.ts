import type { Observable } from 'rxjs';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { CallToolResult } from '../protocol/model/tools.js';
import type { Diagnostic, Params, Session } from '../session/types.js';
import type { CallOptions } from './envelope.js';
import type { CallEvent } from './input-rounds.js';
import type { LiveState } from './live/live-state.js';
import type { TaskVerbs } from './tasks/types.js';
import type { CloseOptions, ServerSession } from './types.js';
import type { NotificationCallback } from './callbacks.js';
import type { HealthCheckOptions, HealthReport } from './health.js';
import type { ToolHintsMap } from './tool-hints.js';
import type { ClientTableVerbs } from './verb-table.js';

export type { ToolCallOptions } from './envelope.js';
import type { ToolCallOptions } from './envelope.js';

/**
 * An MCP client. Every verb is a **cold** Observable: nothing is sent until it is subscribed, each subscription is
 * one call, and unsubscribing before the answer cancels the request on the wire (`notifications/cancelled`, or
 * closing the request's HTTP stream on 2026-07-28 Streamable HTTP); unsubscribing never errors. The first call on
 * a connection negotiates the protocol revision first.
 *
 * Unless stated otherwise, a verb **emits** its decoded result once and **completes** after it. It **errors**
 * with `UnsupportedMethodError` (sent nothing: the revision or the server's capabilities lack the method),
 * `RpcError` and its subclasses (the server's error), `SchemaError` (the result does not fit the revision's
 * schema), `RequestTimeoutError`, `ConnectionClosedError`, `TransportError`, `NegotiationError` (no common
 * revision) and `SessionLostError` (the server lost the session during a call that is not safe to repeat).
 */
export interface Client extends ClientTableVerbs, LiveState, TaskVerbs {
  /** The session underneath: `notifications$`, `state$`, `frames$` for dashboards and logs. */
  readonly session: Session;
  /**
   * The negotiated server of the current connection; `undefined` until negotiated.
   *
   * - **Temperature:** hot, replaying the latest value. **Emits:** `undefined`, then the server of each negotiation.
   * - **Completes:** after `close()`. **Errors:** never. **Teardown:** stops listening.
   */
  readonly server$: Observable<ServerSession | undefined>;
  /** The negotiated server of the current connection, `undefined` until negotiated (`server$`'s latest value). */
  readonly server: ServerSession | undefined;
  /**
   * Session diagnostics plus the client's own (tools dropped for invalid `x-mcp-header` annotations).
   *
   * - **Temperature:** hot. **Emits:** each diagnostic as it happens.
   * - **Completes:** after `close()`. **Errors:** never. **Teardown:** stops listening.
   */
  readonly diagnostics$: Observable<Diagnostic>;
  /**
   * Negotiates now (if not yet done on this connection).
   *
   * - **Temperature:** cold; negotiation is shared: a connection negotiates once, whoever asks.
   * - **Emits:** the negotiated server, once. **Completes:** after it.
   * - **Errors:** `NegotiationError` (no common revision), `TransportError`, `ConnectTimeoutError`, `RequestTimeoutError`.
   * - **Teardown:** stops waiting (a negotiation other calls wait for goes on).
   */
  connect(): Observable<ServerSession>;
  /**
   * Calls a tool. 2026-07-28 input requests are fulfilled through the handlers and the call retried.
   *
   * - **Temperature:** cold; each subscription is one call (its input rounds included).
   * - **Emits:** the result, once (a result with `isError` is a result). **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`); `InputRequiredError` past `maxInputRounds`.
   * - **Teardown:** before the answer, cancels the request on the wire.
   * @example
   * ```ts
   * const subscription = client.callTool('search', { query: 'rxjs' }).subscribe({
   *   next: (result) => console.log(result.isError ? 'the tool failed' : result.content),
   *   error: (error) => console.error(`no result: ${error.message}`),
   * });
   * subscription.unsubscribe(); // before the answer: cancels the call on the wire
   * ```
   */
  callTool(name: string, args?: Params, options?: ToolCallOptions): Observable<CallToolResult>;
  /**
   * Like `callTool`, emitting progress and `input-required` events before the `result` event.
   *
   * - **Temperature:** cold; each subscription is one call.
   * - **Emits:** `progress` and `input-required` events, then one `result` event. **Completes:** after the result.
   * - **Errors:** as `callTool`.
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  callToolEvents(name: string, args?: Params, options?: ToolCallOptions): Observable<CallEvent<CallToolResult>>;
  /**
   * Sets the server's log level: `logging/setLevel` in the legacy revisions; on 2026-07-28 the level travels
   * with every later request and nothing is sent now.
   *
   * - **Temperature:** cold; each subscription sets the level once.
   * - **Emits:** nothing. **Completes:** when done (legacy: when the server answered; 2026-07-28: at once).
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  setLoggingLevel(level: LoggingLevel, options?: CallOptions): Observable<never>;
  /**
   * Tells a legacy server that the roots changed (`notifications/roots/list_changed`).
   *
   * - **Temperature:** cold; each subscription negotiates if needed, then sends one notification.
   * - **Emits:** nothing. **Completes:** once the notification is handed to the transport.
   * - **Errors:** `UnsupportedMethodError` when the revision has no such notification (2026-07-28), the negotiation's errors.
   * - **Teardown:** nothing to undo.
   */
  notifyRootsChanged(): Observable<never>;
  /**
   * Sends a request of an extension (or any method rxmcp has no verb for) with what the negotiated revision puts on
   * every request (`_meta`, headers); the result is not decoded. Core MCP methods fail with
   * `UnsupportedMethodError`: use their verbs.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the result payload as it came, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  request<R = Readonly<Record<string, unknown>>>(method: string, params?: Params, options?: CallOptions): Observable<R>;
  /**
   * The trusted hints of every tool as of the last successful listing (`ReadonlyMap` of name to `ToolHints`): empty
   * before the first listing, empty again as soon as a listing fails and after `close()`, and always empty for a
   * client that does not trust the server's annotations (`trustToolAnnotations`), so the defaults are in force.
   * **Temperature:** hot, replaying the current map. **Emits:** the map after each listing (and when it empties).
   * **Completes:** after `close()`. **Errors:** never. **Teardown:** none beyond unsubscribing.
   */
  readonly toolHints$: Observable<ToolHintsMap>;
  /** The current value of `toolHints$`. */
  toolHints(): ToolHintsMap;
  /**
   * Checks the server's health: the transport's own check, then a protocol round trip (`ping`, or
   * `server/discover` where there is no `ping`) within `options.timeoutMs` (default 5000, connecting included).
   * **Temperature:** cold. **Emits:** one `HealthReport`. **Completes:** after it. **Errors:** never (an unhealthy
   * server is a report with `healthy: false` and `error`). **Teardown:** cancels the round trip.
   */
  checkHealth(options?: HealthCheckOptions): Observable<HealthReport>;
  /**
   * Calls `callback` with each notification of `method` (`'*'`: every notification) until the returned function is
   * called; a callback that throws is reported on `diagnostics$`. Passive: it opens no connection.
   */
  on(method: string, callback: NotificationCallback): () => void;
  /**
   * Closes the connection and the client for good: calls still waiting error with `ConnectionClosedError`; a call
   * whose result is being delivered (`close()` called in the handler of it) completes. With `keepSession`, the
   * server's session stays open for another client to join (`ClientOptions.joinSession`).
   */
  close(options?: CloseOptions): void;
}
