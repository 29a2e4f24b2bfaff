import { isObservable, of, type Observable, type ObservableInput } from 'rxjs';
import { McpError } from '../errors/mcp-error.js';
import type { Params } from '../session/types.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import type { CallEvent } from '../client/input-rounds.js';
import type { ToolCallOptions } from '../client/client-types.js';

// What the agent glue needs from "something with tools": a client, a group of clients, or a test double. Kept
// structural so that anything with a live tool list and a cancellable call plugs in.

/** The freshness of a live tool list, as a client's `toolsState$` reports it. */
export interface ToolListState {
  /** The current tools; `undefined` until the list first loaded. */
  readonly items: readonly Tool[] | undefined;
  /** True when a change was announced (or a refresh failed) and `items` may be out of date. */
  readonly stale: boolean;
  /** True while the list is being fetched. */
  readonly refreshing: boolean;
  /** Why the last refresh failed, if it did (`items` are the last good ones). */
  readonly error?: unknown;
}

/**
 * Anything that offers a live tool list and calls tools: an rxmcp `Client` fits as it is, and so does a group of
 * clients with a merged `tools$`. `callTool` must be cold, and unsubscribing it must cancel the call.
 */
export interface ToolSource {
  /**
   * The current tool list.
   *
   * - **Temperature:** hot; replays the latest list to a new subscriber.
   * - **Emits:** the current list, then the list after every change.
   * - **Completes:** when the source closes. **Errors:** when the list cannot be had (a client's listing error).
   * - **Teardown:** the source may stop following changes once nobody listens.
   */
  readonly tools$: Observable<readonly Tool[]>;
  /**
   * Whether a change was announced and not loaded yet; lets a loop wait for the list to settle. Optional.
   *
   * - **Temperature:** hot; replays the latest state.
   * - **Emits:** the state, then every change of it (a failed refresh sets `error`, never an empty list).
   * - **Completes:** when the source closes. **Errors:** never (failures are in the state).
   * - **Teardown:** as `tools$`.
   */
  readonly toolsState$?: Observable<ToolListState>;
  /**
   * Calls a tool.
   *
   * - **Temperature:** cold; each subscription calls once.
   * - **Emits:** the tool's result once (a result with `isError` is a result).
   * - **Completes:** after the result.
   * - **Errors:** when the call fails (protocol error, timeout, transport failure, denied approval).
   * - **Teardown:** cancels the call on the wire.
   */
  callTool(name: string, args?: Params, options?: ToolCallOptions): Observable<CallToolResult>;
  /**
   * Calls a tool and reports progress and input rounds before the result; used instead of `callTool` when present.
   *
   * - **Temperature:** cold; each subscription calls once.
   * - **Emits:** `progress` and `input-required` events, then one `result` event.
   * - **Completes:** after the result.
   * - **Errors:** as `callTool`.
   * - **Teardown:** cancels the call on the wire.
   */
  callToolEvents?(name: string, args?: Params, options?: ToolCallOptions): Observable<CallEvent<CallToolResult>>;
}

/** Trusted behaviour hints of one tool (empty unless the client trusts the server's annotations). */
export interface ToolHints {
  /** The tool does not change its environment. */
  readonly readOnlyHint?: boolean;
  /** The tool may destroy or overwrite data (meaningful when not read-only). */
  readonly destructiveHint?: boolean;
  /** Calling it again with the same arguments does nothing more (meaningful when not read-only). */
  readonly idempotentHint?: boolean;
  /** The tool reaches outside systems (the web, other services). */
  readonly openWorldHint?: boolean;
}

/** Trusted hints by tool name. */
export type ToolHintsMap = ReadonlyMap<string, ToolHints>;

/** Hints as a value or as a live stream of values (a client's `toolHints$`). */
export type ToolHintsInput = ToolHintsMap | Observable<ToolHintsMap>;

/** A tool call the model asked for, as an approval policy sees it. */
export interface ToolCallRequest {
  /** The MCP tool name (never the provider's sanitised alias). */
  readonly name: string;
  /** The arguments the model gave. */
  readonly arguments: Params;
  /** The tool's definition, when it is in the current list. */
  readonly tool?: Tool;
}

/**
 * Decides whether a tool call may be sent: `true` sends it, `false` answers the model that the user denied it.
 * Runs before anything is sent; may ask a person (Promise or Observable, first value counts).
 */
export type ToolCallApproval = (call: ToolCallRequest, hints: ToolHints | undefined) => boolean | ObservableInput<boolean>;

const EMPTY_HINTS: ToolHintsMap = new Map();

/** The hints input as a stream (an absent one is an empty map). */
export function hintsStream(hints: ToolHintsInput | undefined): Observable<ToolHintsMap> {
  if (hints === undefined) return of(EMPTY_HINTS);
  return isObservable(hints) ? hints : of(hints);
}

/** True for an error that means "the approval step refused this call", from any copy of rxmcp. */
export function isToolCallDenied(error: unknown): boolean {
  return McpError.hasKind(error, 'ToolCallDeniedError');
}
