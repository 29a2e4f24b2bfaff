import { isObservable, of, type Observable, type ObservableInput } from 'rxjs';
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
  readonly items: readonly Tool[] | undefined;
  readonly stale: boolean;
  readonly refreshing: boolean;
  readonly error?: unknown;
}

/**
 * Anything that offers a live tool list and calls tools: an rxmcp `Client` fits as it is, and so does a group of
 * clients with a merged `tools$`. `callTool` must be cold, and unsubscribing it must cancel the call.
 */
export interface ToolSource {
  /** The current tool list, replayed, re-emitted after every change. */
  readonly tools$: Observable<readonly Tool[]>;
  /** Whether a change was announced and not loaded yet; lets a loop wait for the list to settle. Optional. */
  readonly toolsState$?: Observable<ToolListState>;
  callTool(name: string, args?: Params, options?: ToolCallOptions): Observable<CallToolResult>;
  /** Progress and input rounds before the result; used instead of `callTool` when present. */
  callToolEvents?(name: string, args?: Params, options?: ToolCallOptions): Observable<CallEvent<CallToolResult>>;
  /**
   * The trusted hints by tool name, replayed (a client's and a group's `toolHints$`): what the adapters and the
   * loop go by when they are given no hints of their own. Optional.
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
