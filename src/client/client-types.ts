import type { Observable } from 'rxjs';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { CompleteRequestParams, CompleteResult } from '../protocol/model/completion.js';
import type { DiscoverResult } from '../protocol/model/lifecycle.js';
import type { GetPromptResult, ListPromptsResult, Prompt } from '../protocol/model/prompts.js';
import type { ListResourcesResult, ListResourceTemplatesResult, ReadResourceResult, Resource, ResourceTemplate } from '../protocol/model/resources.js';
import type { CallToolResult, ListToolsResult, Tool } from '../protocol/model/tools.js';
import type { Diagnostic, Params, Session } from '../session/types.js';
import type { CallOptions } from './envelope.js';
import type { CallEvent } from './input-rounds.js';
import type { LiveState } from './live/live-state.js';
import type { TaskVerbs } from './tasks/types.js';
import type { ServerSession } from './types.js';

/** Options of `callTool`. */
export interface ToolCallOptions extends CallOptions {
  /**
   * The call is safe to repeat: when the server loses the session (HTTP 404) mid-call, it is repeated on the new
   * session instead of failing with `SessionLostError`. Read-only tools are repeated too when the client trusts
   * the server's annotations (`trustToolAnnotations`).
   */
  readonly idempotent?: boolean;
}

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
export interface Client extends LiveState, TaskVerbs {
  /** The session underneath: `notifications$`, `state$`, `frames$` for dashboards and logs. */
  readonly session: Session;
  /** The negotiated server of the current connection; hot, replays the latest; `undefined` until negotiated. */
  readonly server$: Observable<ServerSession | undefined>;
  readonly server: ServerSession | undefined;
  /** Session diagnostics plus the client's own (tools dropped for invalid `x-mcp-header` annotations). Hot. */
  readonly diagnostics$: Observable<Diagnostic>;
  /** Negotiates now (if not yet done on this connection). Emits the negotiated server once. */
  connect(): Observable<ServerSession>;
  /** `server/discover` (2026-07-28). */
  discover(options?: CallOptions): Observable<DiscoverResult>;
  /** `ping` (legacy revisions). Emits nothing; completes when the server answered. */
  ping(options?: CallOptions): Observable<never>;
  /** Every tool, walking all pages (page cap and cursor-loop guard: `PaginationError`). */
  listTools(options?: CallOptions): Observable<readonly Tool[]>;
  /** One page of `tools/list`, for UIs that page themselves. */
  listToolsPage(cursor?: string, options?: CallOptions): Observable<ListToolsResult>;
  /** Calls a tool. 2026-07-28 input requests are fulfilled through the handlers and the call retried. */
  callTool(name: string, args?: Params, options?: ToolCallOptions): Observable<CallToolResult>;
  /** Like `callTool`, emitting progress and `input-required` events before the `result` event. */
  callToolEvents(name: string, args?: Params, options?: ToolCallOptions): Observable<CallEvent<CallToolResult>>;
  listResources(options?: CallOptions): Observable<readonly Resource[]>;
  listResourcesPage(cursor?: string, options?: CallOptions): Observable<ListResourcesResult>;
  listResourceTemplates(options?: CallOptions): Observable<readonly ResourceTemplate[]>;
  listResourceTemplatesPage(cursor?: string, options?: CallOptions): Observable<ListResourceTemplatesResult>;
  /** Reads a resource; a missing one errors with `ResourceNotFoundError`. */
  readResource(uri: string, options?: CallOptions): Observable<ReadResourceResult>;
  readResourceEvents(uri: string, options?: CallOptions): Observable<CallEvent<ReadResourceResult>>;
  listPrompts(options?: CallOptions): Observable<readonly Prompt[]>;
  listPromptsPage(cursor?: string, options?: CallOptions): Observable<ListPromptsResult>;
  getPrompt(name: string, args?: Readonly<Record<string, string>>, options?: CallOptions): Observable<GetPromptResult>;
  getPromptEvents(name: string, args?: Readonly<Record<string, string>>, options?: CallOptions): Observable<CallEvent<GetPromptResult>>;
  /** `completion/complete`. */
  complete(params: CompleteRequestParams, options?: CallOptions): Observable<CompleteResult>;
  /**
   * Sets the server's log level: `logging/setLevel` in the legacy revisions; on 2026-07-28 the level travels
   * with every later request and nothing is sent now. Emits nothing; completes when done.
   */
  setLoggingLevel(level: LoggingLevel, options?: CallOptions): Observable<never>;
  /** Tells a legacy server that the roots changed (`notifications/roots/list_changed`). Completes once sent. */
  notifyRootsChanged(): Observable<never>;
  /**
   * Sends a request of an extension (or any method rxmcp has no verb for) with what the negotiated revision puts on
   * every request (`_meta`, headers); the result is not decoded. Core MCP methods fail with
   * `UnsupportedMethodError`: use their verbs. Contract as the verbs.
   */
  request<R = Readonly<Record<string, unknown>>>(method: string, params?: Params, options?: CallOptions): Observable<R>;
  /** Closes the connection and the client for good. */
  close(): void;
}
