import { isObservable, of, type Observable } from 'rxjs';
import { McpError } from '../errors/mcp-error.js';
import type { Params } from '../session/types.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import type { CallEvent } from '../client/input-rounds.js';
import type { ToolCallOptions } from '../client/client-types.js';
import type { ToolHintsMap } from '../client/tool-hints.js';

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
  /**
   * The trusted hints by tool name, replayed (a client's and a group's `toolHints$`): what the adapters and the
   * loop go by when they are given no hints of their own. Optional.
   *
   * - **Temperature:** hot; replays the latest map to a new subscriber (each step of `agentLoop` takes the current
   *   one, and waits until there is one).
   * - **Emits:** the current map, then the map after every change (a tool without trusted hints is absent).
   * - **Completes:** when the source closes. **Errors:** never (an error would fail the step that reads it).
   * - **Teardown:** as `tools$`.
   */
  readonly toolHints$?: Observable<ToolHintsMap>;
}

export type { ToolHints, ToolHintsMap, ToolCallRequest, ToolCallApproval } from '../client/tool-hints.js';

/** Hints as a value or as a live stream of values (a client's `toolHints$`). */
export type ToolHintsInput = ToolHintsMap | Observable<ToolHintsMap>;

const EMPTY_HINTS: ToolHintsMap = new Map();

/** The hints input as a stream: the given hints, else the source's own `toolHints$`, else an empty map. */
export function hintsStream(hints: ToolHintsInput | undefined, source?: Pick<ToolSource, 'toolHints$'>): Observable<ToolHintsMap> {
  if (hints === undefined) return source?.toolHints$ ?? of(EMPTY_HINTS);
  return isObservable(hints) ? hints : of(hints);
}

/** True for an error that means "the approval step refused this call", from any copy of rxmcp. */
export function isToolCallDenied(error: unknown): boolean {
  return McpError.hasKind(error, 'ToolCallDeniedError');
}
